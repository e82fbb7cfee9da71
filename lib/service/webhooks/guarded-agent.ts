import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { Agent, buildConnector } from "undici";
import { forbiddenAddressReason } from "@/lib/api/address-policy";

/** A connection the SSRF guard refused before opening it; recorded as the attempt's error (status 0). */
export class RefusedAddressError extends Error {
  readonly code = "WEBHOOK_ADDRESS_REFUSED";
  /** Why the address is refused, naming it (and the host that resolved to it). */
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Resolves the host and checks every address it resolves to; answers the address to connect to.
 * Runs at connect time, so a DNS answer that changed since the Callback was saved is caught too.
 */
export async function resolvePermittedAddress(hostname: string): Promise<string> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  if (addresses.length === 0) throw new Error(`${host} no resuelve a ninguna dirección`);
  for (const address of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason) {
      const via = address === host ? "" : ` (${host} resuelve a ${address})`;
      throw new RefusedAddressError(
        `Conexión rechazada por la protección SSRF${via}: ${reason}. Las notificaciones solo se envían a direcciones públicas de Internet.`,
        `${reason}${via}`,
      );
    }
  }
  return addresses[0] as string;
}

/**
 * An undici Agent whose connector checks the resolved address before connecting (docs/contract.md#ssrf-guard).
 * SNI and certificate checks keep using the Callback's host name.
 */
function guardedAgent(): Agent {
  const connector = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  return new Agent({
    connect: (options, callback) => {
      resolvePermittedAddress(options.hostname).then(
        (address) => connector({ ...options, hostname: address }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
}

const agents: { guarded?: Agent; open?: Agent } = {};

/** The dispatcher for webhook deliveries: guarded unless private networks are allowed. */
export function webhookDispatcher(allowPrivateNetworks: boolean): Agent {
  if (allowPrivateNetworks) {
    agents.open ??= new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS } });
    return agents.open;
  }
  agents.guarded ??= guardedAgent();
  return agents.guarded;
}
