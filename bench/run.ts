import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { decodeTime } from "ulid";
import { formatDateTime } from "@/lib/time";
import { firstLoadJs } from "./lib/bundle";
import { cpuSnapshot, cpuSpent } from "./lib/cpu";
import { type Credentials, type LoadResult, load, quantile, signedFetch } from "./lib/load";
import { note, run, type Started, start, step, stop, stopAll, waitFor } from "./lib/proc";
import { detailStatement, pageSql, seekPageStatement, totalStatement, visibleSql } from "./lib/sql";

/**
 * npm run bench: issue 8's measurements in one run, on PostgreSQL with the demo data (see
 * docs/performance.md). Env: BENCH_CONSULTAS (1000000), BENCH_PGLITE_CONSULTAS (200000),
 * BENCH_SECONDS per load run (10), BENCH_WORKERS (2), BENCH_PORT (first of five ports, 3990),
 * BENCH_PG_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres).
 */

const root = process.cwd();
const N = Number(process.env.BENCH_CONSULTAS ?? 1_000_000);
const N_PGLITE = Number(process.env.BENCH_PGLITE_CONSULTAS ?? Math.min(N, 200_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE = "vitrina_bench";
const DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`);
const DIST = process.env.NEXT_DIST_DIR || ".next-bench";
const ADMIN_MAIL = "ventas@autosdelplata.com.ar";
const CONNECTIONS = [1, 16, 64];
/** Runs of each server at 16 connections, the targets' level: the machine's speed drifts from minute to minute. */
const RUNS_AT_16 = Number(process.env.BENCH_RUNS_AT_16 ?? 3);
const ports = { vitrina: PORT, baseline: PORT + 1, receiver: PORT + 2, pglite: PORT + 3 };
const vitrinaUrl = `http://127.0.0.1:${ports.vitrina}`;
const baselineUrl = `http://127.0.0.1:${ports.baseline}`;
const work = mkdtempSync(path.join(os.tmpdir(), "vitrina-bench-"));
const log = (name: string) => path.join(work, `${name}.log`);
const npm = "npm";
const tsx = path.join(root, "node_modules/.bin/tsx");

const secrets = {
  SECRETS_KEY: randomBytes(32).toString("hex"),
  AUTH_SECRET: randomBytes(32).toString("hex"),
  MARKETPLACE_TOKEN: `bench-${randomBytes(16).toString("hex")}`,
};
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  ...secrets,
  NEXT_DIST_DIR: DIST,
  DATABASE_URL,
  SEED_DEMO: "false",
  PORT: String(ports.vitrina),
  PUBLIC_BASE_URL: vitrinaUrl,
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  WEBHOOK_ALLOW_HTTP: "true",
  // The limiter stays on (its counting is part of every request) with quotas the load never reaches.
  RATE_LIMIT_APP: "1000000000",
  RATE_LIMIT_IP: "1000000000",
  NODE_ENV: "production",
};

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "—");
const int = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "—");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const md: string[] = [];
const verdicts: string[] = [];
const verdict = (met: boolean, text: string) => verdicts.push(`- ${met ? "**met**" : "**missed**"}: ${text}`);
function table(header: string[], rows: (string | number)[][], align?: string[]) {
  md.push(`| ${header.join(" | ")} |`, `| ${header.map((_, i) => align?.[i] ?? (i === 0 ? "---" : "---:")).join(" | ")} |`);
  for (const row of rows) md.push(`| ${row.join(" | ")} |`);
  md.push("");
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function adminCli(args: string[], env: NodeJS.ProcessEnv, heartbeat?: string) {
  const out = await run(npm, ["run", "-s", "admin", "--", ...args, "--json"], env, { heartbeat });
  return JSON.parse(out.slice(out.indexOf("{"))) as Record<string, unknown>;
}

async function startVitrina(name: string, env: NodeJS.ProcessEnv, url: string): Promise<Started> {
  const server = start(name, npm, ["start"], env, log(name));
  await waitFor(`${url}/v3/openapi.json`, 300_000, server);
  return server;
}

/** The demo app's credentials and the paths the load runs use, found through the API itself. */
async function discover(baseUrl: string, env: NodeJS.ProcessEnv, heartbeat: string, count: number) {
  const began = performance.now();
  const seeded = await adminCli(["seed", "demo", "--consultas", String(count)], env, heartbeat);
  const seedSeconds = (performance.now() - began) / 1000;
  const credentials = (await adminCli(["app", "rotate-secret", "--app", String(seeded.AppKey)], env)) as unknown as Credentials;
  const list = `/v3/consultas/${ADMIN_MAIL}`;
  const first = await signedFetch(baseUrl, credentials, "GET", list);
  if (first.status !== 200) throw new Error(`${list}: ${first.status} ${await first.text()}`);
  const body = (await first.json()) as {
    Total: number;
    _entries: { OperadorResponsable: string; TipoAnuncio: string; Auto: { ExternalId?: string }; _links: { self: { href: string } } }[];
  };
  const entry = body._entries[0];
  if (!entry) throw new Error("La lista de consultas de la demo está vacía");
  const operador = body._entries.find((item) => item.OperadorResponsable !== ADMIN_MAIL)?.OperadorResponsable ?? entry.OperadorResponsable;
  const externalId = body._entries.find((item) => item.TipoAnuncio === "publicacion" && item.Auto.ExternalId)?.Auto.ExternalId;
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const sid = entry._links.self.href.split("/").pop() ?? "";
  const paths = {
    "list, page 1": list,
    "list, filtered (operador + 30 days)": `${list}?operador=${operador}&desde=${monthAgo}`,
    "list, page 99": `${list}?pagina=99`,
    detail: `${list}/${sid}`,
    marcas: "/v3/marcas",
    "marcas bestmatch (make=volksvagen)": "/v3/marcas/bestmatch?make=volksvagen",
  };
  for (const [name, p] of Object.entries(paths)) {
    const response = await signedFetch(baseUrl, credentials, "GET", p);
    if (response.status !== 200) throw new Error(`${name} ${p}: ${response.status} ${await response.text()}`);
  }
  return { credentials, paths, total: body.Total, externalId, seedSeconds, appKey: String(seeded.AppKey) };
}

function machine() {
  const pgVersion = execSync(`psql "${ADMIN_URL}" -Atc "show server_version"`, { encoding: "utf8" }).trim();
  const commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
  const dirty = execSync("git status --porcelain -- app lib components scripts", { encoding: "utf8" }).split("\n").filter(Boolean).length;
  return {
    text: `${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, PostgreSQL ${pgVersion} on 127.0.0.1`,
    commit: dirty
      ? `${commit} plus ${dirty} uncommitted files under app/, lib/, components/, scripts/ (work in progress of others in the tree)`
      : commit,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Each figure of several runs of one server: its median. */
function medianRun(runs: { result: LoadResult; perRequest: number[] }[]): { result: LoadResult; perRequest: number[] } {
  const of = (pick: (result: LoadResult) => number) => median(runs.map((run) => pick(run.result)));
  return {
    result: {
      rps: of((r) => r.rps),
      p50: of((r) => r.p50),
      p99: of((r) => r.p99),
      requests: of((r) => r.requests),
      failures: runs.reduce((sum, run) => sum + run.result.failures, 0),
    },
    perRequest: [0, 1].map((index) => median(runs.map((run) => run.perRequest[index] ?? Number.NaN))),
  };
}

const p99Cell = (p99: number, runs: number[]) => (runs.length > 1 ? `${p99} (${runs.join(" / ")})` : String(p99));

// ── Steps ───────────────────────────────────────────────────────────────────────────────────────

async function loadStep(creds: Credentials, paths: Record<string, string>, vitrina: Started, baseline: Started) {
  step(`1–2. Carga con autocannon (${SECONDS} s por corrida; conexiones ${CONNECTIONS.join(", ")}): Vitrina y baseline, alternados`);
  const results: {
    name: string;
    connections: number;
    vitrina: LoadResult;
    baseline: LoadResult;
    cpu: { v: number[]; b: number[] };
    p99s: { v: number[]; b: number[] };
  }[] = [];
  // Both servers warm up together first (JIT, pools, prepared statements), then 3 s before each request.
  for (const url of [vitrinaUrl, baselineUrl]) {
    await load({ baseUrl: url, path: Object.values(paths)[0] ?? "/v3", connections: 16, seconds: 10, credentials: creds });
  }
  for (const [name, p] of Object.entries(paths)) {
    for (const url of [vitrinaUrl, baselineUrl]) await load({ baseUrl: url, path: p, connections: 16, seconds: 3, credentials: creds });
    for (const connections of CONNECTIONS) {
      const measure = async (url: string, server: Started) => {
        const before = cpuSnapshot();
        const result = await load({ baseUrl: url, path: p, connections, seconds: SECONDS, credentials: creds });
        const after = cpuSnapshot();
        const backends = (await admin(`select pid from pg_stat_activity where datname = '${DATABASE}'`)).rows.map((row) => Number(row.pid));
        const spent = cpuSpent(before, after, server.child.pid, backends);
        const perRequest = [spent.server / result.requests, spent.postgres / result.requests];
        return { result, perRequest };
      };
      const runs: { v: Awaited<ReturnType<typeof measure>>; b: Awaited<ReturnType<typeof measure>> }[] = [];
      for (let run = 0; run < (connections === 16 ? RUNS_AT_16 : 1); run++) {
        runs.push({ v: await measure(vitrinaUrl, vitrina), b: await measure(baselineUrl, baseline) });
      }
      const v = medianRun(runs.map((run) => run.v));
      const b = medianRun(runs.map((run) => run.b));
      const p99s = { v: runs.map((run) => run.v.result.p99), b: runs.map((run) => run.b.result.p99) };
      results.push({ name, connections, vitrina: v.result, baseline: b.result, cpu: { v: v.perRequest, b: b.perRequest }, p99s });
      note(
        `${name} @${connections}: Vitrina ${fmt(v.result.rps, 0)} req/s p50 ${v.result.p50} p99 ${v.result.p99} ms (${p99s.v.join(" / ")}) · baseline ${fmt(b.result.rps, 0)} req/s p50 ${b.result.p50} p99 ${b.result.p99} ms (${p99s.b.join(" / ")})`,
      );
    }
  }
  md.push(`### 1–2. API under load: Vitrina and the baseline`, "");
  md.push(
    `autocannon, ${SECONDS} s per run after a 3 s warm-up (and 10 s for each server before the first), every request signed afresh (Date, X-ACS-Nonce). At 16 connections each server runs ${RUNS_AT_16} times, alternating, and each column is the median of its runs (the p99 of every run in brackets); at 1 and 64, once. The baseline is \`bench/baseline.ts\`: node:http + pg, the same SQL, JSON, HMAC check and replay store, none of Next.js, drizzle, zod, negotiation, ETag or the request log. Runs of Vitrina and the baseline alternate. CPU per request (/proc, ms): the server's process group · the PostgreSQL backends connected to the benchmark's database.`,
    "",
  );
  table(
    [
      "request",
      "conn.",
      "Vitrina req/s",
      "p50 ms",
      "p99 ms",
      "baseline req/s",
      "p50 ms",
      "p99 ms",
      "ratio req/s",
      "CPU/req Vitrina node · pg",
      "CPU/req baseline node · pg",
      "failures",
    ],
    results.map((r) => [
      r.name,
      r.connections,
      fmt(r.vitrina.rps, 0),
      r.vitrina.p50,
      p99Cell(r.vitrina.p99, r.p99s.v),
      fmt(r.baseline.rps, 0),
      r.baseline.p50,
      p99Cell(r.baseline.p99, r.p99s.b),
      `${fmt((100 * r.vitrina.rps) / r.baseline.rps, 0)} %`,
      `${fmt(r.cpu.v[0] ?? Number.NaN, 2)} · ${fmt(r.cpu.v[1] ?? Number.NaN, 2)}`,
      `${fmt(r.cpu.b[0] ?? Number.NaN, 2)} · ${fmt(r.cpu.b[1] ?? Number.NaN, 2)}`,
      r.vitrina.failures + r.baseline.failures,
    ]),
  );
  const at16 = (name: string) => results.find((r) => r.name === name && r.connections === 16);
  for (const name of ["list, page 1", "list, filtered (operador + 30 days)", "list, page 99"]) {
    const r = at16(name);
    if (!r) continue;
    const ratio = (100 * r.vitrina.rps) / r.baseline.rps;
    verdict(
      ratio >= 60,
      `${name} at 16 connections ≥ 60 % of baseline req/s: ${fmt(ratio, 0)} % (${fmt(r.vitrina.rps, 0)} vs ${fmt(r.baseline.rps, 0)})`,
    );
    verdict(r.vitrina.p99 <= 50, `${name} at 16 connections p99 ≤ 50 ms: ${r.vitrina.p99} ms`);
  }
  const detail = results.filter((r) => r.name === "detail");
  const worst = Math.max(...detail.map((r) => r.vitrina.p99));
  const d16 = at16("detail");
  verdict(
    (d16?.vitrina.p99 ?? Number.POSITIVE_INFINITY) <= 20,
    `detail p99 ≤ 20 ms: ${d16?.vitrina.p99} ms at 16 connections (${detail.map((r) => `${r.vitrina.p99} ms @${r.connections}`).join(", ")}; worst ${worst} ms)`,
  );
  return results;
}

async function explainStep(paths: Record<string, string>) {
  step("EXPLAIN ANALYZE de las consultas SQL de la lista y el detalle");
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ agencia: string; app: string; compartir: boolean }>(
      `select a.id as agencia, r.app_id as app, r.compartir_catalogo as compartir from agencias a join agencia_apps r on r.agencia_id = a.id where a.admin_mail = $1 limit 1`,
      [ADMIN_MAIL],
    );
    const v = rows[0];
    if (!v) return;
    const visible = visibleSql(v);
    const since = new Date(Date.now() - 90 * 86_400_000);
    const sid = paths.detail?.split("/").pop() ?? "";
    const list: [string, unknown[]] = [`${visible} and momento >= $3 and momento <= $4`, [v.agencia, v.app, since, new Date()]];
    const agency = { agenciaId: v.agencia, adminMail: ADMIN_MAIL, appId: v.app, compartir: v.compartir };
    const total = totalStatement({
      visible: agency,
      where: list[0],
      params: list[1],
      from: since,
      to: new Date(),
    });
    const seek = seekPageStatement({
      visible: agency,
      where: list[0],
      params: list[1],
      from: since,
      to: new Date(),
      offset: 4900,
    });
    const detail = detailStatement(v.app, ADMIN_MAIL, sid);
    const queries: [string, string, unknown[]][] = [
      ["page 1 (limit 50)", pageSql(list[0], 0), list[1]],
      ["page 99 (offset 4900, from the hour counters)", seek.text, seek.values],
      ["Total: counters and partial hours, one statement", total?.text ?? "select 0", total?.values ?? []],
      ["exact count(*) of the 90 days (what Total avoids)", `select count(*) from consultas where ${list[0]}`, list[1]],
      ["detail: agency, relation and enquiry in one query", detail.text, detail.values],
    ];
    const rowsOut: string[][] = [];
    for (const [name, sql, params] of queries) {
      const plan = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${sql}`, params);
      const lines = plan.rows.map((row) => row["QUERY PLAN"]);
      const node = (lines.find((line) => /Scan|Aggregate/.test(line) && !/^\s*Limit/.test(line)) ?? lines[0] ?? "")
        .trim()
        .replace(/\s+\(cost=.*$/, "")
        .replace(/^->\s*/, "");
      const time = lines.find((line) => line.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "";
      rowsOut.push([name, `\`${node}\``, time]);
      note(`${name}: ${node} · ${time}`);
    }
    md.push("**The list's SQL on its own** (EXPLAIN ANALYZE, largest agency, 90 days, after the load runs):", "");
    table(["query", "plan (main node)", "execution time"], rowsOut, ["---", "---", "---:"]);
    // The presenter's share: every entry's Momento goes through lib/time's formatDateTime.
    const zone = process.env.SERVICE_TIME_ZONE || "America/Argentina/Buenos_Aires";
    const began = performance.now();
    for (let i = 0; i < 2000; i++) formatDateTime(new Date(Date.now() - i * 7_000), zone);
    const perCall = ((performance.now() - began) * 1000) / 2000;
    note(`formatDateTime: ${fmt(perCall, 0)} µs por llamada`);
    md.push(
      `Node side: \`formatDateTime\` (lib/time.ts, one call per entry) takes ${fmt(perCall, 0)} µs a call here, so ${fmt((perCall * 52) / 1000)} ms of CPU for a page of 50 (the baseline uses it too).`,
      "",
    );
  } finally {
    await client.end();
  }
}

