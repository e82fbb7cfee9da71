import "server-only";
import { getDb } from "@/lib/db";
import { startWorkers } from "./workers";

/**
 * `npm run worker`'s start-up: the database, then the background workers until the signal aborts.
 * `stopped` resolves once they have all stopped (decisions 0050).
 */
export async function bootWorker(signal: AbortSignal): Promise<{ stopped: Promise<void> }> {
  await getDb();
  return { stopped: startWorkers(signal) };
}
