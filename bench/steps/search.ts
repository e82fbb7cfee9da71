import { type Credentials, type LoadResult, load } from "../lib/load";
import { note, step } from "../lib/proc";
import { fmt, md, postEnquiry, RUNS_AT_16, SECONDS, sleep, table, verdict, vitrinaUrl, WARM_UP_SECONDS } from "./context";

const CONNECTIONS = 16;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Enquiries arriving at ENQUIRIES_PER_SECOND during the runs that say so: each changes the agency's revision. */
const ENQUIRIES_PER_SECOND = 1;

/** Sends the agency an enquiry a second until the returned function is called; it resolves to how many failed. */
function enquiriesArriving(externalId: string) {
  let [stopped, failures, index] = [false, 0, 0];
  const sending = (async () => {
    while (!stopped) {
      const status = await postEnquiry(++index, externalId).then(
        (response) => response.status,
        () => 0,
      );
      if (status !== 201) failures++;
      await sleep(1000 / ENQUIRIES_PER_SECOND);
    }
  })();
  return async () => {
    stopped = true;
    await sending;
    return failures;
  };
}

type Result = { name: string; path: string; runs: LoadResult[] };

async function measure(name: string, path: string, credentials: Credentials): Promise<Result> {
  const runs: LoadResult[] = [];
  for (let run = 0; run < RUNS_AT_16; run++) {
    runs.push(await load({ baseUrl: vitrinaUrl, path, connections: CONNECTIONS, seconds: SECONDS, credentials }));
  }
  note(`${name}: ${runs.map((r) => `${fmt(r.rps, 0)} req/s p99 ${r.p99} ms`).join(" · ")}`);
  return { name, path, runs };
}

/**
 * Issue 21's load targets: the list with `q` (a surname, an e-mail, a model) against the list
 * without it, and the summary, each at 16 connections, run RUNS_AT_16 times (the median kept).
 */
export async function searchStep(credentials: Credentials, paths: Record<string, string>, listP99: number, externalId: string | undefined) {
  step(`Búsqueda (q) y resumen: ${RUNS_AT_16} corridas de ${SECONDS} s a ${CONNECTIONS} conexiones`);
  if (!externalId) throw new Error("No se encontró una publicación para las consultas de prueba");
  const results: Result[] = [];
  const changing: Result[] = [];
  for (const [name, path] of Object.entries(paths)) {
    await load({ baseUrl: vitrinaUrl, path, connections: CONNECTIONS, seconds: WARM_UP_SECONDS, credentials });
    results.push(await measure(name, path, credentials));
    const stop = enquiriesArriving(externalId);
    changing.push(await measure(`${name}, ${ENQUIRIES_PER_SECOND} enquiry/s arriving`, path, credentials));
    if ((await stop()) > 0) throw new Error("Enquiries sent during the search runs failed");
  }
  md.push("### Search (`q`) and the summary (issue 21)", "");
  md.push(
    `Vitrina alone (the baseline has no search), ${CONNECTIONS} connections, ${RUNS_AT_16} runs of ${SECONDS} s after a ${WARM_UP_SECONDS} s warm-up; each figure the median of the runs (every run's p99 in brackets). A page or summary read again while its agency is unchanged is kept (decision 0053); the rows "${ENQUIRIES_PER_SECOND} enquiry/s arriving" run the same requests while the agency receives an enquiry a second through POST /marketplace/consultas (the demo's busiest agency receives one every 15 s or so), so they count afresh after each.`,
    "",
  );
  table(
    ["request", "path", "req/s", "p50 ms", "p99 ms", "failures"],
    [...results, ...changing].map(({ name, path, runs }) => [
      name,
      `\`${path}\``,
      fmt(median(runs.map((r) => r.rps)), 0),
      median(runs.map((r) => r.p50)),
      `${median(runs.map((r) => r.p99))} (${runs.map((r) => r.p99).join(" / ")})`,
      runs.reduce((sum, r) => sum + r.failures, 0),
    ]),
    ["---", "---", "---:", "---:", "---:", "---:"],
  );
  for (const { name, runs } of [...results, ...changing]) {
    const p99 = median(runs.map((r) => r.p99));
    if (name.startsWith("resumen")) verdict(p99 <= 50, `${name} at 16 connections p99 ≤ 50 ms: ${p99} ms`);
    else verdict(p99 <= 2 * listP99, `${name} at 16 connections p99 ≤ twice the list's (${listP99} ms): ${p99} ms`);
  }
}
