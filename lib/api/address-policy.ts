import ipaddr from "ipaddr.js";

/**
 * Which addresses a webhook may reach (docs/contract.md#ssrf-guard): only global unicast. Loopback, private,
 * link-local, CGNAT, multicast, reserved, unspecified, documentation, NAT64, 6to4, Teredo and the
 * cloud metadata endpoints are refused, IPv4-mapped IPv6 judged as IPv4. The Callback's host is
 * checked when it is saved (a literal address, localhost) and every resolved address again when
 * connecting (lib/service/webhooks/guarded-agent.ts).
 */

const METADATA = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "192.0.0.192", "fd00:ec2::254"]);
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** What each of ipaddr.js's ranges is, in a partner's words; the range's name follows in parentheses. */
const RANGE_WORDS: Record<string, string> = {
  loopback: "es la de este mismo equipo",
  private: "es de una red privada",
  uniqueLocal: "es de una red privada",
  linkLocal: "es de enlace local",
  carrierGradeNat: "es de la red interna de un proveedor",
  unspecified: "no indica ningún equipo",
  multicast: "es de multidifusión",
  broadcast: "es de difusión",
};

/** Why the address is refused, or undefined when it is a public unicast address. */
export function forbiddenAddressReason(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} no es una dirección IP`;
  const parsed = ipaddr.process(address);
  const normalized = parsed.toString();
  if (METADATA.has(normalized)) return `${normalized} es un servicio de metadatos de la nube`;
  const range = parsed.range();
  if (range !== "unicast") return `${normalized} no es una dirección pública: ${RANGE_WORDS[range] ?? "está reservada"} (${range})`;
  if (parsed.kind() === "ipv6" && !parsed.match(GLOBAL_UNICAST_V6)) return `${normalized} no es una dirección IPv6 global`;
  return undefined;
}

/** localhost and its subdomains name this same machine (RFC 6761), whatever a resolver says. */
const isLocalhost = (host: string) => host === "localhost" || host.endsWith(".localhost");

/**
 * Why a Callback's host (as `new URL()` gives it: IPv4 in dotted decimal, IPv6 in brackets) is
 * refused when saving, or undefined: a literal address that is not public, or localhost. Other
 * names are judged when connecting, by what they resolve to then.
 */
export function forbiddenHostReason(hostname: string): string | undefined {
  const host = hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
  if (isLocalhost(host)) return `${hostname} es un nombre de este mismo equipo`;
  return ipaddr.isValid(host) ? forbiddenAddressReason(host) : undefined;
}
