import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { ulid } from "ulid";
import { afterEach, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto/secrets";
import { MAX_IN_FLIGHT } from "@/lib/service/webhooks/delivery-worker";
import { startReceiver } from "../support/receiver";
import { createScratchDatabase } from "../support/test-server";

/**
 * Durability of delivery with `npm run worker` processes on PostgreSQL (docs/contract.md#delivery): a worker
 * killed with SIGKILL loses nothing, and two workers at once send nothing twice. Each test makes a
 * database of its own on the server of WEBHOOK_TEST_POSTGRES_URL (default: the local test server)
 * and drops it. PostgreSQL is part of the test environment (README), so these always run.
 */

const SERVER_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const COUNT = 1000;

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

type Setup = { env: Record<string, string>; pool: pg.Pool };

/** A migrated scratch database with one app, its consultas webhook to `callback`, and `count` notifications. */
async function prepare(callback: string, count = COUNT): Promise<Setup> {
  const scratch = await createScratchDatabase(SERVER_URL);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // Dropping the database at the end terminates any connection still closing: expected, not a failure.
  pool.on("error", () => {});
  cleanups.push(async () => {
    await pool.end();
    await scratch.drop();
  });
  await migrate(drizzle(pool), { migrationsFolder: path.resolve("lib/db/migrations") });
  const secretsKey = randomBytes(32);
  const appId = ulid();
  await pool.query(
    "insert into apps (id, name, app_key, secret_primary, topics, contact_email) values ($1, 'Carga', $2, 'x', '{consultas}', 'tecnica@crm.example')",
    [appId, randomBytes(16).toString("hex")],
  );
  await pool.query(
    "insert into webhook_configs (id, app_id, topic, callback, secret_enc, active) values ($1, $2, 'consultas', $3, $4, true)",
    [ulid(), appId, callback, encryptSecret(secretsKey, "secreto-de-carga-0123456789")],
  );
  const ids = Array.from({ length: count }, () => ulid());
  const payloads = ids.map((id, index) =>
    JSON.stringify({ Id: id, Topic: "consultas", Evento: "carga", Momento: "", Reenvio: false, Datos: { N: index } }),
  );
  await pool.query(
    `insert into notificaciones (id, app_id, topic, payload)
     select id, $2, 'consultas', payload::jsonb from unnest($1::text[], $3::text[]) as t(id, payload)`,
    [ids, appId, payloads],
  );
  return {
    pool,
    env: {
      DATABASE_URL: scratch.url,
      SECRETS_KEY: secretsKey.toString("hex"),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      WEBHOOK_ALLOW_HTTP: "true",
      LOG_LEVEL: "error",
      DATA_DIR: path.join("/tmp", `vitrina-worker-${randomBytes(4).toString("hex")}`),
    },
  };
}

/** `npm run worker` as one node process (no tsx wrapper), so SIGKILL reaches the worker itself. */
function startWorker(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  });
  return child;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function delivered(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query("select count(*)::int as n from notificaciones where estado = 'entregada'");
  return rows[0].n;
}

describe("delivery workers on PostgreSQL", () => {
  it("kill -9 mid-way, restart: every notification delivered, none lost", async () => {
    const receiver = await startReceiver({ "/carga": () => ({ status: 200, body: "ok" }) });
    cleanups.push(receiver.close);
    const { env, pool } = await prepare(receiver.url("/carga"));
    const ids = () => new Set(receiver.received.map((entry) => entry.headers["notification-hook-id"]));

    const first = startWorker(env);
    await until(() => ids().size >= COUNT / 4, 60_000, "las primeras entregas");
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));
    const beforeRestart = ids().size;
    expect(beforeRestart).toBeLessThan(COUNT);

    startWorker(env);
    // Notifications the killed worker had claimed come back when their lease (LEASE_MS, 30 s) ends.
    await until(async () => (await delivered(pool)) === COUNT, 150_000, "todas las entregas");
    expect(ids().size).toBe(COUNT);
    const { rows } = await pool.query("select estado, count(*)::int as n from notificaciones group by estado");
    expect(rows).toEqual([{ estado: "entregada", n: COUNT }]);
    // At least once: only what was in flight at the kill may have arrived twice.
    expect(receiver.received.length - COUNT).toBeLessThanOrEqual(MAX_IN_FLIGHT);
  }, 240_000);

  it("two workers at once deliver every notification exactly once", async () => {
    const receiver = await startReceiver({ "/carga": () => ({ status: 200, body: "ok" }) });
    cleanups.push(receiver.close);
    const { env, pool } = await prepare(receiver.url("/carga"));
    startWorker(env);
    startWorker(env);
    await until(async () => (await delivered(pool)) === COUNT, 120_000, "todas las entregas");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const ids = receiver.received.map((entry) => entry.headers["notification-hook-id"]);
    expect(new Set(ids).size).toBe(COUNT);
    expect(ids).toHaveLength(COUNT);
    const { rows } = await pool.query("select count(*)::int as n from entrega_intentos");
    expect(rows[0].n).toBe(COUNT);
  }, 180_000);

  it("the first exhausted notification and a configuration failing for 5 days e-mail the contact; the latter deactivates it", async () => {
    const receiver = await startReceiver({ "/falla": () => ({ status: 503, body: "caído" }) });
    cleanups.push(receiver.close);
    const { env, pool } = await prepare(receiver.url("/falla"), 3);
    // Two notifications on their last attempt, one on its first; the run of failures began a day ago.
    await pool.query("update notificaciones set intentos = 7 where id in (select id from notificaciones order by id limit 2)");
    await pool.query("update webhook_configs set failing_since = now() - interval '1 day'");
    const attempts = async () => (await pool.query("select count(*)::int as n from entrega_intentos")).rows[0].n as number;
    const subjects = async () => {
      const mail = await pool.query('select "to", subject from mail_outbox order by id');
      expect(mail.rows.every((row: { to: string }) => row.to === "tecnica@crm.example")).toBe(true);
      return mail.rows.map((row: { subject: string }) => row.subject);
    };
    startWorker(env);
    await until(async () => (await attempts()) === 3, 30_000, "los tres intentos");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const states = await pool.query("select estado, intentos from notificaciones order by id");
    expect(states.rows).toEqual([
      { estado: "fallida", intentos: 8 },
      { estado: "fallida", intentos: 8 },
      { estado: "pendiente", intentos: 1 },
    ]);
    expect((await pool.query("select active from webhook_configs")).rows).toEqual([{ active: true }]);
    expect(await subjects()).toEqual([expect.stringContaining("no pudimos entregar")]);

    // Five days and more of failures: the next failed attempt deactivates the configuration.
    await pool.query("update webhook_configs set failing_since = now() - interval '6 days'");
    await pool.query("update notificaciones set proximo_intento_at = now() where estado = 'pendiente'");
    await until(async () => (await attempts()) === 4, 30_000, "el cuarto intento");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await pool.query("select active, failing_since from webhook_configs")).rows).toEqual([{ active: false, failing_since: null }]);
    const after = await subjects();
    expect(after).toHaveLength(2);
    expect(after[1]).toContain("se desactivó");
  }, 60_000);
});
