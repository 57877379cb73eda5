// Its own (empty) config: Next.js would otherwise use the app's next.config.ts in a parent folder.
export default {};
