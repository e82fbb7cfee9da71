import { readFileSync } from "node:fs";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { server } from "../support/client";
import { conLaBase } from "../support/operacion";
import { freePort, startTestServer } from "../support/test-server";

/**
 * Issue 22: /healthz and /readyz on a web process and on `npm run worker`'s WORKER_PORT
 * (docs/decisions/0048). The worker needs PostgreSQL: that part always uses the local server, like
 * the other durability tests.
 */

const POSTGRES_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Service = Awaited<ReturnType<typeof startTestServer>>;
let service: Service;
let workerBase: string;

beforeAll(async () => {
  const workerPort = await freePort();
  service = await startTestServer({ postgresUrl: POSTGRES_URL, env: { WORKER_PORT: String(workerPort) } });
  workerBase = `http://127.0.0.1:${workerPort}`;
  // The worker may still be starting when the web process already answers.
  for (let tries = 0; tries < 600; tries++) {
    const ready = await fetch(`${workerBase}/readyz`).catch(() => undefined);
    if (ready?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the worker never became ready");
});
afterAll(async () => {
  await service?.stop();
});

/** The web process's own scratch database. */
const scratch = <T>(use: (client: pg.Client) => Promise<T>) => conLaBase(service.info.env.DATABASE_URL as string, use);

/** Runs `check` while drizzle's table lacks the newest migration, as a database restored from an older backup would. */
async function withoutNewestMigration(check: () => Promise<void>): Promise<void> {
  const newest = await scratch(async (client) => {
    const { rows } = await client.query("select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1");
    await client.query("delete from drizzle.__drizzle_migrations where id = $1", [rows[0].id]);
    return rows[0];
  });
  try {
    await check();
  } finally {
    await scratch((client) =>
      client.query("insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)", [
        newest.id,
        newest.hash,
        newest.created_at,
      ]),
    );
  }
}

async function probe(base: string, path: string, method = "GET") {
  const response = await fetch(`${base}${path}`, { method });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

describe("the probes of a web process", () => {
  it("answer alive and ready, unauthenticated, JSON, never cached, HEAD too", async () => {
    const base = server().baseUrl;
    const alive = await probe(base, "/healthz");
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ status: "alive" });
    expect(alive.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(alive.headers.get("cache-control")).toBe("no-store");
    expect(alive.headers.get("x-content-type-options")).toBe("nosniff");
    const ready = await probe(base, "/readyz?probe=1");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready" });
    const head = await fetch(`${base}/readyz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("refuse other methods with 405 and Allow", async () => {
    const refused = await probe(server().baseUrl, "/healthz", "POST");
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD");
  });

  it("are cheap and leave no log line", async () => {
    const base = server().baseUrl;
    const times: number[] = [];
    for (let n = 0; n < 100; n++) {
      const started = performance.now();
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`readyz: median ${times[50]?.toFixed(2)} ms, p99 ${times[99]?.toFixed(2)} ms over 100 sequential probes`);
    expect(times[50]).toBeLessThan(50);
    expect(readFileSync(server().logFile, "utf8")).not.toMatch(/healthz|readyz/);
  });

  it("say 503 migrations-pending while the database lacks the newest migration, and ready again once it has it", async () => {
    const base = service.info.baseUrl;
    await withoutNewestMigration(async () => {
      const pending = await probe(base, "/readyz");
      expect(pending.status).toBe(503);
      expect(pending.body).toMatchObject({ status: "unavailable", reason: "migrations-pending" });
      expect(pending.body.detail).toMatch(/migraciones/);
      // Alive all the same: the orchestrator must not restart it for this.
      expect((await probe(base, "/healthz")).status).toBe(200);
    });
    expect((await probe(base, "/readyz")).status).toBe(200);
  });

  it("say 503 database-unreachable within about 2 s when the database does not answer", async () => {
    const base = service.info.baseUrl;
    await scratch(async (client) => {
      await client.query("begin");
      await client.query("lock table drizzle.__drizzle_migrations in access exclusive mode");
      try {
        const started = Date.now();
        const stuck = await probe(base, "/readyz");
        expect(stuck.status).toBe(503);
        expect(stuck.body).toMatchObject({ status: "unavailable", reason: "database-unreachable" });
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        await client.query("rollback");
      }
    });
    expect((await probe(base, "/readyz")).status).toBe(200);
  });
});

describe("the probes of a worker (WORKER_PORT)", () => {
  it("answer alive and ready on the worker's own port, and nothing else there", async () => {
    expect(await probe(workerBase, "/healthz")).toMatchObject({ status: 200, body: { status: "alive" } });
    expect(await probe(workerBase, "/readyz")).toMatchObject({ status: 200, body: { status: "ready" } });
    expect((await fetch(`${workerBase}/v3`)).status).toBe(404);
  });

  it("say 503 migrations-pending like a web process", async () => {
    await withoutNewestMigration(async () => {
      expect(await probe(workerBase, "/readyz")).toMatchObject({ status: 503, body: { reason: "migrations-pending" } });
    });
    expect((await probe(workerBase, "/readyz")).status).toBe(200);
  });
});
