import "server-only";
import { runClaimLoop } from "../claim-loop";
import { claimDueAlertas } from "./claim-alertas";
import { sendAlerta } from "./send-alerta";

/** Alerts one worker keeps in flight: a slow push service holds one slot. */
const MAX_IN_FLIGHT = 16;

/**
 * The alert worker (docs/contract.md#alerts): claims the alerts enquiries queued and sends them until
 * the signal aborts, then finishes what it holds (decisions 0050).
 */
export function startAlertWorker(signal: AbortSignal): Promise<void> {
  return runClaimLoop({ name: "alert worker", maxInFlight: MAX_IN_FLIGHT, claim: claimDueAlertas, handle: sendAlerta }, signal);
}
