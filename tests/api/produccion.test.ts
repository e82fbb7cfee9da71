import { randomBytes } from "node:crypto";
import { verifyWebhook } from "@vitrina/sdk";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { startBalanceador } from "../support/balanceador";
import { type ClusterProcess, type Exit, startCluster } from "../support/cluster";
import { consultaDePrueba, demoConWebhook, sample, scrape } from "../support/operacion";
import { api, marketplace } from "../support/panel-consultas";
import { eventually, startReceiver } from "../support/receiver";

/**
 * Issue 22, the production shape on PostgreSQL: two web processes behind a load balancer of the
 * test's own (tests/support/balanceador.ts), two `npm run worker` processes, Redis for the rate
 * limits. A steady load of signed reads, enquiry ingestion and the webhook deliveries it causes for
 * PRODUCTION_SECONDS (60 by default) while each web process and each worker in turn gets SIGTERM and
 * is started again. Zero failed requests; every acknowledged enquiry's notification delivered once,
 * its signature verified at the receiver. Always the local PostgreSQL server and Redis.
 */

const POSTGRES_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = "redis://127.0.0.1:6379";
const SECONDS = Number(process.env.PRODUCTION_SECONDS ?? 60);
const READERS = 4;
const INGESTERS = 2;
const SECRET = "secreto-de-produccion-de-prueba";
const PREFIX = `vitrina-produccion-${randomBytes(4).toString("hex")}:`;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

