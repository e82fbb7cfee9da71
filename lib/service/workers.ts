import "server-only";
import { startMailWorker } from "./mail/worker";
import { startDeliveryWorker } from "./webhooks/delivery-worker";

/**
 * Background workers of this process: in embedded mode they run inside the web process; in
 * production `npm run worker` runs them (any number of processes at once). Each worker polls the
 * database until the signal aborts, claiming work with FOR UPDATE SKIP LOCKED.
 */
export type WorkerStarter = (signal: AbortSignal) => void;

const starters: WorkerStarter[] = [startMailWorker, startDeliveryWorker];

export function startWorkers(signal: AbortSignal): void {
  for (const start of starters) start(signal);
}
