import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

// Each request's language and messages: lib/i18n/request.ts.
// The catalogs are precompiled at build time, so the browser gets no ICU message parser (12 KB
// gzip of the chat page's JavaScript budget); messages are formatted the same way.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

const nextConfig: NextConfig = {
  // The engine and DB layer use Node APIs; keep these packages out of the bundle.
  serverExternalPackages: ["pg", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  poweredByHeader: false,
  // BENCH_FLOOR=1 (benchmark builds only) adds the floor route of bench/chat-stream.ts
  // (app/api/bench-floor/route.bench.ts); production builds never have it.
  pageExtensions:
    process.env.BENCH_FLOOR === "1" ? ["tsx", "ts", "jsx", "js", "bench.ts"] : ["tsx", "ts", "jsx", "js"],
  experimental: {
    // Same limit as MAX_BODY_BYTES in lib/http/limits.ts; proxy.ts answers larger bodies with 413
    // before Next.js would (with a 500). Only the app's own origin may call server actions.
    serverActions: { bodySizeLimit: "1mb", allowedOrigins: [] },
    // BENCH_NO_MINIFY=1 (profiling builds only): server chunks keep their function names, so a CPU
    // profile reads by name (bench/cpuprofile-summary.ts maps them to source files either way).
    ...(process.env.BENCH_NO_MINIFY === "1" ? { turbopackMinify: false } : {}),
  },
  // `npm test` runs `tsc --noEmit` over the whole repo; skipping the duplicate check halves build time.
  typescript: { ignoreBuildErrors: true },
};

export default withNextIntl(nextConfig);
