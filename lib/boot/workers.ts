import "server-only";
import { startMailWorker } from "@/lib/service/mail/worker";
import { startDeliveryWorker } from "@/lib/service/webhooks/delivery-worker";
import { startMaintenanceWorker } from "./maintenance-worker";

/**
 * Background workers of this process: in embedded mode they run inside the web process; in
 * production `npm run worker` runs them (any number of processes at once). Each worker polls the
 * database until the signal aborts, claiming work with FOR UPDATE SKIP LOCKED. A deployment needs
 * at least one worker process: besides delivering, they keep the replay store purged.
 */
export type WorkerStarter = (signal: AbortSignal) => void;

const starters: WorkerStarter[] = [startMailWorker, startDeliveryWorker, startMaintenanceWorker];

export function startWorkers(signal: AbortSignal): void {
  for (const start of starters) start(signal);
}
