import path from "node:path";
import { load } from "../lib/load";
import { note, step, stop } from "../lib/proc";
import { DIST, discover, fmt, int, md, N, N_PGLITE, ports, SECONDS, startVitrina, table, work } from "./context";
import type { loadStep } from "./load";
export async function pgliteStep(pgResults: Awaited<ReturnType<typeof loadStep>>) {
  step(`5. PGlite: servidor embebido con ${N_PGLITE.toLocaleString("es-AR")} consultas (seed demo)`);
  const dataDir = path.join(work, "pglite-data");
  const url = `http://127.0.0.1:${ports.pglite}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: DIST,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    PORT: String(ports.pglite),
    PUBLIC_BASE_URL: url,
    RATE_LIMIT_APP: "1000000000",
    RATE_LIMIT_IP: "1000000000",
    NODE_ENV: "production",
  };
  delete env.DATABASE_URL;
  const server = await startVitrina("vitrina-pglite", env, url);
  try {
    const found = await discover(url, env, "seed demo (PGlite)", N_PGLITE);
    note(`seed ${fmt(found.seedSeconds)} s · Total visible ${found.total}`);
    const rows: (string | number)[][] = [];
    for (const name of ["list, page 1", "list, filtered (operador + 30 days)", "list, page 99"]) {
      const p = found.paths[name as keyof typeof found.paths];
      await load({ baseUrl: url, path: p, connections: 16, seconds: 3, credentials: found.credentials });
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
      `Embedded server (\`DATA_DIR\` in a temporary directory, no \`DATABASE_URL\`) seeded with \`seed demo --consultas ${N_PGLITE}\` in ${fmt(found.seedSeconds)} s: ${int(found.total)} enquiries visible on page 1's list, against ${int(N)} seeded on PostgreSQL (step 1).${N_PGLITE < N ? " PGlite has fewer rows, so its Total costs less: the comparison favours it." : ""}`,
      "",
    );
    table(["request", "conn.", "PGlite req/s", "p50 ms", "p99 ms", "PostgreSQL req/s", "p50 ms", "p99 ms", "PGlite failures"], rows);
  } finally {
    await stop(server);
  }
}
