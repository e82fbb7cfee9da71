import "server-only";
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/**
 * Where an admin may point the workspace's connection from the Panel (decisions 0015). The server makes the
 * request, so a URL typed in the Panel must not reach the platform's own network (SSRF): it must be
 * the origin already saved, this server's own (PUBLIC_BASE_URL), or a host whose every address is
 * public unicast. The operator CLI (`panel workspace`) may set any URL.
 */

const UNICAST_GLOBAL_V6 = ipaddr.parseCIDR("2000::/3");

/** A public unicast address: no loopback, private, link-local (cloud metadata), CGNAT, reserved… IPv4-mapped judged as IPv4. */
export function esDireccionPublica(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return ip.range() === "unicast" && (ip.kind() === "ipv4" || ip.match(UNICAST_GLOBAL_V6));
}

const origen = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether the Panel may connect to `url`: one of the `conocidas` origins, or public addresses only.
 * A name that does not resolve passes (the connection test then says it could not connect).
 */
export async function destinoPermitido(url: string, conocidas: string[], resolver = lookup): Promise<boolean> {
  const destino = new URL(url);
  if (conocidas.some((conocida) => origen(conocida) === destino.origin)) return true;
  const host = destino.hostname.replace(/^\[(.*)\]$/, "$1");
  if (ipaddr.isValid(host)) return esDireccionPublica(host);
  const direcciones = await resolver(host, { all: true }).catch(() => []);
  return direcciones.every(({ address }) => esDireccionPublica(address));
}
