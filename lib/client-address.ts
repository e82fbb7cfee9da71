import type { IncomingHttpHeaders } from "node:http";
import ipaddr from "ipaddr.js";

/**
 * The client address of a request: the connection's peer, or, when that peer is a proxy we trust
 * (TRUSTED_PROXIES), the right-most X-Forwarded-For entry that is not one of our proxies. Entries
 * left of it were written by whoever sent the request and are never believed. Addresses come back
 * in one canonical form (an IPv4-mapped IPv6 address as IPv4), so one client counts under one key.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type TrustedProxy = [Address, number];

/** An address in its plain written form (four decimal parts for IPv4), IPv4-mapped IPv6 as IPv4. */
function parseAddress(text: string): Address | undefined {
  const trimmed = text.trim();
  if (!ipaddr.IPv4.isValidFourPartDecimal(trimmed) && !ipaddr.IPv6.isValid(trimmed)) return undefined;
  return ipaddr.process(trimmed);
}

/** One TRUSTED_PROXIES entry, an address or a CIDR range; undefined when it is neither. */
export function parseTrustedProxy(entry: string): TrustedProxy | undefined {
  const [address, bits, ...rest] = entry.trim().split("/");
  const parsed = parseAddress(address ?? "");
  if (!parsed || rest.length > 0) return undefined;
  const max = parsed.kind() === "ipv4" ? 32 : 128;
  if (bits === undefined) return [parsed, max];
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return undefined;
  return [parsed, Number(bits)];
}

const isTrusted = (address: Address, proxies: readonly TrustedProxy[]) =>
  proxies.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));

/**
 * `peer`: the connection's remote address; `forwardedFor`: every X-Forwarded-For header as received.
 * Undefined when the peer is unknown.
 */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: readonly TrustedProxy[],
): string | undefined {
  const direct = parseAddress(peer ?? "");
  if (!direct) return undefined;
  let client = direct;
  const hops = [forwardedFor ?? []].flat().join(",").split(",").reverse();
  for (const hop of hops) {
    if (!isTrusted(client, proxies)) break;
    const previous = parseAddress(hop);
    // A trusted proxy wrote something that is no address: the proxy is the client we can name.
    if (!previous) break;
    client = previous;
  }
  return client.toString();
}

/**
 * The headers a proxy adds to a request it forwards, in the lower case Node gives them. A request from
 * loopback that carries any of them is not "straight from this machine": a proxy on this machine
 * forwards other machines' requests from loopback (decisions 0028, 0049, 0063). No maintained
 * package keeps such a list as data (request-ip, @supercharge/request-ip and ipware each hard-code
 * their own for reading a client address), so this is ours:
 */
export const FORWARDING_HEADERS = [
  // Standard: RFC 7239's Forwarded, RFC 9110's Via, RFC 8586's CDN-Loop.
  "forwarded",
  "via",
  "cdn-loop",
  // The X-Forwarded-* family (nginx, Apache, HAProxy, Caddy, Traefik, Envoy, cloud load balancers),
  // and two older spellings.
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-forwarded-server",
  "x-forwarded",
  "forwarded-for",
  // One client address, set by a proxy (nginx's X-Real-IP, …) or a CDN's edge or tunnel.
  "x-real-ip",
  "x-client-ip",
  "x-cluster-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
  "fly-client-ip",
] as const;

/**
 * Whether a request came straight from this machine: its peer is a loopback address and it carries
 * none of FORWARDING_HEADERS, whatever their values (an empty one too).
 */
export function isDirectLoopback(peer: string | undefined, headers: IncomingHttpHeaders): boolean {
  return parseAddress(peer ?? "")?.range() === "loopback" && FORWARDING_HEADERS.every((name) => headers[name] === undefined);
}
