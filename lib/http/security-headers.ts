/**
 * The security headers of every response (issue 9; docs/security.md explains each choice).
 *
 * - Pages get a Content-Security-Policy with a per-request nonce, set by proxy.ts on the request
 *   (Next reads `'nonce-…'` from the request's CSP header and puts it on its own scripts) and on
 *   the response. No inline script runs without the nonce: no 'unsafe-inline' for scripts.
 * - The API reference (/docs/api, Scalar) gets a policy of its own: no inline scripts either (its
 *   bootstrap is a served file), but Scalar injects <style> elements, so styles are 'unsafe-inline'.
 * - JSON and other non-HTML answers (/v3, /marketplace, /api/auth) get `default-src 'none'`.
 * - The headers that never change (nosniff, Referrer-Policy, Permissions-Policy, X-Frame-Options)
 *   come from next.config.ts for every path, static files and errors included.
 * - Strict-Transport-Security only when PUBLIC_BASE_URL is https, on every answer (scripts/start.ts;
 *   it needs the runtime configuration, which next.config.ts headers, fixed at build time, cannot read).
 *
 * No imports: next.config.ts loads this module too.
 */

export type PolicyOptions = { https: boolean; dev?: boolean };

const join = (directives: (string | false)[]) => directives.filter(Boolean).join("; ");

/** A fresh nonce: 128 random bits, base64 (the CSP nonce-source alphabet). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Next's built-in error pages (the default 404 and 403 of notFound()/forbidden() without a page of
 * ours, and the 500 fallback) carry a fixed <style> element without the nonce: allowed by hash, so
 * only that exact CSS. tests/api/headers.test.ts recomputes the 404's hash, so a Next upgrade that
 * changes it fails there first.
 */
export const NEXT_ERROR_STYLE_HASHES = [
  // next/dist/client/components/http-access-fallback/error-fallback.js (404, 403, 401)
  "'sha256-Z5XTK23DFuEMs0PwnyZDO9SWxemQ5HxcpVaBNuUJyWY='",
  // next/dist/client/components/builtin/error-styles.js errorThemeCss (500)
  "'sha256-Wwucq8eX2r0YFymkQhDXm5hN0+FfSvI3s4JSSaqa4iw='",
];

/**
 * The policy of the pages (Next's App Router). 'strict-dynamic' lets the nonce'd bootstrap load
 * Next's chunks; `style-src-attr 'unsafe-inline'` allows style="" attributes only (React's `style`
 * prop, e.g. a progress bar's width; the dev mailbox shows e-mails with inline styles), never
 * <style> elements without the nonce; images also from any https host (a listing's photos, decisions 0091). In development React needs eval (error overlays) and the
 * dev server injects styles without a nonce.
 */
export function pageCsp(nonce: string, { https, dev = false }: PolicyOptions): string {
  return join([
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}' ${NEXT_ERROR_STYLE_HASHES.join(" ")}`,
    "style-src-attr 'unsafe-inline'",
    // A listing's photos are on the partner's host: https ones load (docs/decisions/0091).
    "img-src 'self' https: data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The Panel's service worker (public/sw.js: the alerts' push, decision 0103).
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    https && "upgrade-insecure-requests",
  ]);
}

/** The policy of the API reference (Scalar, served from our origin by app/docs/api). */
export function apiReferenceCsp({ https }: PolicyOptions): string {
  return join([
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    https && "upgrade-insecure-requests",
  ]);
}

/** JSON, CSV, scripts: nothing in them may load, run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year; no includeSubDomains/preload: the operator's other hosts are not ours to decide. */
export const HSTS = "max-age=31536000";

export const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** Nothing of the Panel or the API uses these features: deny them to any frame or script. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()";

/** The headers that are the same on every response (next.config.ts sets them for every path). */
export const STATIC_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: REFERRER_POLICY },
  { key: "Permissions-Policy", value: PERMISSIONS_POLICY },
  // Legacy twin of frame-ancestors 'none', for browsers without CSP level 2.
  { key: "X-Frame-Options", value: "DENY" },
];

/** Paths whose answers are not HTML pages (machine APIs, next-auth's JSON, served scripts). */
export function isApiPath(pathname: string): boolean {
  return /^\/(?:v3|marketplace|api)(?:\/|$)/.test(pathname) || pathname.startsWith("/docs/api/");
}

export const isApiReferencePath = (pathname: string) => pathname === "/docs/api";
