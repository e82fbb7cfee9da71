import "server-only";
import { config } from "@/lib/env";
import { runClaimLoop } from "@/lib/service/claim-loop";
import { webhookDispatcher } from "@/lib/service/webhooks/guarded-agent";
import { checkFoto } from "./check-foto";
import { type ClaimedFoto, claimPendingFotos } from "./claim-fotos";
import { recordFotoCheck } from "./record-foto";

/** Photos one worker fetches at once: at most 10 MB each in memory (decisions 0072). */
export const FOTOS_IN_FLIGHT = 8;

/**
 * The webhooks' dispatcher: its SSRF guard checks every connection's address, unless the operator
 * allows private networks or the photo is on this service's own origin (the demo's photos).
 */
function dispatcherFor(url: URL) {
  const { webhookAllowPrivateNetworks, publicBaseUrl } = config();
  return webhookDispatcher(webhookAllowPrivateNetworks || url.origin === new URL(publicBaseUrl).origin);
}

async function check(foto: ClaimedFoto): Promise<void> {
  await recordFotoCheck(foto, await checkFoto(foto.url, dispatcherFor));
}

/**
 * The photo checker (docs/contract.md#photos): claims the photos waiting for their check, fetches
 * and judges each, and records it with its notification, until the signal aborts; then finishes
 * what it holds (each check ends within 15 s) and resolves (decisions 0050).
 */
export function startFotoWorker(signal: AbortSignal): Promise<void> {
  return runClaimLoop({ name: "photo worker", maxInFlight: FOTOS_IN_FLIGHT, claim: claimPendingFotos, handle: check }, signal);
}
