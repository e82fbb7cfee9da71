import "server-only";
import { logger } from "@/lib/log";
import { sleep } from "@/lib/time";
import { type ClaimedNotification, claimDueNotifications } from "./claim-notifications";
import { deliverClaimed } from "./deliver-notification";
import { purgeDeliveryLog } from "./purge-delivery-log";

/**
 * Notifications one worker keeps in flight. A slow receiver holds one slot, not the whole worker:
 * the worker claims again as soon as half the slots are free.
 */
export const MAX_IN_FLIGHT = 32;
const CLAIM_WHEN_FREE = MAX_IN_FLIGHT / 2;
const IDLE_POLL_MS = 500;
const PURGE_EVERY_MS = 60 * 60 * 1000;

function deliver(notification: ClaimedNotification): Promise<unknown> {
  return deliverClaimed(notification, { disparo: "automatico" }).catch((error) =>
    logger().error({ err: error, notificationId: notification.id }, "webhook delivery crashed"),
  );
}

async function purgeIfDue(lastPurge: number): Promise<number> {
  if (Date.now() - lastPurge < PURGE_EVERY_MS) return lastPurge;
  const purged = await purgeDeliveryLog();
  if (purged.intentos + purged.notificaciones > 0) logger().info(purged, "webhook delivery log purged");
  return Date.now();
}

async function run(signal: AbortSignal): Promise<void> {
  const inFlight = new Set<Promise<unknown>>();
  let lastPurge = 0;
  while (!signal.aborted) {
    let claimed = 0;
    try {
      lastPurge = await purgeIfDue(lastPurge);
      if (MAX_IN_FLIGHT - inFlight.size >= CLAIM_WHEN_FREE) {
        const batch = await claimDueNotifications(MAX_IN_FLIGHT - inFlight.size);
        claimed = batch.length;
        for (const notification of batch) {
          const delivery = deliver(notification).finally(() => inFlight.delete(delivery));
          inFlight.add(delivery);
        }
      }
    } catch (error) {
      logger().error({ err: error }, "webhook worker error");
    }
    if (inFlight.size >= CLAIM_WHEN_FREE) await Promise.race(inFlight);
    else if (claimed === 0) await Promise.race([sleep(IDLE_POLL_MS, signal), ...inFlight]);
  }
  await Promise.all(inFlight);
}

/**
 * The webhook delivery worker (docs/contract.md#delivery): claims and delivers until the signal aborts, then
 * claims nothing more and finishes what it holds (each send ends within its 15 s timeout, and is
 * recorded): the promise resolves once nothing is in flight (decisions 0050).
 */
export function startDeliveryWorker(signal: AbortSignal): Promise<void> {
  return run(signal);
}
