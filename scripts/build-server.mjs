// Compiles the app's HTTP server (scripts/server.ts and the lib/ code it imports) into one plain
// JavaScript file, dist/server.mjs, which scripts/start.ts runs with plain `node`: the production
// process then needs no TypeScript loader (tsx costs every process a thread and ~50 MB RSS).
// Packages stay external: `next` and the rest load from node_modules as they do under tsx.
// Run by `npm run build` after `next build`, and by scripts/start.ts when the file is stale.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

await build({
  absWorkingDir: root,
  entryPoints: [path.join(root, "scripts", "server.ts")],
  // scripts/start.ts runs this file; it resolves the app folder as `import.meta.dirname/..`, as
  // scripts/server.ts does.
  outfile: path.join(root, "dist", "server.mjs"),
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node22",
  logLevel: "warning",
});
