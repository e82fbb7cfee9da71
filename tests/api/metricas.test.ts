import type { ChildProcess } from "node:child_process";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server } from "../support/client";
import { waitUntilReady } from "../support/cluster";
import { ENCABEZADOS_DE_PROXY } from "../support/encabezados-de-proxy";
import { conLaBase, consultaDePrueba, demoConWebhook, sample, scrape } from "../support/operacion";
import { signInResponse } from "../support/panel";
import { api, type Credenciales, marketplace } from "../support/panel-consultas";
import { startReceiver } from "../support/receiver";
import { endProcess, freePort, spawnWorker, startTestServer } from "../support/test-server";

/**
 * Issue 22: GET /metrics on a web process and on the worker's WORKER_PORT (docs/decisions/0049).
 * A service of its own on PostgreSQL (the worker is a process of its own there), with METRICS_TOKEN,
 * and a sign-in limit of 2 a minute to see a refusal counted.
 */

const POSTGRES_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const TOKEN = "token-de-metricas-para-pruebas";
const ENQUIRIES = 5;

type Service = Awaited<ReturnType<typeof startTestServer>>;
let service: Service;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let workerBase: string;
let app: Credenciales;
let adminMail: string;

beforeAll(async () => {
  receiver = await startReceiver();
  const workerPort = await freePort();
  service = await startTestServer({
    postgresUrl: POSTGRES_URL,
    env: { WORKER_PORT: String(workerPort), METRICS_TOKEN: TOKEN, RATE_LIMIT_SIGN_IN: "2" },
  });
  workerBase = `http://127.0.0.1:${workerPort}`;
  ({ app, adminMail } = await demoConWebhook(service.info, receiver.url("/metricas"), "METRICAS-1"));
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

const database = <T>(use: (client: pg.Client) => Promise<T>) => conLaBase(service.info.env.DATABASE_URL as string, use);

/** Scrapes until `check` holds (the gauges are read at most once a second, the counters as work ends). */
async function until(base: string, check: (text: string) => boolean): Promise<string> {
  let text = "";
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    text = await scrape(base, TOKEN);
    if (check(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return text;
}

describe("GET /metrics", () => {
  it("answers the token's holder only, in Prometheus's text format, on the web process and on the worker", async () => {
    for (const base of [service.info.baseUrl, workerBase]) {
      const missing = await fetch(`${base}/metrics`);
      expect(missing.status).toBe(401);
      expect(missing.headers.get("www-authenticate")).toBe("Bearer");
      const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer otro-token-de-metricas-xx" } });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(right.status).toBe(200);
      expect(right.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await right.text();
      // The process's default metrics.
      expect(sample(text, "vitrina_process_resident_memory_bytes")).toBeGreaterThan(0);
      // The event loop's delay, measured as a scrape is answered and shown by the next one (the first
      // shows 0): a real reading, positive and seconds at most even on a loaded machine.
      const measured = await until(base, (later) => (sample(later, "vitrina_nodejs_eventloop_lag_seconds") ?? 0) > 0);
      const lag = sample(measured, "vitrina_nodejs_eventloop_lag_seconds");
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThan(5);
    }
  });

  describe("without METRICS_TOKEN", () => {
    // A worker of its own on the same database, without the token; stopped before the deliveries are counted.
    let worker: ChildProcess;
    let tokenlessWorker: string;
    beforeAll(async () => {
      const { METRICS_TOKEN: _token, ...env } = service.info.env;
      const port = await freePort();
      worker = spawnWorker({ ...env, WORKER_PORT: String(port) });
      for (const output of [worker.stdout, worker.stderr]) output?.resume();
      tokenlessWorker = `http://127.0.0.1:${port}`;
      await waitUntilReady(tokenlessWorker, worker);
    });
    afterAll(async () => {
      await endProcess(worker, "SIGTERM");
    });

    it("answers a client on this machine only, not one a proxy forwards, on the web process and on the worker", async () => {
      for (const base of [server().baseUrl, tokenlessWorker]) {
        expect((await fetch(`${base}/metrics`)).status).toBe(200);
        // Issue 29, item 4: X-Real-IP, True-Client-IP, CF-Connecting-IP or Via alone passed for direct.
        for (const [name, value] of Object.entries(ENCABEZADOS_DE_PROXY)) {
          const forwarded = await fetch(`${base}/metrics`, { headers: { [name]: value } });
          expect(forwarded.status, `${base} con ${name}`).toBe(403);
          expect(await forwarded.text()).not.toContain("vitrina_");
        }
      }
    });
  });

  it("counts requests by route template, method and status, with their duration, and not the probes", async () => {
    const base = service.info.baseUrl;
    expect((await api(service.info, app, "GET", "/v3/marcas/1")).status).toBe(200);
    expect((await api(service.info, app, "GET", "/v3/marcas/2")).status).toBe(200);
    expect((await fetch(`${base}/v3/marcas/3`)).status).toBe(401);
    const signIn = await fetch(`${base}/ingresar`);
    expect(signIn.status).toBe(200);
    await signIn.text();
    await fetch(`${base}/healthz`);
    await fetch(`${base}/readyz`);
    // A request is counted when its answer has been sent: the page's streamed body may end after fetch returns.
    const text = await until(
      base,
      (t) =>
        (sample(t, "vitrina_http_requests_total", { route: "/v3/marcas/[id]", status: "401" }) ?? 0) >= 1 &&
        (sample(t, "vitrina_http_requests_total", { route: "/ingresar", status: "200" }) ?? 0) >= 1,
    );
    expect(sample(text, "vitrina_http_requests_total", { route: "/v3/marcas/[id]", method: "GET", status: "200" })).toBeGreaterThanOrEqual(
      2,
    );
    expect(sample(text, "vitrina_http_requests_total", { route: "/v3/marcas/[id]", method: "GET", status: "401" })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, "vitrina_http_requests_total", { route: "/ingresar", method: "GET", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "vitrina_http_request_duration_seconds_count", { route: "/v3/marcas/[id]", method: "GET" })).toBeGreaterThanOrEqual(
      3,
    );
    expect(sample(text, "vitrina_http_request_duration_seconds_bucket", { route: "/v3/marcas/[id]", le: "+Inf" })).toBeGreaterThanOrEqual(
      3,
    );
    // Templates only: no raw path, no probe, no scrape.
    expect(text).not.toMatch(/route="\/v3\/marcas\/\d/);
    expect(text).not.toMatch(/route="\/(healthz|readyz|metrics)"/);
  });

  it("counts refused sign-ins and the rate limit's refusals", async () => {
    const base = service.info.baseUrl;
    const answers: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await signInResponse(base, "nadie@metricas.test", "no-es-la-contrasena");
      answers.push(response.status);
      await response.arrayBuffer();
    }
    expect(answers[2]).toBe(429);
    const text = await until(base, (t) => sample(t, "vitrina_rate_limit_refusals_total", { policy: "ingreso" }) === 1);
    expect(sample(text, "vitrina_rate_limit_refusals_total", { policy: "ingreso" })).toBe(1);
    expect(sample(text, "vitrina_sign_in_failures_total", { reason: "credentials" })).toBe(2);
  });

  it("counts deliveries by outcome and their latency at the worker; reads the outboxes' depths from the database", async () => {
    for (let n = 0; n < ENQUIRIES; n++) {
      expect((await marketplace(service.info, "consultas", consultaDePrueba(adminMail, "METRICAS-1", 0, n))).status).toBe(201);
    }
    const worker = await until(workerBase, (t) => sample(t, "vitrina_webhook_deliveries_total", { outcome: "delivered" }) === ENQUIRIES);
    expect(sample(worker, "vitrina_webhook_deliveries_total", { outcome: "delivered" })).toBe(ENQUIRIES);
    expect(sample(worker, "vitrina_webhook_delivery_latency_seconds_count")).toBe(ENQUIRIES);
    expect(sample(worker, "vitrina_webhook_delivery_latency_seconds_sum")).toBeGreaterThan(0);
    expect(new Set(receiver.received.map((entry) => entry.headers["notification-hook-id"])).size).toBe(ENQUIRIES);

    // Rows in every state, none due (no worker takes them): 3 waiting a retry, 1 leased, 2 given up.
    const expected = await database(async (client) => {
      const { rows } = await client.query("select id from apps limit 1");
      const states = ["pendiente", "pendiente", "pendiente", "enviando", "fallida", "fallida"];
      for (const [n, estado] of states.entries()) {
        await client.query(
          `insert into notificaciones (id, app_id, topic, payload, estado, proximo_intento_at) values ($1, $2, 'consultas', '{}', $3, now() + interval '1 hour')`,
          [`metricas-${n}`, rows[0].id, estado],
        );
      }
      await client.query(
        `insert into mail_outbox (id, "to", subject, html, text, proximo_intento_at) values ('metricas-mail', 'x@metricas.test', 's', 'h', 't', now() + interval '1 hour')`,
      );
      return Number((await client.query("select count(*) from mail_outbox where estado = 'pendiente'")).rows[0].count);
    });
    // The gauges are read at most once a second, and the demo's photo checks queue notifications of
    // their own meanwhile: the scrape that counts is the first to show the rows inserted here, all of them.
    const showsInserted = (t: string) =>
      sample(t, "vitrina_webhook_notifications_waiting") === 3 &&
      sample(t, "vitrina_webhook_notifications_due") === 0 &&
      sample(t, "vitrina_webhook_notifications_in_flight") === 1 &&
      sample(t, "vitrina_webhook_notifications_failed") === 2;
    for (const base of [service.info.baseUrl, workerBase]) {
      const text = await until(base, showsInserted);
      expect(sample(text, "vitrina_webhook_notifications_waiting")).toBe(3);
      expect(sample(text, "vitrina_webhook_notifications_due")).toBe(0);
      expect(sample(text, "vitrina_webhook_notifications_in_flight")).toBe(1);
      expect(sample(text, "vitrina_webhook_notifications_failed")).toBe(2);
      expect(sample(text, "vitrina_webhook_oldest_due_seconds")).toBe(0);
      expect(sample(text, "vitrina_mail_outbox_waiting")).toBe(expected);
    }
  });
});
