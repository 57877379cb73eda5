import type { NextConfig } from "next";

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
  },
  // `npm test` runs `tsc --noEmit` over the whole repo; skipping the duplicate check halves build time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
