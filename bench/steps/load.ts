import { cpuSnapshot, cpuSpent } from "../lib/cpu";
import { type Credentials, type LoadResult, load } from "../lib/load";
import { note, type Started, step } from "../lib/proc";
import {
  admin,
  baselineUrl,
  CONNECTIONS,
  DATABASE,
  fmt,
  md,
  RUNS_AT_16,
  SECONDS,
  SHORT_SECONDS,
  table,
  verdict,
  vitrinaUrl,
  WARM_UP_SECONDS,
} from "./context";

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

export async function loadStep(creds: Credentials, paths: Record<string, string>, vitrina: Started, baseline: Started) {
  step(
    `1–2. Carga con autocannon (${SECONDS} s por corrida a 16 conexiones${CONNECTIONS.length > 1 ? `, ${SHORT_SECONDS} s a las demás` : ""}; conexiones ${CONNECTIONS.join(", ")}): Vitrina y baseline, alternados`,
  );
  const results: {
    name: string;
    connections: number;
    vitrina: LoadResult;
    baseline: LoadResult;
    cpu: { v: number[]; b: number[] };
    p99s: { v: number[]; b: number[] };
  }[] = [];
  // Both servers warm up first (JIT, pools, prepared statements), then each request before its runs.
  for (const url of [vitrinaUrl, baselineUrl]) {
    await load({ baseUrl: url, path: Object.values(paths)[0] ?? "/v3", connections: 16, seconds: 5, credentials: creds });
  }
  for (const [name, p] of Object.entries(paths)) {
    for (const url of [vitrinaUrl, baselineUrl])
      await load({ baseUrl: url, path: p, connections: 16, seconds: WARM_UP_SECONDS, credentials: creds });
    for (const connections of CONNECTIONS) {
      const seconds = connections === 16 ? SECONDS : SHORT_SECONDS;
      const measure = async (url: string, server: Started) => {
        const before = cpuSnapshot();
        const result = await load({ baseUrl: url, path: p, connections, seconds, credentials: creds });
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
    `autocannon, ${SECONDS} s per run at 16 connections${CONNECTIONS.length > 1 ? ` and ${SHORT_SECONDS} s at ${CONNECTIONS.filter((c) => c !== 16).join(" and ")}` : ""}, after a ${WARM_UP_SECONDS} s warm-up of each request (and 5 s for each server before the first), every request signed afresh (Date, X-ACS-Nonce). At 16 connections each server runs ${RUNS_AT_16} times, alternating, and each column is the median of its runs (the p99 of every run in brackets)${CONNECTIONS.length > 1 ? `; at ${CONNECTIONS.filter((c) => c !== 16).join(" and ")}, once` : ""}. The baseline is \`bench/baseline.ts\`: node:http + pg, the same SQL, JSON, HMAC check and replay store, none of Next.js, drizzle, zod, negotiation, ETag or the request log. Runs of Vitrina and the baseline alternate. CPU per request (/proc, ms): the server's process group · the PostgreSQL backends connected to the benchmark's database.`,
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
