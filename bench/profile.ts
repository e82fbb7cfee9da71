import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { cpuSnapshot, cpuSpent } from "./lib/cpu";
import { type Credentials, type LoadResult, load } from "./lib/load";
import { note, start, step, stop, stopAll, waitFor } from "./lib/proc";
import {
  ADMIN_MAIL,
  admin,
  DATABASE,
  DATABASE_URL,
  discover,
  int,
  log,
  N,
  root,
  SECONDS,
  serverEnv,
  vitrinaUrl,
  work,
} from "./steps/context";
import { ingestLoad } from "./steps/ingest";
import { createListings, fillTo, listPath, raisePackage } from "./steps/publicaciones";

/**
 * npm run bench:profile -- [request]: where the web process's CPU goes for one request under load,
 * by layer (issue 31: "measure what each layer adds"). It seeds `BENCH_CONSULTAS` (20,000) demo
 * enquiries into `BENCH_DATABASE`, starts `npm start` with V8's sampling profiler, runs the request
 * (`loadOf`: a GET, or `crear`, `ingesta`, `publicaciones`) at 16 connections for `BENCH_SECONDS`,
 * prints the CPU per request of the web process and of the database, what the database's backends
 * were doing (`sampled`), and each layer's share of the profile's samples: a sample
 * counts for the innermost frame of a layer on its stack (the kernel's signature check, the
 * database driver, serialisation…), so every layer's figure includes what it calls outside the
 * project (crypto, JSON) but not the layers it calls.
 */

type Node = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; endTime: number };
/** The load's window, in µs before the profile's end (written when the process exits). */
type Window = { fromEnd: number; toEnd: number };

