import "server-only";
import { logger } from "@/lib/log";
import { claimDueNotifications } from "./claim-notifications";
import { deliverClaimed } from "./deliver-notification";
import { purgeDeliveryLog } from "./purge-delivery-log";

/** Notifications sent at once by one worker; each claim takes this many. */
const CONCURRENCY = 10;
const IDLE_POLL_MS = 500;
const PURGE_EVERY_MS = 60 * 60 * 1000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Claims due notifications and sends them; returns how many it claimed. */
export async function deliverDueNotifications(): Promise<number> {
  const claimed = await claimDueNotifications(CONCURRENCY);
  await Promise.all(
    claimed.map((notification) =>
      deliverClaimed(notification, { disparo: "automatico" }).catch((error) =>
        logger().error({ err: error, notificationId: notification.id }, "webhook delivery crashed"),
      ),
    ),
  );
  return claimed.length;
}

async function run(signal: AbortSignal): Promise<void> {
  let lastPurge = 0;
  while (!signal.aborted) {
    let claimed = 0;
    try {
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        const purged = await purgeDeliveryLog();
        if (purged.intentos + purged.notificaciones > 0) logger().info(purged, "webhook delivery log purged");
      }
      claimed = await deliverDueNotifications();
    } catch (error) {
      logger().error({ err: error }, "webhook worker error");
    }
    if (claimed === 0) await sleep(IDLE_POLL_MS, signal);
  }
}

/** The webhook delivery worker (decisions §9): polls until the signal aborts. */
export function startDeliveryWorker(signal: AbortSignal): void {
  void run(signal);
}
