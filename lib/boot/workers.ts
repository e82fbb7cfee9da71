import "server-only";
import { startAlertWorker } from "@/lib/service/alertas/alert-worker";
import { startMailWorker } from "@/lib/service/mail/worker";
import { startFotoWorker } from "@/lib/service/publicaciones/foto-worker";
import { startDeliveryWorker } from "@/lib/service/webhooks/delivery-worker";
import { startMaintenanceWorker } from "./maintenance-worker";

/**
 * Background workers of this process: in embedded mode they run inside the web process; in
 * production `npm run worker` runs them (any number of processes at once). Each worker polls the
 * database until the signal aborts, claiming work with FOR UPDATE SKIP LOCKED. A deployment needs
 * at least one worker process: besides delivering webhooks and enquiry alerts and checking listings' photos, they keep the replay store purged. Each one's
 * promise resolves when it has stopped after the signal: finished or released what it held.
 */
export type WorkerStarter = (signal: AbortSignal) => Promise<void>;

const starters: WorkerStarter[] = [startMailWorker, startDeliveryWorker, startAlertWorker, startFotoWorker, startMaintenanceWorker];

/** Resolves once every worker has stopped (after the signal aborts). */
export async function startWorkers(signal: AbortSignal): Promise<void> {
  await Promise.all(starters.map((start) => start(signal)));
}
