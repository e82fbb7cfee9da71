import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/**
 * The request target (path and query) exactly as the client sent it. Next rebuilds request.url and
 * re-encodes the query on the way (`%20` becomes `+`), but ACS-HMAC signs the bytes the client sent,
 * so our HTTP server stamps the raw target on each request. The stamp carries a per-process token:
 * a client cannot forge it, because the server overwrites the header and only it knows the token.
 */
export const RAW_TARGET_HEADER = "x-vitrina-raw-target";

const holder = globalThis as typeof globalThis & { __vitrinaRawTargetToken?: string };

function token(): string {
  holder.__vitrinaRawTargetToken ??= randomBytes(16).toString("hex");
  return holder.__vitrinaRawTargetToken;
}

export function stampRawTarget(headers: IncomingHttpHeaders, target: string): void {
  headers[RAW_TARGET_HEADER] = `${token()} ${target}`;
}

export function rawTarget(headers: Headers): string | undefined {
  const stamp = headers.get(RAW_TARGET_HEADER);
  if (!stamp || !holder.__vitrinaRawTargetToken) return undefined;
  const separator = stamp.indexOf(" ");
  return stamp.slice(0, separator) === holder.__vitrinaRawTargetToken ? stamp.slice(separator + 1) : undefined;
}
