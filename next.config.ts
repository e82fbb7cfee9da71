import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CSP, STATIC_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  serverExternalPackages: ["@electric-sql/pglite", "pg", "pino", "@node-rs/argon2"],
  poweredByHeader: false,
  // forbidden() answers 403 with app/(panel)/panel/forbidden.tsx when a role may not see a page.
  experimental: { authInterrupts: true },
  // Lets two builds live side by side (parallel work, CI next to a dev server); default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // `npm test` type-checks the whole project (tests included) with tsc --noEmit.
  typescript: { ignoreBuildErrors: true },
  // Security headers (docs/security.md): the fixed ones on every response, static files and errors
  // included; the signed API's strict CSP here, since proxy.ts leaves /v3 and /marketplace alone.
  // Every other response gets its CSP (with a per-request nonce on pages) and HSTS from proxy.ts.
  async headers() {
    const apiCsp = [{ key: "Content-Security-Policy", value: API_CSP }];
    return [
      { source: "/:path*", headers: STATIC_HEADERS },
      { source: "/v3", headers: apiCsp },
      { source: "/v3/:path*", headers: apiCsp },
      { source: "/marketplace/:path*", headers: apiCsp },
    ];
  },
};

// next-intl without i18n routing: the language is the Panel's cookie (lib/panel/i18n/request.ts). The
// messages are compiled at build time, so the browser gets no ICU parser (issue 8's first-load budget).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/panel/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

export default withNextIntl(nextConfig);
