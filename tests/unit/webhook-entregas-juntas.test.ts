import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";
import { startReceiver } from "../support/receiver";

/**
 * Deliveries recorded together (decision 0131): what the worker sends at once is recorded in one
 * statement per batch, exactly as one transaction per attempt recorded it; a notification whose lease
 * this worker no longer holds keeps its attempt but not a state of this worker's; a batch the
 * database refuses is recorded alone, attempt by attempt. PGlite of its own, a real receiver on
 * loopback.
 */

process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
process.env.WEBHOOK_ALLOW_HTTP = "true";

const { closeDb, getDb } = await import("@/lib/db");
const { apps, entregaIntentos, notificaciones, webhookConfigs } = await import("@/lib/db/schema");
const { encryptSecret } = await import("@/lib/crypto/secrets");
const { config } = await import("@/lib/env");
const { claimDueNotifications } = await import("@/lib/service/webhooks/claim-notifications");
const { deliverTo } = await import("@/lib/service/webhooks/deliver-notification");
const { loadDeliveryTargets, targetKey } = await import("@/lib/service/webhooks/load-target");
const { writeTogether } = await import("@/lib/service/write-together");

const REFUSED = "juntas-rechazada";
// "ok" to every notification but one, whose answer the database will refuse to store.
const receiver = await startReceiver({
  "/hook": (request) => ({ status: 200, body: request.headers["notification-hook-id"] === REFUSED ? "no se puede guardar" : "ok" }),
});
const APP = "app-juntas";

beforeAll(async () => {
  const db = await getDb();
  await db.insert(apps).values({ id: APP, name: "Juntas", appKey: "juntas-key", secretPrimary: "x" });
  await db.insert(webhookConfigs).values({
    id: "cfg-juntas",
    appId: APP,
    topic: "consultas",
    callback: receiver.url("/hook"),
    secretEnc: encryptSecret(config().secretsKey, "secreto-de-juntas-0123456789"),
    failingSince: new Date("2026-11-01T00:00:00Z"),
  });
}, 120_000);

afterAll(async () => {
  await receiver.close();
  await closeDb();
  removeDataDir();
});

async function queue(ids: string[]) {
  const db = await getDb();
  await db.insert(notificaciones).values(
    ids.map((id) => ({
      id,
      appId: APP,
      topic: "consultas",
      payload: { Id: id, Topic: "consultas", Evento: "consulta.recibida", Momento: "", Reenvio: false, Datos: { Sid: id } },
    })),
  );
}

/** Claims what is due and delivers all of it at once, as the worker does. */
async function claimAndDeliver(beforeSending: () => Promise<void> = async () => {}) {
  const claimed = await claimDueNotifications(100);
  const targets = await loadDeliveryTargets(claimed);
  await beforeSending();
  return Promise.all(
    claimed.map((notification) => deliverTo(notification, targets.get(targetKey(notification)), { disparo: "automatico" })),
  );
}

async function stateOf(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(notificaciones).where(eq(notificaciones.id, id));
  const attempts = await db.select().from(entregaIntentos).where(eq(entregaIntentos.notificacionId, id));
  return { row, attempts };
}

describe("deliveries recorded together", () => {
  it("each delivered notification is entregada with its one attempt, and the configuration's failing run ends", async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `juntas-${String(index).padStart(2, "0")}`);
    await queue(ids);
    const results = await claimAndDeliver();
    expect(results.map((result) => result?.httpStatus)).toEqual(ids.map(() => 200));
    for (const id of ids) {
      const { row, attempts } = await stateOf(id);
      expect(row).toMatchObject({ estado: "entregada", intentos: 1 });
      expect(row?.entregadaAt).toEqual(row?.proximoIntentoAt);
      expect(attempts).toEqual([
        expect.objectContaining({ disparo: "automatico", httpStatus: 200, respuesta: "ok", error: null, proximoIntentoAt: null }),
      ]);
      expect(receiver.forId(id)).toHaveLength(1);
    }
    const db = await getDb();
    const [hook] = await db.select().from(webhookConfigs).where(eq(webhookConfigs.id, "cfg-juntas"));
    expect(hook?.failingSince).toBeNull();
  });

  it("a notification whose lease ended meanwhile keeps its attempt, and the state of whoever holds it now", async () => {
    await queue(["juntas-relevada"]);
    const later = new Date(Date.now() + 60_000);
    const results = await claimAndDeliver(async () => {
      // Another worker took it over when this one's lease ended.
      const db = await getDb();
      await db.update(notificaciones).set({ proximoIntentoAt: later }).where(eq(notificaciones.id, "juntas-relevada"));
    });
    expect(results[0]?.ok).toBe(true);
    const { row, attempts } = await stateOf("juntas-relevada");
    expect(row).toMatchObject({ estado: "enviando", intentos: 0, proximoIntentoAt: later });
    expect(attempts).toHaveLength(1);
  });

  it("a batch the database refuses is recorded attempt by attempt: the others as they were, the one refused without the answer", async () => {
    const db = await getDb();
    // Stands for any failure of the batch's statement: one attempt's row cannot be written with its answer.
    await db.execute(sql`
      create function refuse_answer() returns trigger language plpgsql as $$
      begin
        if new.respuesta = 'no se puede guardar' then raise exception 'registro imposible'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_answer before insert on entrega_intentos for each row execute function refuse_answer()`);
    try {
      await queue(["juntas-a", REFUSED, "juntas-b"]);
      const results = await claimAndDeliver();
      expect(results.map((result) => result?.httpStatus)).toEqual([200, 200, 200]);
      for (const id of ["juntas-a", "juntas-b"]) {
        const { row, attempts } = await stateOf(id);
        expect(row?.estado).toBe("entregada");
        expect(attempts).toEqual([expect.objectContaining({ httpStatus: 200, respuesta: "ok", error: null })]);
      }
      const { row, attempts } = await stateOf(REFUSED);
      expect(row).toMatchObject({ estado: "entregada", intentos: 1 });
      expect(attempts).toEqual([
        expect.objectContaining({ httpStatus: 200, respuesta: null, error: expect.stringMatching(/No pudimos guardar/) }),
      ]);
    } finally {
      await db.execute(sql`drop trigger refuse_answer on entrega_intentos`);
    }
  });
});

describe("writeTogether", () => {
  it("what arrives in one turn is written in one batch, what arrives while it is written in the next", async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const write = writeTogether(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = [write(1), write(2), write(3)];
    await new Promise((resolve) => setImmediate(resolve));
    const second = [write(4), write(5)];
    release();
    await Promise.all([...first, ...second]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("a batch that fails rejects each of its items, and the next batch is written", async () => {
    const write = writeTogether(async (items: string[]) => {
      if (items.includes("mala")) throw new Error("rechazada");
    });
    const failed = await Promise.allSettled([write("buena"), write("mala")]);
    expect(failed.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    await expect(write("otra")).resolves.toBeUndefined();
  });
});