/** The layer of a frame, by its file; undefined for code outside the layers (Node, V8, libraries without a layer). */
const LAYERS: [RegExp, string][] = [
  [/lib\/http\/(auth|signing)\.ts/, "signature (ACS-HMAC)"],
  [/lib\/http\/replay\.ts/, "replay store"],
  [/lib\/http\/rate-limit/, "rate limits"],
  [/lib\/service\/apps\/find-app/, "app lookup"],
  [/lib\/http\/negotiate\.ts/, "negotiation"],
  [/lib\/http\/etag\.ts/, "ETag"],
  [/lib\/http\/validation\.ts|node_modules\/zod\//, "validation (zod)"],
  [/lib\/http\/request\.ts|lib\/log|node_modules\/pino/, "request log"],
  [/lib\/http\/direct-routes\.ts|lib\/http\/response-bytes\.ts|node:zlib/, "HTTP in/out (direct routes, gzip)"],
  [/lib\/http\/route\.ts/, "kernel (route.ts: respond, serialise)"],
  [/lib\/service\/consultas\/(cache|facts)\.ts/, "facts and revision"],
  [/lib\/service\/consultas\/present|lib\/service\/consultas\/envelope/, "presenting entries"],
  [/lib\/service\/publicaciones\/present/, "presenting listings"],
  [/lib\/service\/publicaciones\/resolve/, "listing lookup (resolve.ts)"],
  [/lib\/service\//, "service"],
  [/node_modules\/drizzle-orm\//, "drizzle"],
  [/node_modules\/(pg|pg-protocol|pg-types|postgres-[a-z]+)\//, "pg driver"],
  [/scripts\/start\.ts|lib\/metrics|node_modules\/prom-client/, "server (start.ts, metrics)"],
  [/node_modules\/next\//, "next"],
  [/node:|^$/, ""],
];

function layerOf(url: string): string | undefined {
  for (const [pattern, name] of LAYERS) if (pattern.test(url)) return name || undefined;
  return url.includes("node_modules/") ? `other: ${url.split("node_modules/").pop()?.split("/")[0]}` : `other: ${path.basename(url)}`;
}

/** Each layer's share of the profile's samples (innermost frame with a layer on the stack). */
function byLayer(profile: Profile, window: Window): [string, number][] {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  const sampledAt: number[] = [];
  let time = profile.endTime - profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  for (const delta of profile.timeDeltas) {
    time += delta;
    sampledAt.push(time);
  }
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const before = profile.endTime - (sampledAt[index] ?? 0);
    if (before > window.fromEnd || before < window.toEnd) return;
    let layer: string | undefined;
    let idle = false;
    for (let at: number | undefined = id; at !== undefined && !layer; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) break;
      if (frame.functionName === "(idle)") idle = true;
      layer = layerOf(frame.url) ?? (frame.functionName === "(garbage collector)" ? "garbage collector" : undefined);
    }
    const name = idle ? "(idle)" : (layer ?? "other: Node and V8");
    totals.set(name, (totals.get(name) ?? 0) + delta);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** One load of the profiled request at 16 connections, for `seconds`. */
type Load = (seconds: number) => Promise<LoadResult>;

/**
 * The request to profile: a GET path (or the name of one the bench loads), or one of the writes and
 * lists of issues 31 and 32 as the bench runs them: `crear` (a new listing, the package raised
 * first), `ingesta` (an enquiry), `publicaciones` (the list of 10,000 listings).
 */
async function loadOf(request: string, found: Awaited<ReturnType<typeof discover>>): Promise<{ name: string; load: Load }> {
  const credentials: Credentials = found.credentials;
  const get = (target: string) => ({
    name: target,
    load: (seconds: number) => load({ baseUrl: vitrinaUrl, path: target, connections: 16, seconds, credentials }),
  });
  if (request === "crear") {
    await raisePackage();
    return { name: `POST ${listPath}`, load: (seconds) => createListings(credentials, 16, seconds) };
  }
  if (request === "ingesta") {
    const { externalId } = found;
    if (!externalId) throw new Error("No se encontró una publicación para las consultas de prueba");
    return { name: "POST /marketplace/consultas", load: (seconds) => ingestLoad(vitrinaUrl, externalId, seconds) };
  }
  if (request === "publicaciones") {
    await raisePackage();
    await createListings(credentials, 16, 2);
    note(`${int(await fillTo(10_000))} publicaciones en la lista`);
    return get(listPath);
  }
  return get((found.paths as Record<string, string>)[request] ?? request);
}

type Sample = { state: string; wait: string; blockedBy: string | null };

/**
 * The benchmark database's client backends, sampled every 50 ms while `work` runs: what each one
 * was doing (running, waiting on a lock and for whom, flushing the WAL, idle in a transaction),
 * and the database's transactions and rows per request from pg_stat_database.
 */
async function sampled<T extends { requests: number }>(work: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const counters = async () =>
    (
      await client.query(
        "select xact_commit, xact_rollback, tup_inserted, tup_updated, tup_fetched from pg_stat_database where datname = current_database()",
      )
    ).rows[0] as Record<string, string>;
  const samples: Sample[][] = [];
  let running = true;
  const sampling = (async () => {
    while (running) {
      const { rows } = await client.query<{ pid: number; state: string; wait: string; blockers: number[] }>(
        `select pid, state, coalesce(wait_event_type || ':' || wait_event, '') as wait, pg_blocking_pids(pid) as blockers
         from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      const byPid = new Map(rows.map((row) => [row.pid, row]));
      samples.push(
        rows.map((row) => {
          const blocker = row.blockers[0] === undefined ? undefined : byPid.get(row.blockers[0]);
          return {
            state: row.state,
            wait: row.wait,
            blockedBy: blocker ? `${blocker.state}${blocker.wait ? ` ${blocker.wait}` : ""}` : row.blockers.length ? "?" : null,
          };
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 1500)); // the statistics of what ran before are flushed
  const before = await counters();
  const result = await work();
  running = false;
  await sampling;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await counters();
  await client.end();
  const perRequest = (name: string) => ((Number(after[name]) - Number(before[name])) / result.requests).toFixed(2);
  const tally = new Map<string, number>();
  for (const sample of samples) {
    for (const backend of sample) {
      if (backend.state === "idle") continue;
      const what = backend.blockedBy
        ? `${backend.state} ${backend.wait}, blocked by one ${backend.blockedBy}`
        : `${backend.state}${backend.wait ? ` ${backend.wait}` : " (running)"}`;
      tally.set(what, (tally.get(what) ?? 0) + 1);
    }
  }
  const lines = [
    `por solicitud: ${perRequest("xact_commit")} transacciones, ${perRequest("xact_rollback")} anuladas, ${perRequest("tup_inserted")} filas insertadas, ${perRequest("tup_updated")} actualizadas, ${perRequest("tup_fetched")} leídas`,
    `${samples.length} muestras de pg_stat_activity (cada 50 ms): backends no inactivos por muestra, en promedio`,
    ...[...tally].sort((a, b) => b[1] - a[1]).map(([what, count]) => `${(count / samples.length).toFixed(2).padStart(6)}  ${what}`),
  ];
  return { result, lines };
}

async function main() {
  const request = process.argv[2] ?? "list, page 1";
  const profiles = path.join(work, "profiles");
  mkdirSync(profiles);
  await admin(`drop database if exists ${DATABASE} with (force)`);
  await admin(`create database ${DATABASE}`);
  step(`Servidor con --cpu-prof (${profiles})`);
  // What `npm start` runs (tsx scripts/start.ts), with the profiler, which NODE_OPTIONS may not carry.
  const args = ["--cpu-prof", `--cpu-prof-dir=${profiles}`, "--import", "tsx", "scripts/start.ts"];
  const vitrina = start("vitrina", process.execPath, args, serverEnv, log("vitrina"));
  await waitFor(`${vitrinaUrl}/v3/openapi.json`, 300_000, vitrina);
  step(`seed demo --consultas ${N}`);
  const found = await discover(vitrinaUrl, serverEnv, "seed demo", N);
  const { name, load: loadRun } = await loadOf(request, found);
  await loadRun(5);
  step(`${name} @16, ${SECONDS} s`);
  const began = performance.now();
  const cpuBefore = cpuSnapshot();
  const { result, lines } = await sampled(() => loadRun(SECONDS));
  const cpuAfter = cpuSnapshot();
  const ended = performance.now();
  note(`${Math.round(result.rps)} req/s p50 ${result.p50} p99 ${result.p99} ms, ${result.failures} fallidas`);
  const backends = (await admin(`select pid from pg_stat_activity where datname = '${DATABASE}'`)).rows.map((row) => Number(row.pid));
  const spent = cpuSpent(cpuBefore, cpuAfter, vitrina.child.pid, backends);
  note(
    `CPU por solicitud (/proc, ms, con el perfilador): Node ${(spent.server / result.requests).toFixed(2)} · PostgreSQL ${(spent.postgres / result.requests).toFixed(2)}`,
  );
  for (const line of lines) note(line);
  await stop(vitrina, 20_000);
  const stopped = performance.now();
  const window = { fromEnd: (stopped - began) * 1000, toEnd: (stopped - ended) * 1000 };
  // The main thread's profile is the one busy during the load (the other is the module loader's thread).
  const files = readdirSync(profiles).map((file) => path.join(profiles, file));
  const busyOf = (layers: [string, number][]) => layers.filter(([name]) => name !== "(idle)").reduce((sum, [, micros]) => sum + micros, 0);
  const [layers] = files
    .map((file) => byLayer(JSON.parse(readFileSync(file, "utf8")) as Profile, window))
    .sort((a, b) => busyOf(b) - busyOf(a));
  if (!layers) throw new Error(`Sin perfiles en ${profiles} (mirá ${log("vitrina")})`);
  const busy = busyOf(layers);
  step(`CPU del proceso web (${files.length} perfiles, ${root}): µs por solicitud y parte del tiempo ocupado, ${ADMIN_MAIL}`);
  for (const [name, micros] of layers) {
    if (name === "(idle)") continue;
    note(`${name.padEnd(40)} ${(micros / result.requests).toFixed(0).padStart(6)} µs  ${((100 * micros) / busy).toFixed(1).padStart(5)} %`);
  }
}

try {
  await main();
} finally {
  await stopAll();
  await admin(`drop database if exists ${DATABASE} with (force)`);
}
