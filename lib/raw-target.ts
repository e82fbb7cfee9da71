import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/**
 * The request target (path and query) exactly as the client sent it. Next rebuilds request.url and
 * re-encodes the query on the way (`%20` becomes `+`), but ACS-HMAC signs the bytes the client sent,
 * so our HTTP server stamps the raw target on each request. The stamp carries a per-process token:
 * a client cannot forge it, because the server overwrites the header and only it knows the token.
 */
export const RAW_TARGET_HEADER = "x-vitrina-raw-target";
/** The peer address of the connection, stamped the same way (a client cannot choose its own). */
export const CLIENT_ADDRESS_HEADER = "x-vitrina-client-address";
/** `1` when the request came straight from this machine, through no proxy (lib/client-address.ts). */
export const LOOPBACK_HEADER = "x-vitrina-loopback";

const holder = globalThis as typeof globalThis & { __vitrinaRawTargetToken?: string };

function token(): string {
  holder.__vitrinaRawTargetToken ??= randomBytes(16).toString("hex");
  return holder.__vitrinaRawTargetToken;
}

export function stampRequest(headers: IncomingHttpHeaders, target: string, clientAddress: string, loopback = false): void {
  headers[RAW_TARGET_HEADER] = `${token()} ${target}`;
  headers[CLIENT_ADDRESS_HEADER] = `${token()} ${clientAddress}`;
  headers[LOOPBACK_HEADER] = `${token()} ${loopback ? 1 : 0}`;
}

function stamped(headers: Headers, name: string): string | undefined {
  const stamp = headers.get(name);
  if (!stamp || !holder.__vitrinaRawTargetToken) return undefined;
  const separator = stamp.indexOf(" ");
  return stamp.slice(0, separator) === holder.__vitrinaRawTargetToken ? stamp.slice(separator + 1) : undefined;
}

export const rawTarget = (headers: Headers) => stamped(headers, RAW_TARGET_HEADER);
export const clientAddress = (headers: Headers) => stamped(headers, CLIENT_ADDRESS_HEADER);
export const isLoopbackRequest = (headers: Headers) => stamped(headers, LOOPBACK_HEADER) === "1";
