import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The engine and DB layer use Node APIs; keep these packages out of the bundle.
  serverExternalPackages: ["pg", "@electric-sql/pglite", "@electric-sql/pglite-socket"],
  poweredByHeader: false,
  // `npm test` runs `tsc --noEmit` over the whole repo; skipping the duplicate check halves build time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
