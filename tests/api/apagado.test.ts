import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type ClusterProcess, startCluster } from "../support/cluster";
import { conLaBase, consultaDePrueba, demoConWebhook } from "../support/operacion";
import { marketplace } from "../support/panel-consultas";
import { startRawReceiver } from "../support/receiver";

/**
 * Issue 22: SIGTERM stops a process gracefully (docs/decisions/0050). A web process stops accepting
 * connections, answers the request in flight and exits 0; a worker stops claiming, finishes the
 * delivery it holds (recorded as delivered, not left to its lease) and exits 0. On PostgreSQL, where
 * the worker is a process of its own: always the local server, like the other durability tests.
 */

const POSTGRES_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SLOW_RECEIVER_MS = 3_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function refusesConnections(base: string): Promise<boolean> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
    const error = await fetch(`${base}/healthz`).then(
      () => undefined,
      (failure: Error) => failure,
    );
    if ((error?.cause as { code?: string } | undefined)?.code === "ECONNREFUSED") return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe("SIGTERM", () => {
  it("a web process stops accepting, answers the request in flight, and exits 0", async () => {
    const cluster = await startCluster(POSTGRES_URL);
    cleanups.push(cluster.stop);
    const web = await cluster.startWeb();
    // A request in flight: its body arrives in two halves, SIGTERM between them.
    const body = JSON.stringify(consultaDePrueba("nadie@apagado.test", "NO-EXISTE", 0, 0));
    let pendingRequest: ReturnType<typeof request> | undefined;
    const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const pending = request(`${web.baseUrl}/marketplace/consultas`, {
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Authorization: `Bearer ${cluster.env.MARKETPLACE_TOKEN}`,
        },
      });
      pending.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      });
      pending.on("error", reject);
      pending.write(body.slice(0, 20));
      pendingRequest = pending;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exit = web.terminate();
    expect(await refusesConnections(web.baseUrl)).toBe(true);
    pendingRequest?.end(body.slice(20));
    // Answered in full (the agency does not exist: the service's own 4xx, not a reset connection).
    const answered = await answer;
    expect(answered.status).toBeGreaterThanOrEqual(400);
    expect(answered.status).toBeLessThan(500);
    expect(answered.connection).toBe("close");
    const ended = await exit;
    expect(ended).toMatchObject({ code: 0, signal: null });
    console.log(`apagado web: exit ${ended.code} in ${ended.ms} ms with one request in flight`);
  }, 240_000);

  it("a worker stops claiming, finishes the delivery it holds, records it, and exits 0", async () => {
    const arrived: number[] = [];
    const receiver = await startRawReceiver({
      "/lento": (socket) => {
        arrived.push(Date.now());
        setTimeout(() => socket.end("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"), SLOW_RECEIVER_MS);
      },
    });
    cleanups.push(receiver.close);
    const cluster = await startCluster(POSTGRES_URL);
    cleanups.push(cluster.stop);
    const web = await cluster.startWeb();
    const worker: ClusterProcess = await cluster.startWorker();
    const { adminMail } = await demoConWebhook({ baseUrl: web.baseUrl, env: cluster.env }, receiver.url("/lento"), "APAGADO-1");
    const created = await marketplace(
      { baseUrl: web.baseUrl, env: cluster.env },
      "consultas",
      consultaDePrueba(adminMail, "APAGADO-1", 0, 0),
    );
    expect(created.status).toBe(201);
    for (const deadline = Date.now() + 30_000; arrived.length === 0 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(arrived).toHaveLength(1);

    const exit = worker.terminate();
    // Stopping: not ready while it finishes.
    let stopping: unknown;
    for (const deadline = Date.now() + 1_000; !stopping && Date.now() < deadline; ) {
      const answer = await fetch(`${worker.baseUrl}/readyz`);
      if (answer.status === 503) stopping = await answer.json();
      else await answer.arrayBuffer();
    }
    expect(stopping).toMatchObject({ status: "unavailable", reason: "stopping" });
    const ended = await exit;
    expect(ended).toMatchObject({ code: 0, signal: null });
    expect(ended.ms).toBeGreaterThan(SLOW_RECEIVER_MS / 2);

    await conLaBase(cluster.databaseUrl, async (client) => {
      const { rows } = await client.query("select estado, intentos from notificaciones");
      expect(rows).toEqual([{ estado: "entregada", intentos: 1 }]);
      const attempts = await client.query("select http_status from entrega_intentos");
      expect(attempts.rows).toEqual([{ http_status: 200 }]);
    });
    expect(arrived).toHaveLength(1);
    console.log(`apagado worker: exit ${ended.code} in ${ended.ms} ms, the delivery in flight finished and recorded`);
  }, 240_000);
});
