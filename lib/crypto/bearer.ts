import { timingSafeEqual } from "node:crypto";

/**
 * What an `Authorization` header holds against the expected Bearer token: `missing` when it is not a
 * Bearer header, `wrong` when its token differs (compared in constant time), `ok` otherwise.
 */
export function checkBearerToken(header: string | null | undefined, token: string): "missing" | "wrong" | "ok" {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) return "missing";
  const sent = Buffer.from(match[1] as string, "utf8");
  const expected = Buffer.from(token, "utf8");
  return sent.length === expected.length && timingSafeEqual(sent, expected) ? "ok" : "wrong";
}
