import "server-only";
import { purgeExpiredSignatures } from "@/lib/http/replay";
import { logger } from "@/lib/log";
import { sleep } from "@/lib/time";

const EVERY_MS = 60_000;

/**
 * Housekeeping of the API's shared stores, off the request path: once a minute, the replay store's
 * signatures older than its window are deleted in short chunks (lib/http/replay.ts). It lives with
 * start-up, above the kernel whose store it purges. Every worker process does it; they skip each
 * other's rows. The promise resolves once it has stopped.
 */
export async function startMaintenanceWorker(signal: AbortSignal): Promise<void> {
  for (await sleep(EVERY_MS, signal); !signal.aborted; await sleep(EVERY_MS, signal)) {
    try {
      await purgeExpiredSignatures();
    } catch (error) {
      logger().error({ err: error }, "replay store purge failed");
    }
  }
}
