import { type NextRequest, NextResponse } from "next/server";
import { config as settings } from "@/lib/env";
import { API_CSP, apiReferenceCsp, createNonce, isApiPath, isApiReferencePath, pageCsp } from "@/lib/http/security-headers";
import { findInvitation } from "@/lib/service/agencias/find-invitation";

/**
 * Every request but the signed API and Next's static files passes here:
 *
 * - The Content-Security-Policy (lib/http/security-headers.ts). A page gets a fresh nonce: it goes
 *   in the request's CSP header, where Next finds it and puts it on its own scripts, and in the
 *   response's. Pages are rendered per request (the root layout reads the language cookie), so
 *   every page carries the nonce of its own response.
 * - The registration page of a used or expired invitation answers 410 (docs/contract.md#registration). A page
 *   cannot choose its status, so the proxy looks the token up and sets it; the page renders the message.
 *
 * /v3 and /marketplace are left out (no work added to the signed API's requests): their CSP and
 * the fixed headers come from next.config.ts. Strict-Transport-Security, on every answer behind
 * https, is set by our HTTP server (scripts/start.ts).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const https = settings().publicBaseUrl.startsWith("https://");
  const dev = process.env.NODE_ENV === "development";

  let response: NextResponse;
  if (isApiPath(pathname)) {
    response = NextResponse.next();
    response.headers.set("Content-Security-Policy", API_CSP);
  } else if (isApiReferencePath(pathname)) {
    response = NextResponse.next();
    response.headers.set("Content-Security-Policy", apiReferenceCsp({ https }));
  } else {
    const policy = pageCsp(createNonce(), { https, dev });
    const headers = new Headers(request.headers);
    headers.set("Content-Security-Policy", policy);
    response = NextResponse.next({ request: { headers }, status: await registrationStatus(request) });
    response.headers.set("Content-Security-Policy", policy);
  }
  return response;
}

/** 410 for the page of a used or expired invitation (GET /registro/:token), else undefined. */
async function registrationStatus(request: NextRequest): Promise<number | undefined> {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const match = /^\/registro\/([^/]+)$/.exec(request.nextUrl.pathname);
  if (!match) return undefined;
  let token: string;
  try {
    token = decodeURIComponent(match[1] ?? "");
  } catch {
    return undefined;
  }
  const invitation = await findInvitation(token);
  return invitation && invitation.estado !== "valida" ? 410 : undefined;
}

export const config = {
  matcher: ["/((?!_next/static/|_next/image|favicon\\.ico$|v3/|v3$|marketplace/|marketplace$).*)"],
};