type Arrival = { sid: string; id: string; at: number };

async function ingest(rate: number, count: number, externalId: string, maxInFlight: number) {
  const submitted = new Map<string, number>();
  const responseMs: number[] = [];
  let failures = 0;
  let sent = 0;
  let inFlight = 0;
  const began = Date.now();
  let lastDone = began;
  const body = (index: number) =>
    JSON.stringify({
      AdminMail: ADMIN_MAIL,
      ExternalId: externalId,
      TipoAnuncio: "publicacion",
      OrigenLead: "bench",
      Interesado: {
        Interes: "compra",
        Nombre: "Bench",
        Apellido: `N${index}`,
        Email: `bench${index}@example.com`,
        Comentario: "¿Sigue disponible?",
      },
    });
  const pending = new Set<Promise<void>>();
  const one = async (index: number) => {
    const at = Date.now();
    try {
      const response = await fetch(`${vitrinaUrl}/marketplace/consultas`, {
        method: "POST",
        headers: { Authorization: `Bearer ${secrets.MARKETPLACE_TOKEN}`, "Content-Type": "application/json" },
        body: body(index),
      });
      const json = (await response.json()) as { Sid?: string };
      if (response.status === 201 && json.Sid) {
        submitted.set(json.Sid, at);
        responseMs.push(Date.now() - at);
      } else failures++;
    } catch {
      failures++;
    }
    lastDone = Date.now();
  };
  while (sent < count) {
    const due = Math.min(count, Math.floor(((Date.now() - began) / 1000) * rate) + 1);
    while (sent < due && inFlight < maxInFlight) {
      sent++;
      inFlight++;
      const promise = one(sent).finally(() => {
        inFlight--;
        pending.delete(promise);
      });
      pending.add(promise);
    }
    await sleep(2);
  }
  await Promise.all(pending);
  return { submitted, responseMs, failures, seconds: (lastDone - began) / 1000 };
}

