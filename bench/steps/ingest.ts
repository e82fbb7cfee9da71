import autocannon from "autocannon";
import { type Credentials, type LoadResult, loadResult } from "../lib/load";
import { note, step } from "../lib/proc";
import {
  ADMIN_MAIL,
  baselineUrl,
  enquiryBody,
  fmt,
  marketplaceHeaders,
  md,
  RUNS_AT_16,
  SECONDS,
  table,
  verdict,
  vitrinaUrl,
  WARM_UP_SECONDS,
} from "./context";
import { subscribeReceiver } from "./webhooks";

const CONNECTIONS = 16;

/** autocannon posting one listing's enquiry, again and again, with the marketplace's token. */
export async function ingestLoad(baseUrl: string, externalId: string, seconds = SECONDS): Promise<LoadResult> {
  const result = await autocannon({
    url: `${baseUrl}/marketplace/consultas`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    method: "POST",
    headers: marketplaceHeaders(),
    body: enquiryBody(0, externalId),
  });
  return loadResult(result);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Issue 31: ingestion side by side with the baseline's (the enquiry and its notification in one
 * transaction), one agency, 16 connections, runs alternating; the demo app subscribed to `consultas`
 * and no worker running, so both store a notification and neither competes with deliveries.
 */
export async function ingestStep(creds: Credentials, externalId: string | undefined) {
  step(`Ingesta lado a lado: POST /marketplace/consultas, ${CONNECTIONS} conexiones, ${SECONDS} s, Vitrina y baseline alternados`);
  if (!externalId) throw new Error("No se encontró una publicación para las consultas de prueba");
  await subscribeReceiver(creds);
  for (const url of [vitrinaUrl, baselineUrl]) await ingestLoad(url, externalId, WARM_UP_SECONDS);
  const runs: { v: LoadResult; b: LoadResult }[] = [];
  for (let run = 0; run < RUNS_AT_16; run++) {
    runs.push({ v: await ingestLoad(vitrinaUrl, externalId), b: await ingestLoad(baselineUrl, externalId) });
    const last = runs.at(-1);
    note(
      `Vitrina ${fmt(last?.v.rps ?? Number.NaN, 0)}/s p99 ${last?.v.p99} ms · baseline ${fmt(last?.b.rps ?? Number.NaN, 0)}/s p99 ${last?.b.p99} ms`,
    );
  }
  const v = median(runs.map((run) => run.v.rps));
  const b = median(runs.map((run) => run.b.rps));
  const ratio = (100 * v) / b;
  md.push("### Ingestion side by side with the baseline", "");
  md.push(
    `\`POST /marketplace/consultas\` for one listing of ${ADMIN_MAIL}, ${CONNECTIONS} connections, ${SECONDS} s per run after a ${WARM_UP_SECONDS} s warm-up of each, ${RUNS_AT_16} runs alternating (the median of each server's). The baseline stores the enquiry and its notification in one transaction (the database's trigger writes the search terms for both); Vitrina also validates with zod, keeps the counters and the agency's revision. The demo app is subscribed to \`consultas\`; no worker runs.`,
    "",
  );
  table(
    ["run", "Vitrina req/s", "p50 ms", "p99 ms", "baseline req/s", "p50 ms", "p99 ms", "failures"],
    runs.map((run, index) => [
      index + 1,
      fmt(run.v.rps, 0),
      run.v.p50,
      run.v.p99,
      fmt(run.b.rps, 0),
      run.b.p50,
      run.b.p99,
      run.v.failures + run.b.failures,
    ]),
  );
  const failures = runs.reduce((sum, run) => sum + run.v.failures + run.b.failures, 0);
  verdict(
    ratio >= 50 && failures === 0,
    `ingestion ≥ 50 % of the baseline's in the same run: ${fmt(ratio, 0)} % (${fmt(v, 0)} vs ${fmt(b, 0)} req/s, one agency, ${CONNECTIONS} connections; ${failures} failed)`,
  );
  return { vitrina: v, baseline: b };
}
