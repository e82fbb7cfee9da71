import "server-only";
import { runClaimLoop } from "../claim-loop";
import { claimDueAlertas } from "./claim-alertas";
import { purgeAlertas } from "./purge-alertas";
import { sendAlerta } from "./send-alerta";

/** Alerts one worker keeps in flight: a slow push service holds one slot. */
const MAX_IN_FLIGHT = 16;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The alert worker (docs/contract.md#alerts): claims the alerts enquiries queued and sends them until
 * the signal aborts, then finishes what it holds (decisions 0050); hourly, it deletes the finished
 * alerts older than the delivery log's retention.
 */
export function startAlertWorker(signal: AbortSignal): Promise<void> {
  let lastPurge = 0;
  return runClaimLoop(
    {
      name: "alert worker",
      maxInFlight: MAX_IN_FLIGHT,
      claim: claimDueAlertas,
      handle: sendAlerta,
      beforeClaim: async () => {
        if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
        await purgeAlertas();
        lastPurge = Date.now();
      },
    },
    signal,
  );
}