async function collect(submitted: Map<string, number>, quietMs = 20_000, capMs = 180_000) {
  const arrivals: Arrival[] = [];
  const began = Date.now();
  let lastProgress = Date.now();
  while (Date.now() - began < capMs) {
    const batch = (await (await fetch(`http://127.0.0.1:${ports.receiver}/arrivals`)).json()) as Arrival[];
    if (batch.length > 0) lastProgress = Date.now();
    arrivals.push(...batch);
    const delivered = new Set(arrivals.map((arrival) => arrival.sid).filter((sid) => submitted.has(sid)));
    if (delivered.size >= submitted.size || Date.now() - lastProgress > quietMs) break;
    await sleep(500);
  }
  const first = new Map<string, Arrival>();
  for (const arrival of arrivals) if (submitted.has(arrival.sid) && !first.has(arrival.sid)) first.set(arrival.sid, arrival);
  // From the request's sending, and from the enqueue: the notification's Id is a ULID made in the
  // ingestion transaction, whose first 48 bits are that moment in ms (same machine, same clock).
  const latencies = [...first].map(([sid, arrival]) => arrival.at - (submitted.get(sid) ?? arrival.at));
  const enqueued = [...first.values()].map((arrival) => arrival.at - decodeTime(arrival.id));
  const times = [...first.values()].map((arrival) => arrival.at);
  const window = (Math.max(...times) - Math.min(...times)) / 1000;
  return {
    delivered: first.size,
    duplicates: arrivals.length - first.size,
    latencies,
    enqueued,
    rate: window > 0 ? first.size / window : Number.NaN,
  };
}

