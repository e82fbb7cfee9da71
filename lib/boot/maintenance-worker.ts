import "server-only";
import { purgeExpiredSignatures } from "@/lib/http/replay";
import { logger } from "@/lib/log";

const EVERY_MS = 60_000;

/**
 * Housekeeping of the API's shared stores, off the request path: once a minute, the replay store's
 * signatures older than its window are deleted in short chunks (lib/http/replay.ts). It lives with
 * start-up, above the kernel whose store it purges. Every worker process does it; they skip each
 * other's rows.
 */
export function startMaintenanceWorker(signal: AbortSignal): void {
  const tick = async () => {
    if (signal.aborted) return;
    try {
      await purgeExpiredSignatures();
    } catch (error) {
      logger().error({ err: error }, "replay store purge failed");
    }
    if (!signal.aborted) setTimeout(tick, EVERY_MS).unref?.();
  };
  setTimeout(tick, EVERY_MS).unref?.();
}
