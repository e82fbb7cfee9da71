import path from "node:path";
import { load } from "../lib/load";
import { note, step, stop } from "../lib/proc";
import { DIST, discover, fmt, int, md, N, N_PGLITE, ports, SECONDS, startVitrina, table, WARM_UP_SECONDS, work } from "./context";
import type { loadStep } from "./load";

const url = `http://127.0.0.1:${ports.pglite}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_DIST_DIR: DIST,
  DATA_DIR: path.join(work, "pglite-data"),
  SEED_DEMO: "false",
  PORT: String(ports.pglite),
  PUBLIC_BASE_URL: url,
  RATE_LIMIT_APP: "1000000000",
  RATE_LIMIT_IP: "1000000000",
  NODE_ENV: "production",
};
delete env.DATABASE_URL;

/** A stopped server given time to close its database: PGlite writes its files as it closes. */
const CLOSE_MS = 60_000;

export type SeededPglite = Awaited<ReturnType<typeof discover>>;

/**
 * The embedded server started and seeded with `N_PGLITE` enquiries, then stopped: prepared while
 * PostgreSQL's database is vacuumed after its own seed (decision 0123), so its seed does not add to
 * the bench's time, and stopped so it takes no CPU from the runs measured after.
 */
export async function preparePglite(): Promise<SeededPglite> {
  const server = await startVitrina("vitrina-pglite", env, url);
  try {
    const found = await discover(url, env, "seed demo (PGlite)", N_PGLITE);
    note(`PGlite: seed ${fmt(found.seedSeconds)} s · Total visible ${found.total}`);
    return found;
  } finally {
    await stop(server, CLOSE_MS);
  }
}

export async function pgliteStep(found: SeededPglite, pgResults: Awaited<ReturnType<typeof loadStep>>) {
  step(`5. PGlite: servidor embebido con ${N_PGLITE.toLocaleString("es-AR")} consultas (sembradas antes)`);
  const server = await startVitrina("vitrina-pglite", env, url);
  try {
    const rows: (string | number)[][] = [];
    for (const name of ["list, page 1", "list, filtered (operador + 30 days)", "list, page 99"]) {
      const p = found.paths[name as keyof typeof found.paths];
      await load({ baseUrl: url, path: p, connections: 16, seconds: WARM_UP_SECONDS, credentials: found.credentials });
      for (const connections of [1, 16]) {
        const result = await load({ baseUrl: url, path: p, connections, seconds: SECONDS, credentials: found.credentials });
        const onPg = pgResults.find((r) => r.name === name && r.connections === connections)?.vitrina;
        note(`${name} @${connections}: PGlite ${fmt(result.rps, 0)} req/s p50 ${result.p50} p99 ${result.p99} ms`);
        rows.push([
          name,
          connections,
          fmt(result.rps, 0),
          result.p50,
          result.p99,
          fmt(onPg?.rps ?? Number.NaN, 0),
          onPg?.p50 ?? "—",
          onPg?.p99 ?? "—",
          result.failures,
        ]);
      }
    }
    md.push(`### 5. The list on PGlite and on PostgreSQL`, "");
    md.push(
      `Embedded server (\`DATA_DIR\` in a temporary directory, no \`DATABASE_URL\`) seeded with \`seed demo --consultas ${N_PGLITE}\` in ${fmt(found.seedSeconds)} s (while PostgreSQL's database was vacuumed, then stopped until this step): ${int(found.total)} enquiries visible on page 1's list, against ${int(N)} seeded on PostgreSQL (step 1).${N_PGLITE < N ? " PGlite has fewer rows, so its Total costs less: the comparison favours it." : ""}`,
      "",
    );
    table(["request", "conn.", "PGlite req/s", "p50 ms", "p99 ms", "PostgreSQL req/s", "p50 ms", "p99 ms", "PGlite failures"], rows);
  } finally {
    await stop(server, CLOSE_MS);
  }
}
