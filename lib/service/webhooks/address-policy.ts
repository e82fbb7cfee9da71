import ipaddr from "ipaddr.js";

/**
 * Which resolved addresses a webhook may connect to (decisions §9, SSRF): only global unicast.
 * Loopback, private, link-local, CGNAT, multicast, reserved, unspecified, documentation, NAT64,
 * 6to4, Teredo and the cloud metadata endpoints are refused, IPv4-mapped IPv6 judged as IPv4.
 */

const METADATA = new Set(["169.254.169.254", "169.254.170.2", "100.100.100.200", "192.0.0.192", "fd00:ec2::254"]);
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** Why the address is refused, or undefined when it is a public unicast address. */
export function forbiddenAddressReason(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} no es una dirección IP`;
  const parsed = ipaddr.process(address);
  const normalized = parsed.toString();
  if (METADATA.has(normalized)) return `${normalized} es un servicio de metadatos de la nube`;
  const range = parsed.range();
  if (range !== "unicast") return `${normalized} pertenece a un rango no público (${range})`;
  if (parsed.kind() === "ipv6" && !parsed.match(GLOBAL_UNICAST_V6)) return `${normalized} no es una dirección IPv6 global`;
  return undefined;
}
