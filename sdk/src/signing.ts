/**
 * ACS-HMAC, as the service verifies it (lib/http/auth.ts, docs/contract.md#authentication), with Web Crypto only, so
 * the SDK runs in Node, in browsers' workers and at the edge alike:
 *
 *   Authorization: ACS-HMAC {AppKey}:base64(HMAC-SHA256(UTF-8 AppSecret, UTF-8 Canonical))
 *   Canonical = METHOD \n Digest-or-empty \n Date-or-empty \n x-acs-* headers (sorted) \n path+query
 *
 * The time goes in X-ACS-Date (a browser may not set Date) and a random X-ACS-Nonce makes every
 * signature unique, since the service accepts each signature once.
 */

const encoder = new TextEncoder();

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = "";
  for (let start = 0; start < view.length; start += 0x8000) binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  return btoa(binary);
}

export async function hmacSha256(secret: string, message: string | Uint8Array): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const data = typeof message === "string" ? encoder.encode(message) : message;
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, data as Uint8Array<ArrayBuffer>));
}

export function canonicalString(method: string, pathAndQuery: string, headers: Headers): string {
  const acs = [...headers.entries()]
    .filter(([name]) => name.startsWith("x-acs-"))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value.trim()}`);
  return [method.toUpperCase(), headers.get("digest") ?? "", headers.get("date") ?? "", ...acs, pathAndQuery].join("\n");
}

function nonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(12))).replace(/[+/=]/g, "");
}

/** Adds X-ACS-Date, X-ACS-Nonce, Digest (when there is a body) and Authorization to the request. */
export async function signRequest(request: Request, appKey: string, appSecret: string, now = new Date()): Promise<Request> {
  const body = new Uint8Array(await request.clone().arrayBuffer());
  request.headers.set("X-ACS-Date", now.toUTCString());
  request.headers.set("X-ACS-Nonce", nonce());
  if (body.length > 0) request.headers.set("Digest", `sha-256=${toBase64(await crypto.subtle.digest("SHA-256", body))}`);
  const url = new URL(request.url);
  const canonical = canonicalString(request.method, url.pathname + url.search, request.headers);
  request.headers.set("Authorization", `ACS-HMAC ${appKey}:${toBase64(await hmacSha256(appSecret, canonical))}`);
  return request;
}
