// Runs the app's start-up hook (instrumentation.ts) the way Next.js does in `next start`: an error
// thrown by it is logged and the server goes on to serve. Prints "serving" when it got that far.
// Run with --conditions=react-server so the "server-only" marker resolves to its server build.
process.env.NEXT_RUNTIME = "nodejs";
const { register } = await import("../../instrumentation");
try {
  await register();
} catch (err) {
  console.error("instrumentation hook failed:", err);
}
console.log("serving");
process.exit(0);

export {};
