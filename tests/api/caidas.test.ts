import { afterEach, describe, expect, it } from "vitest";
import { consultaDePrueba, demoConWebhook } from "../support/operacion";
import { api, marketplace } from "../support/panel-consultas";
import { eventually, startReceiver } from "../support/receiver";
import { startTestServer } from "../support/test-server";

/**
 * Issue 9, crash safety: SIGKILL to the server while enquiries pour in (and, on PostgreSQL, to the
 * `npm run worker` process while it delivers their webhooks). After a restart on the same data,
 * every enquiry that was acknowledged (201 with its Sid) is there, and its notification reaches
 * the receiver. Enquiries in flight at the kill may or may not have been stored: their clients
 * got no answer. The PostgreSQL run always uses the local server, like the worker durability tests.
 */

const POSTGRES_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const CLIENTS = 8;
const BEFORE_CRASH = 150;
const AFTER_RESTART = 50;

type Service = Awaited<ReturnType<typeof startTestServer>>;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** Clients posting enquiries until stopped; `acknowledged` holds the Sid of every 201. */
function ingestLoad(service: Service, adminMail: string) {
  const acknowledged: string[] = [];
  let unanswered = 0;
  let stopped = false;
  const client = async (index: number) => {
    for (let n = 0; !stopped; n++) {
      try {
        const response = await marketplace(service.info, "consultas", consultaDePrueba(adminMail, "CAIDA-1", index, n));
        if (response.status === 201) acknowledged.push((await response.json()).Sid);
        else await response.arrayBuffer();
      } catch {
        // The server is down: this enquiry was never acknowledged. Wait for it to come back.
        unanswered++;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  const clients = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
  return {
    acknowledged,
    unanswered: () => unanswered,
    stop: async () => {
      stopped = true;
      await clients;
    },
  };
}

describe.each([
  { mode: "embedded (PGlite), workers in the server", embedded: true },
  { mode: "PostgreSQL, npm run worker beside the server", embedded: false },
])("kill -9 under load: $mode", ({ embedded }) => {
  it("every acknowledged enquiry is there after the restart, and its notification is delivered", async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const service = await startTestServer(embedded ? { embedded } : { postgresUrl: POSTGRES_URL });
    cleanups.push(service.stop);
    const { app, adminMail } = await demoConWebhook(service.info, receiver.url("/caidas"), "CAIDA-1");

    const load = ingestLoad(service, adminMail);
    await eventually(async () => (load.acknowledged.length >= BEFORE_CRASH ? true : undefined), 60_000, "las primeras consultas");
    // Deliveries are under way: the server (and its in-process workers, or the worker process) dies mid-way.
    await eventually(async () => (receiver.received.length > 0 ? true : undefined), 30_000, "las primeras entregas");
    await service.crash();
    const atCrash = load.acknowledged.length;
    await service.restart();
    await eventually(
      async () => (load.acknowledged.length >= atCrash + AFTER_RESTART ? true : undefined),
      60_000,
      "consultas tras reiniciar",
    );
    await load.stop();
    expect(load.unanswered()).toBeGreaterThan(0);

    const missing: string[] = [];
    for (const sid of load.acknowledged) {
      const response = await api(service.info, app, "GET", `/v3/consultas/${adminMail}/${sid}`);
      if (response.status !== 200) missing.push(`${sid}: ${response.status}`);
      await response.arrayBuffer();
    }
    expect(missing).toEqual([]);

    // Notifications claimed by a killed worker are due again when their lease (LEASE_MS, 30 s) ends.
    const deliveredSids = () => new Set(receiver.received.map((entry) => JSON.parse(entry.body).Datos?.Sid));
    await eventually(
      async () => (load.acknowledged.every((sid) => deliveredSids().has(sid)) ? true : undefined),
      120_000,
      "la entrega de cada consulta confirmada",
    );
    console.log(
      `caídas (${embedded ? "PGlite" : "PostgreSQL"}): ${load.acknowledged.length} consultas confirmadas (${atCrash} antes del kill -9), ${load.unanswered()} solicitudes sin respuesta, ${receiver.received.length} entregas para ${deliveredSids().size} consultas`,
    );
  }, 300_000);
});
