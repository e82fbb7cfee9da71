import "server-only";
import { getDb } from "@/lib/db";
import { startWorkers } from "./workers";

/** `npm run worker`'s start-up: the database, then the background workers until the signal aborts. */
export async function bootWorker(signal: AbortSignal): Promise<void> {
  await getDb();
  startWorkers(signal);
}