async function webhookStep(creds: Credentials, externalId: string | undefined) {
  step(`3. Webhooks: receptor local, ${WORKERS} procesos npm run worker, ingesta a 100/s y 1.000/s, y un backlog`);
  if (!externalId) throw new Error("No se encontró una publicación para las consultas de prueba");
  const receiver = start("receiver", tsx, ["bench/receiver.ts"], { ...process.env, PORT: String(ports.receiver) }, log("receiver"));
  await waitFor(`http://127.0.0.1:${ports.receiver}/arrivals`, 30_000, receiver);
  const webhook = { Callback: `http://127.0.0.1:${ports.receiver}/hook`, Secret: "bench-webhook-secret-0123456789", Activo: true };
  let response = await signedFetch(vitrinaUrl, creds, "PUT", "/v3/appnotificaciones/consultas", webhook);
  if (response.status === 404) response = await signedFetch(vitrinaUrl, creds, "POST", "/v3/appnotificaciones/consultas", webhook);
  if (response.status !== 200 && response.status !== 201) throw new Error(`appnotificaciones: ${response.status} ${await response.text()}`);
  const startWorkers = async () => {
    const workers = Array.from({ length: WORKERS }, (_, i) =>
      start(`worker-${i + 1}`, npm, ["run", "worker"], serverEnv, log(`worker-${i + 1}`)),
    );
    return workers;
  };
  let workers = await startWorkers();
  await sleep(8000);
  const rows: (string | number)[][] = [];
  const results: Record<string, { rate: number; p99: number; ingested: number }> = {};
  const scale = Number(process.env.BENCH_WEBHOOK_SCALE ?? 1);
  for (const [rate, seconds] of [
    [100, 20 * scale],
    [1000, 10 * scale],
  ] as const) {
    note(`ingesta a ${rate}/s durante ${seconds} s…`);
    const sent = await ingest(rate, rate * seconds, externalId, 256);
    const got = await collect(sent.submitted);
    const p = (q: number) => quantile(got.enqueued, q);
    results[rate] = { rate: got.rate, p99: p(0.99), ingested: sent.submitted.size / sent.seconds };
    note(
      `  ingestadas ${sent.submitted.size} (${fmt(sent.submitted.size / sent.seconds, 0)}/s, ${sent.failures} fallidas) · entregadas ${got.delivered} a ${fmt(got.rate, 0)}/s · encolado→entrega p50 ${p(0.5)} p99 ${p(0.99)} ms · envío→entrega p99 ${quantile(got.latencies, 0.99)} ms`,
    );
    rows.push([
      `${rate}/s for ${seconds} s`,
      `${int(sent.submitted.size)} (${fmt(sent.submitted.size / sent.seconds, 0)}/s)`,
      `${fmt(quantile(sent.responseMs, 0.5), 0)} / ${fmt(quantile(sent.responseMs, 0.99), 0)}`,
      sent.failures,
      `${int(got.delivered)}${got.duplicates ? ` (+${got.duplicates} repeated)` : ""}`,
      fmt(got.rate, 0),
      p(0.5),
      p(0.95),
      p(0.99),
      Math.max(...got.enqueued),
      quantile(got.latencies, 0.99),
    ]);
  }
  // Delivery capacity alone: a backlog queued with the workers stopped, then drained.
  // Large enough that draining it takes tens of seconds: a sustained rate, not a burst.
  const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
  note(`backlog: ${BACKLOG} consultas con los workers detenidos…`);
  await Promise.all(workers.map((worker) => stop(worker)));
  const queued = await ingest(100_000, BACKLOG, externalId, 64);
  const drainStart = Date.now();
  workers = await startWorkers();
  const drained = await collect(queued.submitted);
  note(
    `  drenadas ${drained.delivered} a ${fmt(drained.rate, 0)}/s (primera a última entrega; los workers arrancaron ${((Date.now() - drainStart) / 1000).toFixed(0)} s antes del fin)`,
  );
  rows.push([
    `backlog of ${int(BACKLOG)}, workers started after`,
    `${int(queued.submitted.size)} (${fmt(queued.submitted.size / queued.seconds, 0)}/s)`,
    `${fmt(quantile(queued.responseMs, 0.5), 0)} / ${fmt(quantile(queued.responseMs, 0.99), 0)}`,
    queued.failures,
    `${int(drained.delivered)}${drained.duplicates ? ` (+${drained.duplicates} repeated)` : ""}`,
    fmt(drained.rate, 0),
    quantile(drained.enqueued, 0.5),
    quantile(drained.enqueued, 0.95),
    quantile(drained.enqueued, 0.99),
    Math.max(...drained.enqueued),
    "—",
  ]);
  await Promise.all(workers.map((worker) => stop(worker)));
  await stop(receiver);
  md.push(`### 3. Webhook delivery`, "");
  md.push(
    `\`POST /marketplace/consultas\` at the target rate (open loop, up to 256 in flight), the demo app's \`consultas\` webhook pointed at \`bench/receiver.ts\` (node:http, answers 204), ${WORKERS} \`npm run worker\` processes. Enqueue→delivery = arrival at the receiver − the enqueue moment (the notification Id is a ULID made in the ingestion transaction: its time part, in ms); request sent→delivery also counts the wait for ingestion itself. Delivery rate = delivered ÷ (last − first arrival). The backlog row queues enquiries with the workers stopped and then starts them: its latencies include that wait, its rate is the workers' capacity alone.`,
    "",
  );
  table(
    [
      "run",
      "ingested (achieved rate)",
      "ingest response p50 / p99 ms",
      "ingest failures",
      "delivered",
      "delivered/s",
      "enqueue→delivery p50 ms",
      "p95 ms",
      "p99 ms",
      "max ms",
      "request sent→delivery p99 ms",
    ],
    rows,
  );
  // Sustained delivery is the workers' own rate over the large backlog: live, they can only deliver
  // as fast as enquiries are ingested, and ingestion shares the machine's two cores with them.
  verdict(
    drained.rate >= 500,
    `webhook delivery ≥ 500/s sustained: the workers drained ${int(drained.delivered)} notifications at ${fmt(drained.rate, 0)}/s; live, with ingestion asked for 1,000/s (it reached ${fmt(results[1000]?.ingested ?? Number.NaN, 0)}/s), they delivered ${fmt(results[1000]?.rate ?? Number.NaN, 0)}/s with enqueue→delivery p99 ${results[1000]?.p99} ms`,
  );
  verdict(
    (results[100]?.p99 ?? Number.POSITIVE_INFINITY) <= 1000,
    `enqueue-to-delivery p99 ≤ 1 s at 100/s: ${results[100]?.p99} ms (ingestion reached ${fmt(results[100]?.ingested ?? Number.NaN, 0)}/s of the 100/s asked)`,
  );
}

