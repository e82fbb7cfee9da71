import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/** Finished alerts are kept as long as the delivery log (WEBHOOK_LOG_RETENTION_DAYS, 30 days); unsent ones always. */

const { closeDb, getDb } = await import("@/lib/db");
const schema = await import("@/lib/db/schema");
const { purgeAlertas } = await import("@/lib/service/alertas/purge-alertas");

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  const db = await getDb();
  await db.insert(schema.apps).values({ id: "app-purga", name: "Purga", appKey: "purga-key", secretPrimary: "x" });
  await db
    .insert(schema.alertasSuscripciones)
    .values({ id: "sus-purga", appId: "app-purga", suscriptor: "s", enlace: "https://p.example/{sid}" });
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

describe("purgeAlertas", () => {
  it("deletes finished alerts past the retention and keeps recent and unsent ones", async () => {
    const db = await getDb();
    const old = new Date(Date.now() - 31 * DAY_MS);
    const alerta = (sid: string, estado: string, createdAt: Date) => ({
      suscripcionId: "sus-purga",
      sid,
      canal: "push",
      estado,
      createdAt,
    });
    await db
      .insert(schema.alertas)
      .values([
        alerta("vieja-enviada", "enviada", old),
        alerta("vieja-omitida", "omitida", old),
        alerta("vieja-fallida", "fallida", old),
        alerta("vieja-pendiente", "pendiente", old),
        alerta("reciente", "enviada", new Date()),
      ]);
    expect(await purgeAlertas()).toBe(3);
    const left = await db.select({ sid: schema.alertas.sid }).from(schema.alertas);
    expect(left.map((row) => row.sid).sort()).toEqual(["reciente", "vieja-pendiente"]);
  });
});
