import "server-only";
import { logger } from "@/lib/log";
import { runClaimLoop } from "../claim-loop";
import { type ClaimedNotification, claimDueNotifications } from "./claim-notifications";
import { deliverTo } from "./deliver-notification";
import { type DeliveryTarget, loadDeliveryTargets, targetKey } from "./load-target";
import { purgeDeliveryLog } from "./purge-delivery-log";

/**
 * Notifications one worker keeps in flight. A slow receiver holds one slot, not the whole worker:
 * the worker claims again as soon as half the slots are free.
 */
export const MAX_IN_FLIGHT = 32;
const PURGE_EVERY_MS = 60 * 60 * 1000;

type Claimed = { notification: ClaimedNotification; target: DeliveryTarget | undefined };

/** Due notifications and their configurations, loaded once for the batch (decision 0131). */
async function claim(limit: number): Promise<Claimed[]> {
  const notifications = await claimDueNotifications(limit);
  const targets = await loadDeliveryTargets(notifications);
  return notifications.map((notification) => ({ notification, target: targets.get(targetKey(notification)) }));
}

function deliver({ notification, target }: Claimed): Promise<unknown> {
  return deliverTo(notification, target, { disparo: "automatico" }).catch((error) =>
    logger().error({ err: error, notificationId: notification.id }, "webhook delivery crashed"),
  );
}

async function purgeIfDue(lastPurge: number): Promise<number> {
  if (Date.now() - lastPurge < PURGE_EVERY_MS) return lastPurge;
  const purged = await purgeDeliveryLog();
  if (purged.intentos + purged.notificaciones > 0) logger().info(purged, "webhook delivery log purged");
  return Date.now();
}

/**
 * The webhook delivery worker (docs/contract.md#delivery): claims and delivers until the signal aborts, then
 * claims nothing more and finishes what it holds (each send ends within its 15 s timeout, and is
 * recorded): the promise resolves once nothing is in flight (decisions 0050).
 */
export function startDeliveryWorker(signal: AbortSignal): Promise<void> {
  let lastPurge = 0;
  return runClaimLoop(
    {
      name: "webhook worker",
      maxInFlight: MAX_IN_FLIGHT,
      claim,
      handle: deliver,
      beforeClaim: async () => {
        lastPurge = await purgeIfDue(lastPurge);
      },
    },
    signal,
  );
}