async function panelStep() {
  step("4. Panel: TTFB de /panel/consultas con la sesión del admin de la demo");
  const csrf = await fetch(`${vitrinaUrl}/api/auth/csrf`);
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const eq = pair.indexOf("=");
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const signIn = await fetch(`${vitrinaUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader() },
    body: new URLSearchParams({
      csrfToken,
      email: "admin@demo.vitrina.local",
      password: "demo-admin-2026",
      callbackUrl: `${vitrinaUrl}/panel`,
      json: "true",
    }),
  });
  keep(signIn);
  if (![...cookies.keys()].some((name) => name.includes("session-token")))
    throw new Error(`No se pudo ingresar al Panel: ${signIn.status}`);
  const ROUNDS = 40;
  const ttfb: number[] = [];
  const full: number[] = [];
  for (let round = 0; round < ROUNDS + 3; round++) {
    const began = performance.now();
    const response = await fetch(`${vitrinaUrl}/panel/consultas`, { headers: { Cookie: cookieHeader() }, redirect: "manual" });
    const headersAt = performance.now();
    const html = await response.text();
    const done = performance.now();
    if (response.status !== 200 || !html.includes("Consultas")) throw new Error(`/panel/consultas: ${response.status}`);
    if (round >= 3) {
      ttfb.push(headersAt - began);
      full.push(done - began);
    }
  }
  const row = [quantile(ttfb, 0.5), quantile(ttfb, 0.95), quantile(full, 0.5), quantile(full, 0.95)];
  note(`TTFB p50 ${fmt(row[0] ?? 0)} p95 ${fmt(row[1] ?? 0)} ms · documento completo p50 ${fmt(row[2] ?? 0)} p95 ${fmt(row[3] ?? 0)} ms`);
  md.push(`### 4. Panel`, "");
  md.push(
    `Signed in as \`admin@demo.vitrina.local\` through next-auth's credentials callback, then ${ROUNDS} sequential \`GET /panel/consultas\` (after 3 warm-up requests): the page of the first agency, ${ADMIN_MAIL}, whose list is fetched server-side through the signed v3 client. TTFB = response headers received; the document streams, so the complete body is shown too.`,
    "",
  );
  table(
    ["page", "TTFB p50 ms", "TTFB p95 ms", "whole document p50 ms", "p95 ms"],
    [["/panel/consultas", ...row.map((value) => fmt(value))]],
  );
  verdict((row[1] ?? Number.POSITIVE_INFINITY) <= 300, `inbox TTFB p95 ≤ 300 ms: ${fmt(row[1] ?? Number.NaN)} ms`);

  const pages = firstLoadJs(path.join(root, DIST));
  md.push(
    `**First-load JS per page** (\`${DIST}/\`: build-manifest \`rootMainFiles\` plus every chunk in the route's client reference manifest \`entryJSFiles\`, gzip level 6; kB = 1,000 bytes):`,
    "",
  );
  table(
    ["page", "chunks", "gzip kB"],
    pages.map((page) => [`\`${page.route}\``, page.files, fmt(page.gzipBytes / 1000)]),
  );
  const over = pages.filter((page) => page.gzipBytes > 200_000);
  verdict(
    over.length === 0,
    `first-load JS ≤ 200 kB gzip per page: ${over.length === 0 ? `largest ${fmt(Math.max(...pages.map((page) => page.gzipBytes)) / 1000)} kB` : `over on ${over.map((page) => `${page.route} (${fmt(page.gzipBytes / 1000)} kB)`).join(", ")}`}`,
  );
}

async function pgliteStep(pgResults: Awaited<ReturnType<typeof loadStep>>) {
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

// ── Main ────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const began = Date.now();
  const host = machine();
  const loadBefore = os.loadavg()[0]?.toFixed(1);
  step(`Máquina: ${host.text} · commit ${host.commit}`);
  if (!existsSync(path.join(root, DIST, "BUILD_ID"))) {
    step(`Compilando (NEXT_DIST_DIR=${DIST} next build)`);
    await run(path.join(root, "node_modules/.bin/next"), ["build"], { ...process.env, NEXT_DIST_DIR: DIST });
    execSync("git checkout tsconfig.json");
  }
  step(`Base de datos ${DATABASE} (se descarta la anterior)`);
  await admin(`drop database if exists ${DATABASE} with (force)`);
  await admin(`create database ${DATABASE}`);
  step(`Servidor Vitrina en ${vitrinaUrl} (logs en ${work})`);
  const vitrina = await startVitrina("vitrina", serverEnv, vitrinaUrl);
  step(`seed demo --consultas ${N.toLocaleString("es-AR")}`);
  const found = await discover(vitrinaUrl, serverEnv, "seed demo", N);
  note(`seed ${fmt(found.seedSeconds)} s · app ${found.appKey} · Total visible de ${ADMIN_MAIL}: ${found.total}`);
  step("VACUUM ANALYZE y CHECKPOINT (lo que autovacuum y el checkpointer harían después de la carga masiva)");
  await run("psql", [DATABASE_URL, "-qc", "vacuum analyze", "-c", "checkpoint"], process.env);
  step(`Baseline en ${baselineUrl}`);
  const baseline = start("baseline", tsx, ["bench/baseline.ts"], { ...serverEnv, PORT: String(ports.baseline) }, log("baseline"));
  await sleep(1500);
  for (
    let i = 0;
    i < 40 && (await signedFetch(baselineUrl, found.credentials, "GET", "/v3/marcas").catch(() => undefined))?.status !== 200;
    i++
  )
    await sleep(500);
  note(readFileSync(log("baseline"), "utf8").trim());

  const pgResults = await loadStep(found.credentials, found.paths, vitrina, baseline);
  await explainStep(found.paths);
  await stop(baseline);
  await webhookStep(found.credentials, found.externalId);
  await panelStep();
  await stop(vitrina);
  await pgliteStep(pgResults);

  const minutes = ((Date.now() - began) / 60_000).toFixed(0);
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    `## ${date} · Issue 8 targets: \`npm run bench\` (${int(N)} enquiries)`,
    "",
    `**Machine:** ${host.text}. Load generator, servers, workers and PostgreSQL share the machine; load average (1 min) ${loadBefore} at the start and ${os.loadavg()[0]?.toFixed(1)} at the end (above 2, other processes were using the cores too). **Commit:** ${host.commit}. **Run time:** ${minutes} min.`,
    "",
    "```sh",
    `${N === 1_000_000 ? "" : `BENCH_CONSULTAS=${N} `}${N_PGLITE === Math.min(N, 200_000) ? "" : `BENCH_PGLITE_CONSULTAS=${N_PGLITE} `}npm run bench`,
    "```",
    "",
    `It creates \`${DATABASE}\` (dropped first and at the end), starts \`npm start\` on it (\`SEED_DEMO=false\`, webhooks to private http allowed, rate limits at 10⁹ a minute: counted, never reached), seeds \`seed demo --consultas ${N}\` (${fmt(found.seedSeconds)} s), rotates the demo app's secret for its credentials, runs \`VACUUM ANALYZE\` and a \`CHECKPOINT\` on the database (so the bulk load's dirty pages are written before, not during, the load runs), and measures. The list is ${ADMIN_MAIL}'s, ${int(found.total)} enquiries visible in 90 days.`,
    "",
    "**Targets of issue 8:**",
    "",
    ...verdicts,
    "",
    ...md,
  ].join("\n");
  writeFileSync(path.join(work, "section.md"), section);
  const docFile = path.join(root, "docs/performance.md");
  const doc = readFileSync(docFile, "utf8");
  const marker = doc.indexOf("\n## ");
  writeFileSync(docFile, marker < 0 ? `${doc.trimEnd()}\n\n${section}\n` : `${doc.slice(0, marker)}\n${section}\n${doc.slice(marker)}`);
  step(`Listo en ${minutes} min: sección agregada al principio de docs/performance.md`);
  console.log(`\n${verdicts.join("\n")}`);
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`\n✖ ${(error as Error).stack ?? error}`);
  console.error(`  Logs en ${work}`);
} finally {
  step("Limpieza: procesos iniciados y base de datos");
  await stopAll();
  await admin(`drop database if exists ${DATABASE} with (force)`).catch((error) =>
    console.error(`  no se pudo descartar ${DATABASE}: ${error.message}`),
  );
  if (!failed && !process.env.BENCH_KEEP_LOGS) rmSync(work, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}
