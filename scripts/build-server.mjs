// Compiles the app's HTTP server (scripts/server.ts) and the start script (scripts/start.ts), with the
// lib/ code they import, into plain JavaScript: dist/server.mjs, which scripts/start.ts runs with
// plain `node`, so the serving process needs no TypeScript loader (under tsx the server idled at
// ~200 MB more RSS on Node.js 20 and ~50 MB more on 24, an esbuild service process included:
// bench/README.md "Server memory"); and
// dist/start.mjs, the Docker image's command, so no process of the image needs tsx.
// Packages stay external: `next` and the rest load from node_modules as they do under tsx.
// Run by `npm run build` after `next build`, and by scripts/start.ts when the files are stale.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

const { outputFiles } = await build({
  absWorkingDir: root,
  entryPoints: [path.join(root, "scripts", "server.ts"), path.join(root, "scripts", "start.ts")],
  // One folder below the app's, as scripts/ is: both find the app as `import.meta.dirname/..`.
  outdir: path.join(root, "dist"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node22",
  logLevel: "warning",
  write: false,
});
// Each file written beside its place and renamed over it: instances starting together (several
// `npm start` on one checkout) may each rebuild, and none may run a half-written file.
for (const file of outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
}
