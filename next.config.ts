import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The engine and DB layer use Node APIs; keep these packages out of the bundle.
  serverExternalPackages: ["pg", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  poweredByHeader: false,
  experimental: {
    // Same limit as MAX_BODY_BYTES in lib/http/limits.ts; proxy.ts answers larger bodies with 413
    // before Next.js would (with a 500). Only the app's own origin may call server actions.
    serverActions: { bodySizeLimit: "1mb", allowedOrigins: [] },
  },
  // `npm test` runs `tsc --noEmit` over the whole repo; skipping the duplicate check halves build time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
