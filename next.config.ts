import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "@node-rs/argon2"],
  poweredByHeader: false,
  // Lets two builds live side by side (parallel work, CI next to a dev server); default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks the whole project (tests included) with tsc --noEmit.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
