import "server-only";

const SAFE_METHODS = new Set(["GET", "HEAD"]);

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Whether a request to one of the Panel's route handlers may act: the CSRF guard of every mutation
 * (docs/security.md), on top of the SameSite=Lax session cookie. Reads always may. A mutation must
 * say it comes from the Panel's own pages: `Sec-Fetch-Site: same-origin` where the browser sends
 * it, else an `Origin` of this host; a mutation with neither (no browser page sends one without
 * them) is refused too.
 */
export function vieneDelPanel(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  return origin !== null && host !== null && hostOf(origin) === host;
}
