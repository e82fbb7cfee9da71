import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../support/test-server";

/**
 * Decisions 0018 on PostgreSQL (a scratch database of its own, dropped at the end): the list's
 * statements run on connections that plan them once, and only they; PGlite has one handle.
 * PostgreSQL is part of the test environment (README), so these always run.
 */

const SERVER_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const scratch = await createScratchDatabase(SERVER_URL);
const url = new URL(scratch.url);
// Options of the operator's own in DATABASE_URL are kept on both pools.
url.searchParams.set("options", "-c application_name=vitrina-planes");
Object.assign(process.env, {
  DATABASE_URL: url.toString(),
  SECRETS_KEY: randomBytes(32).toString("hex"),
  AUTH_SECRET: randomBytes(32).toString("hex"),
  SEED_DEMO: "false",
  LOG_LEVEL: "silent",
});

const { closeDb, getDb, getPlanOnceDb } = await import("@/lib/db");
const { sql } = await import("drizzle-orm");
const { countConsultas } = await import("@/lib/service/consultas/sql/count");
type Db = Awaited<ReturnType<typeof getDb>>;

beforeAll(async () => {
  await getDb();
});

afterAll(async () => {
  await closeDb();
  await scratch.drop();
});

const setting = async (db: Db, name: string) =>
  ((await db.execute(sql`select current_setting(${name}) as value`)) as unknown as { rows: { value: string }[] }).rows[0]?.value;

/** Runs the list's Total six times on one connection of `db`; how PostgreSQL planned its statement there. */
async function planningOfTotal(db: Db) {
  const from = new Date(Date.now() - 90 * 86_400_000);
  const params = { agencia: "agencia", app: "app", adminMail: "ventas@agencia.example", from, to: new Date() };
  const shape = { compartir: true, operador: false, administrador: false, externalId: false, terminos: 0, atendida: undefined };
  return db.transaction(async (tx) => {
    for (let run = 0; run < 6; run++) await countConsultas(tx as unknown as Db, shape, params);
    const { rows } = (await tx.execute(
      sql`select generic_plans, custom_plans from pg_prepared_statements where name like 'consultas_total%'`,
    )) as unknown as { rows: { generic_plans: string; custom_plans: string }[] };
    return { generic: Number(rows[0]?.generic_plans), custom: Number(rows[0]?.custom_plans) };
  });
}

describe("statements planned once (decisions 0018)", () => {
  it("the plan-once handle's connections use the generic plan; the others keep PostgreSQL's default", async () => {
    expect(await setting(await getPlanOnceDb(), "plan_cache_mode")).toBe("force_generic_plan");
    expect(await setting(await getDb(), "plan_cache_mode")).toBe("auto");
    expect(await setting(await getPlanOnceDb(), "application_name")).toBe("vitrina-planes");
    expect(await setting(await getDb(), "application_name")).toBe("vitrina-planes");
  });

  it("the list's Total is planned once there, and planned anew on every run elsewhere", async () => {
    expect(await planningOfTotal(await getPlanOnceDb())).toEqual({ generic: 6, custom: 0 });
    expect((await planningOfTotal(await getDb())).custom).toBeGreaterThanOrEqual(5);
  });
});
