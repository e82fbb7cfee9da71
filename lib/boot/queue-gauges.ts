import { Gauge } from "prom-client";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { readOutboxDepth } from "@/lib/service/mail/outbox-depth";
import { type NotificationQueue, readNotificationQueue } from "@/lib/service/webhooks/queue-depth";

/**
 * The outboxes' depths as gauges of the process's registry, read from the database when Prometheus
 * scrapes (decisions 0049): the same figures from every process, so a query takes one (max). One
 * read serves every gauge of a scrape (they are collected at once). A database that does not answer
 * makes them NaN: the scrape itself still answers with the process's own metrics.
 */

type Depths = NotificationQueue & { mail: number };
const READ_FOR_MS = 1_000;

let last: { at: number; depths: Promise<Depths> } | undefined;

function depths(): Promise<Depths> {
  if (!last || Date.now() - last.at > READ_FOR_MS) {
    const read = Promise.all([readNotificationQueue(), readOutboxDepth()]).then(([queue, mail]) => ({ ...queue, mail }));
    last = { at: Date.now(), depths: read };
    read.catch((error) => {
      logger().warn({ err: error }, "metrics: queue depths not read");
      last = undefined;
    });
  }
  return last.depths;
}

const GAUGES: { name: string; help: string; of: keyof Depths }[] = [
  {
    name: "vitrina_webhook_notifications_waiting",
    help: "Webhook notifications waiting: due now, waiting for a retry, or whose lease ended.",
    of: "waiting",
  },
  { name: "vitrina_webhook_notifications_due", help: "Webhook notifications due now and not held by any worker.", of: "due" },
  { name: "vitrina_webhook_notifications_in_flight", help: "Webhook notifications held by a worker's lease.", of: "inFlight" },
  { name: "vitrina_webhook_notifications_failed", help: "Webhook notifications given up (kept WEBHOOK_LOG_RETENTION_DAYS).", of: "failed" },
  {
    name: "vitrina_webhook_oldest_due_seconds",
    help: "How long the oldest due webhook notification has been due (0 when none).",
    of: "oldestDueSeconds",
  },
  { name: "vitrina_mail_outbox_waiting", help: "E-mail messages not yet sent (due or waiting for a retry).", of: "mail" },
];

/** Once per process (a second call finds them registered). */
export function registerQueueGauges(): void {
  const { registry } = metrics();
  for (const { name, help, of } of GAUGES) {
    if (registry.getSingleMetric(name)) continue;
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        try {
          this.set((await depths())[of]);
        } catch {
          this.set(Number.NaN);
        }
      },
    });
  }
}
