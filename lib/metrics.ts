import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (GET /metrics, lib/boot/ops-endpoints.ts). One registry per
 * process, kept on globalThis: Next bundles instrumentation and each route separately, and every
 * copy must count into the same registry. Each process (every web process, every worker) has its
 * own: Prometheus scrapes each of them and sums across them (README, Production).
 *
 * What counts what: the HTTP server (requests and their duration), the rate limits (refusals), the
 * Panel's sign-in (failures) and the delivery worker (deliveries and their latency). The queues'
 * depths are read from the database at scrape time (lib/service/ops/queue-depths.ts).
 */

/** Request durations: from a cached read (~1 ms) to a slow export (10 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Enqueue to delivery: a second when the queue is short, up to the retry ladder's days. */
const DELIVERY_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 21600, 86400];

export type Metrics = {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  /** delivered, failed (a retry follows), exhausted (the ladder ran out), gone (410), discarded (no active configuration). */
  deliveries: Counter<"outcome">;
  deliveryLatency: Histogram;
  rateLimitRefusals: Counter<"policy">;
  signInFailures: Counter<"reason">;
};

const holder = globalThis as typeof globalThis & { __vitrinaMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "vitrina_" });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "vitrina_http_requests_total",
      help: "HTTP requests answered, by route template (not the raw path), method and status.",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "vitrina_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by route template and method.",
      labelNames: ["route", "method"],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    deliveries: new Counter({
      name: "vitrina_webhook_deliveries_total",
      help: "Automatic webhook delivery attempts by outcome: delivered, failed (retried later), exhausted, gone (410), discarded.",
      labelNames: ["outcome"],
      registers,
    }),
    deliveryLatency: new Histogram({
      name: "vitrina_webhook_delivery_latency_seconds",
      help: "From a notification's enqueueing to its delivery, retries included.",
      buckets: DELIVERY_BUCKETS,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "vitrina_rate_limit_refusals_total",
      help: "Requests refused with 429 by a rate limit, by policy (app, ip, ingreso).",
      labelNames: ["policy"],
      registers,
    }),
    signInFailures: new Counter({
      name: "vitrina_sign_in_failures_total",
      help: "Panel sign-ins refused: wrong e-mail or password (credentials), or too many attempts (throttled).",
      labelNames: ["reason"],
      registers,
    }),
  };
}

export function metrics(): Metrics {
  holder.__vitrinaMetrics ??= create();
  return holder.__vitrinaMetrics;
}
