import { type Credentials, type LoadResult, load } from "../lib/load";
import { note, step } from "../lib/proc";
import { fmt, md, RUNS_AT_16, SECONDS, table, verdict, vitrinaUrl } from "./context";

const CONNECTIONS = 16;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Issue 21's load targets: the list with `q` (a surname, an e-mail, a model) against the list
 * without it, and the summary, each at 16 connections, run RUNS_AT_16 times (the median kept).
 */
export async function searchStep(credentials: Credentials, paths: Record<string, string>, listP99: number) {
  step(`Búsqueda (q) y resumen: ${RUNS_AT_16} corridas de ${SECONDS} s a ${CONNECTIONS} conexiones`);
  const results: { name: string; path: string; runs: LoadResult[] }[] = [];
  for (const [name, path] of Object.entries(paths)) {
    await load({ baseUrl: vitrinaUrl, path, connections: CONNECTIONS, seconds: 3, credentials });
    const runs: LoadResult[] = [];
    for (let run = 0; run < RUNS_AT_16; run++) {
      runs.push(await load({ baseUrl: vitrinaUrl, path, connections: CONNECTIONS, seconds: SECONDS, credentials }));
    }
    results.push({ name, path, runs });
    note(`${name}: ${runs.map((r) => `${fmt(r.rps, 0)} req/s p99 ${r.p99} ms`).join(" · ")}`);
  }
  md.push("### Search (`q`) and the summary (issue 21)", "");
  md.push(
    `Vitrina alone (the baseline has no search), ${CONNECTIONS} connections, ${RUNS_AT_16} runs of ${SECONDS} s after a 3 s warm-up; each figure the median of the runs (every run's p99 in brackets).`,
    "",
  );
  table(
    ["request", "path", "req/s", "p50 ms", "p99 ms", "failures"],
    results.map(({ name, path, runs }) => [
      name,
      `\`${path}\``,
      fmt(median(runs.map((r) => r.rps)), 0),
      median(runs.map((r) => r.p50)),
      `${median(runs.map((r) => r.p99))} (${runs.map((r) => r.p99).join(" / ")})`,
      runs.reduce((sum, r) => sum + r.failures, 0),
    ]),
    ["---", "---", "---:", "---:", "---:", "---:"],
  );
  for (const { name, runs } of results) {
    const p99 = median(runs.map((r) => r.p99));
    if (name.startsWith("resumen")) verdict(p99 <= 50, `${name} at 16 connections p99 ≤ 50 ms: ${p99} ms`);
    else verdict(p99 <= 2 * listP99, `${name} at 16 connections p99 ≤ twice the list's (${listP99} ms): ${p99} ms`);
  }
}