describe("production shape on PostgreSQL", () => {
  it("two web processes and two workers restarted in turn under load: no failed request, no lost or duplicated notification", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const balanceador = await startBalanceador();
    cleanups.push(balanceador.close);
    const cluster = await startCluster(POSTGRES_URL, {
      PUBLIC_BASE_URL: balanceador.baseUrl,
      REDIS_URL,
      REDIS_KEY_PREFIX: PREFIX,
      // Limits on, through Redis, high enough for the test's load.
      RATE_LIMIT_APP: "1000000",
      RATE_LIMIT_IP: "1000000",
    });
    cleanups.push(cluster.stop);
    const redis = new Redis(REDIS_URL);
    cleanups.push(async () => {
      const keys = await redis.keys(`${PREFIX}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    const web: ClusterProcess[] = await Promise.all([cluster.startWeb(), cluster.startWeb()]);
    const workers: ClusterProcess[] = await Promise.all([cluster.startWorker(), cluster.startWorker()]);
    for (const started of web) balanceador.add(started.baseUrl);
    const server = { baseUrl: balanceador.baseUrl, env: cluster.env };
    await eventually(async () => ((await fetch(`${balanceador.baseUrl}/readyz`)).status === 200 ? true : undefined));
    const { app, adminMail } = await demoConWebhook(server, receiver.url("/produccion"), "PRODUCCION-1", SECRET);

    // The load: signed reads (the inbox and a catalogue entry) and enquiries, every answer checked.
    const failures: string[] = [];
    const acknowledged: string[] = [];
    const latencies: number[] = [];
    let requests = 0;
    let stopped = false;
    const timed = async (what: string, call: () => Promise<Response>, expected: number) => {
      const started = performance.now();
      try {
        const response = await call();
        const body = await response.text();
        latencies.push(performance.now() - started);
        requests++;
        if (response.status !== expected) failures.push(`${what}: ${response.status} ${body.slice(0, 200)}`);
        return response.status === expected ? body : undefined;
      } catch (error) {
        requests++;
        failures.push(`${what}: ${(error as Error).message}`);
        return undefined;
      }
    };
    const reader = async (index: number) => {
      for (let n = 0; !stopped; n++) {
        if (n % 2 === 0) await timed("GET /v3/consultas", () => api(server, app, "GET", `/v3/consultas/${adminMail}?pagina=1`), 200);
        else await timed("GET /v3/marcas/{id}", () => api(server, app, "GET", `/v3/marcas/${1 + ((index + n) % 5)}`), 200);
      }
    };
    const ingester = async (index: number) => {
      for (let n = 0; !stopped; n++) {
        const body = await timed(
          "POST /marketplace/consultas",
          () => marketplace(server, "consultas", consultaDePrueba(adminMail, "PRODUCCION-1", index, n)),
          201,
        );
        if (body) acknowledged.push(JSON.parse(body).Sid);
      }
    };
    const started = Date.now();
    const load = Promise.all([
      ...Array.from({ length: READERS }, (_, index) => reader(index)),
      ...Array.from({ length: INGESTERS }, (_, index) => ingester(index)),
    ]);

    // Each process in turn: SIGTERM, then a new one in its place. A scrape of each kind under load.
    const exits: { kind: string; exit: Exit; restartMs: number }[] = [];
    const restart = async (list: ClusterProcess[], index: number) => {
      const old = list[index] as ClusterProcess;
      const exit = await old.terminate();
      if (old.kind === "web") balanceador.remove(old.baseUrl);
      const begun = Date.now();
      const replacement = old.kind === "web" ? await cluster.startWeb() : await cluster.startWorker();
      if (old.kind === "web") balanceador.add(replacement.baseUrl);
      list[index] = replacement;
      exits.push({ kind: old.kind, exit, restartMs: Date.now() - begun });
    };
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const scrapes = { web: await scrape((web[0] as ClusterProcess).baseUrl), worker: await scrape((workers[0] as ClusterProcess).baseUrl) };
    await restart(web, 0);
    await restart(web, 1);
    await restart(workers, 0);
    await restart(workers, 1);
    const restartsDone = Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, Math.max(3_000, SECONDS * 1000 - restartsDone)));
    stopped = true;
    await load;
    const loadSeconds = (Date.now() - started) / 1000;

    // Every acknowledged enquiry's notification arrives, once, signed with the app's secret.
    const sidOf = (body: string) => (JSON.parse(body) as { Datos?: { Sid?: string } }).Datos?.Sid;
    await eventually(
      async () => {
        const delivered = new Set(receiver.received.map((entry) => sidOf(entry.body)));
        return acknowledged.every((sid) => delivered.has(sid)) ? true : undefined;
      },
      120_000,
      "la entrega de cada consulta confirmada",
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const bySid = new Map<string, number>();
    const unverified: string[] = [];
    for (const entry of receiver.received) {
      const sid = sidOf(entry.body) ?? "";
      bySid.set(sid, (bySid.get(sid) ?? 0) + 1);
      const headers = Object.fromEntries(Object.entries(entry.headers).map(([name, value]) => [name, String(value)]));
      await verifyWebhook({ secret: SECRET, headers, body: entry.body }).catch((error: Error) =>
        unverified.push(`${sid}: ${error.message}`),
      );
    }
    const lost = acknowledged.filter((sid) => !bySid.has(sid));
    const duplicated = [...bySid].filter(([, count]) => count > 1).map(([sid]) => sid);
    const extra = [...bySid.keys()].filter((sid) => !acknowledged.includes(sid));
    const redisKeys = (await redis.keys(`${PREFIX}rate-limit:*`)).length;

    latencies.sort((a, b) => a - b);
    const line = (text: string, name: string) =>
      text
        .split("\n")
        .filter((row) => row.startsWith(name))
        .join("\n    ");
    console.log(
      [
        `producción (PostgreSQL, 2 web + 2 workers, Redis): ${loadSeconds.toFixed(0)} s de carga, ${requests} solicitudes (${(requests / loadSeconds).toFixed(0)}/s), fallidas ${failures.length}`,
        `  latencia vía balanceador: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms; reenviadas por conexión rechazada ${balanceador.counts.rerouted}`,
        `  reinicios: ${exits.map(({ kind, exit, restartMs }) => `${kind} salió ${exit.code} en ${exit.ms} ms, el nuevo listo en ${restartMs} ms`).join("; ")}`,
        `  consultas confirmadas ${acknowledged.length}, entregas ${receiver.received.length}, perdidas ${lost.length}, duplicadas ${duplicated.length}, firmas no verificadas ${unverified.length}; claves de Redis ${redisKeys}`,
        "  /metrics de un proceso web bajo carga:",
        `    ${line(scrapes.web, 'vitrina_http_requests_total{route="/v3/consultas/[adminMail]"')}`,
        `    ${line(scrapes.web, 'vitrina_http_requests_total{route="/marketplace/consultas"')}`,
        `    ${line(scrapes.web, "vitrina_webhook_notifications_")}`,
        "  /metrics de un worker bajo carga:",
        `    ${line(scrapes.worker, "vitrina_webhook_deliveries_total")}`,
        `    ${line(scrapes.worker, "vitrina_webhook_delivery_latency_seconds_count")} · sum ${sample(scrapes.worker, "vitrina_webhook_delivery_latency_seconds_sum")?.toFixed(2)} s`,
      ].join("\n"),
    );

    expect(failures).toEqual([]);
    expect(balanceador.counts.failed).toBe(0);
    expect(exits.map(({ kind, exit }) => [kind, exit.code, exit.signal])).toEqual([
      ["web", 0, null],
      ["web", 0, null],
      ["worker", 0, null],
      ["worker", 0, null],
    ]);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(duplicated).toEqual([]);
    expect(extra).toEqual([]);
    expect(unverified).toEqual([]);
    expect(redisKeys).toBeGreaterThan(0);
  }, 600_000);
});
