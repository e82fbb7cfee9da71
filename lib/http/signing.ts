import { createHash, createHmac, randomBytes } from "node:crypto";

/** ACS-HMAC request signing (docs/contract.md#authentication). Shared by the service, the CLI helper and the Panel. */

export type SignableRequest = {
  method: string;
  /** Path and query exactly as sent, e.g. /v3/marcas?q=fer */
  pathAndQuery: string;
  headers: Record<string, string | undefined>;
};

export function canonicalString({ method, pathAndQuery, headers }: SignableRequest): string {
  const lower = new Map(
    Object.entries(headers)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => [name.trim().toLowerCase(), value.trim()]),
  );
  const acsHeaders = [...lower.entries()]
    .filter(([name]) => name.startsWith("x-acs-"))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value}`);
  return [method.toUpperCase(), lower.get("digest") ?? "", lower.get("date") ?? "", ...acsHeaders, pathAndQuery].join("\n");
}

export function signCanonical(secret: string, canonical: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(canonical, "utf8").digest("base64");
}

export function sha256Digest(body: Uint8Array | string): string {
  return `sha-256=${createHash("sha256").update(body).digest("base64")}`;
}

/**
 * Headers to add to a request so the service accepts it. Date has a one-second resolution, so two
 * identical requests in the same second would share a signature and the second would be refused as
 * a replay: a random X-ACS-Nonce (signed like every x-acs- header) keeps each signature unique.
 */
export function signRequest(input: {
  method: string;
  pathAndQuery: string;
  appKey: string;
  appSecret: string;
  body?: string | Uint8Array;
  now?: Date;
  headers?: Record<string, string>;
  nonce?: string | false;
}): Record<string, string> {
  const headers: Record<string, string> = {
    ...input.headers,
    Date: (input.now ?? new Date()).toUTCString(),
  };
  const nonce = input.nonce ?? randomBytes(12).toString("base64url");
  if (nonce) headers["X-ACS-Nonce"] = nonce;
  if (input.body !== undefined && input.body.length > 0) headers.Digest = sha256Digest(input.body);
  const canonical = canonicalString({ method: input.method, pathAndQuery: input.pathAndQuery, headers });
  headers.Authorization = `ACS-HMAC ${input.appKey}:${signCanonical(input.appSecret, canonical)}`;
  return headers;
}
