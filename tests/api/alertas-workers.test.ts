import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { ulid } from "ulid";
import { afterAll, describe, expect, it } from "vitest";
import { iniciarServicioPush } from "../support/servicio-push";
import { createScratchDatabase } from "../support/test-server";

/**
 * Alerts with two `npm run worker` processes on PostgreSQL (docs/contract.md#alerts, decision 0100):
 * the enquiries' inserts queue the alerts, and the two workers send every e-mail and every push once.
 * A database of its own on the server of WEBHOOK_TEST_POSTGRES_URL (default: the local test server),
 * dropped at the end.
 */

const SERVER_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const COUNT = 200;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

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

/** A migrated scratch database: an app, its registered agency, a subscription with e-mail and push to `push`. */
async function prepare(push: Awaited<ReturnType<typeof iniciarServicioPush>>) {
  const scratch = await createScratchDatabase(SERVER_URL);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  pool.on("error", () => {});
  cleanups.push(async () => {
    await pool.end();
    await scratch.drop();
  });
  await migrate(drizzle(pool), { migrationsFolder: path.resolve("lib/db/migrations") });
  const [appId, agenciaId, suscripcionId] = [ulid(), ulid(), ulid()];
  const { endpoint, keys } = push.suscripcion("/push/dos-workers");
  await pool.query("insert into apps (id, name, app_key, secret_primary) values ($1, 'Alertas', $2, 'x')", [appId, ulid()]);
  await pool.query("insert into agencias (id, admin_mail, registrada_at) values ($1, 'ventas@dos.test', now())", [agenciaId]);
  await pool.query(
    "insert into agencia_apps (agencia_id, app_id, estado, invitada_at, invitacion_vence_at, registrada_at) values ($1, $2, 'registrada', now(), now(), now())",
    [agenciaId, appId],
  );
  await pool.query(
    `insert into alertas_suscripciones (id, app_id, suscriptor, email, push_endpoint, push_p256dh, push_auth, enlace)
     values ($1, $2, 'vendedora', 'vendedora@dos.test', $3, $4, $5, 'https://panel.example/c/{sid}')`,
    [suscripcionId, appId, endpoint, keys.p256dh, keys.auth],
  );
  await pool.query("insert into alertas_agencias (agencia_id, suscripcion_id) values ($1, $2)", [agenciaId, suscripcionId]);
  return { pool, appId, agenciaId, url: scratch.url };
}

describe("alert workers on PostgreSQL", () => {
  it("two workers at once send each enquiry's e-mail and push exactly once", async () => {
    const push = await iniciarServicioPush();
    cleanups.push(push.cerrar);
    const { pool, appId, agenciaId, url } = await prepare(push);
    const sids = Array.from({ length: COUNT }, () => ulid());
    const auto = JSON.stringify({ ExternalId: "", Marca: "Fiat", Modelo: "Cronos", Version: null, VersionYear: 2022, Precio: null });
    const interesado = JSON.stringify({ Nombre: "Ana", Apellido: "Paz", Email: "ana@example.com", Telefono: null, Comentario: "¿Precio?" });
    await pool.query(
      `insert into consultas (sid, agencia_id, app_id, external_id, tipo_anuncio, origen_lead, momento, auto, interesado, operador_responsable)
       select sid, $2, $3, 'x', 'publicacion', 'form', now(), $4::jsonb, $5::jsonb, 'ventas@dos.test' from unnest($1::text[]) as t(sid)`,
      [sids, agenciaId, appId, auto, interesado],
    );
    expect((await pool.query("select count(*)::int as n from alertas")).rows[0].n).toBe(2 * COUNT);
    const env = {
      DATABASE_URL: url,
      SECRETS_KEY: randomBytes(32).toString("hex"),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
      WEBHOOK_ALLOW_HTTP: "true",
      LOG_LEVEL: "error",
      DATA_DIR: path.join("/tmp", `vitrina-worker-${randomBytes(4).toString("hex")}`),
    };
    startWorker(env);
    startWorker(env);
    const sent = async () => (await pool.query("select count(*)::int as n from dev_mailbox")).rows[0].n as number;
    const deadline = Date.now() + 120_000;
    while ((push.recibidos.length < COUNT || (await sent()) < COUNT) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const tags = push.recibidos.map((recibido) => (recibido.payload as { tag: string }).tag);
    expect(tags).toHaveLength(COUNT);
    expect(new Set(tags)).toEqual(new Set(sids));
    expect(push.recibidos.every((recibido) => recibido.vapid.valido)).toBe(true);
    const correos = await pool.query<{ text: string }>("select text from dev_mailbox");
    expect(correos.rows).toHaveLength(COUNT);
    expect(new Set(correos.rows.map((row) => sids.find((sid) => row.text.includes(sid))))).toEqual(new Set(sids));
    const { rows } = await pool.query("select canal, estado, count(*)::int as n from alertas group by 1, 2 order by 1");
    expect(rows).toEqual([
      { canal: "email", estado: "enviada", n: COUNT },
      { canal: "push", estado: "enviada", n: COUNT },
    ]);
  }, 180_000);
});
