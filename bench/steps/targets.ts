import { fmt, N, QUICK, verdict, verdicts, WORKERS } from "./context";

type Side = { name: string; connections: number; vitrina: { rps: number }; baseline: { rps: number } };
type Webhooks = { results: Record<string, { ingested: number; responseP99: number }>; drained: number };

/** The ratio of Vitrina's req/s to the baseline's at 16 connections for one request, in %. */
function ratioAt16(results: Side[], name: string): number {
  const side = results.find((result) => result.name === name && result.connections === 16);
  return side ? (100 * side.vitrina.rps) / side.baseline.rps : Number.NaN;
}

/**
 * Issue 31's targets, each a verdict with its figure (the ingestion ratio is ingestStep's). A quick
 * run judges the ratios only; the seed's time is then only extrapolated to 1,000,000, and says so.
 */
export function issue31Verdicts(input: { seedSeconds: number; reads: Side[]; webhooks?: Webhooks; minutes: number }) {
  const seedAtMillion = (input.seedSeconds * 1_000_000) / N;
  verdict(
    seedAtMillion <= 90,
    N === 1_000_000
      ? `seed demo --consultas 1000000 ≤ 90 s: ${fmt(input.seedSeconds)} s`
      : `seed demo ≤ 90 s at 1,000,000 (extrapolated, not measured): ${fmt(input.seedSeconds)} s for ${N.toLocaleString("en-US")}, ×${fmt(1_000_000 / N, 0)} = ${fmt(seedAtMillion, 0)} s`,
  );
  for (const [name, target] of [
    ["list, page 1", 85],
    ["detail", 100],
    ["marcas", 100],
    ["marcas bestmatch (make=volksvagen)", 100],
  ] as const) {
    const ratio = ratioAt16(input.reads, name);
    verdict(ratio >= target, `${name} at 16 connections ≥ ${target} % of the baseline's req/s: ${fmt(ratio, 0)} %`);
  }
  if (QUICK || !input.webhooks) {
    verdicts.push("- **not judged** (quick run): ingestion with workers delivering, the drain, the whole bench's time");
    return;
  }
  const { results, drained } = input.webhooks;
  const asked1000 = results[1000]?.ingested ?? Number.NaN;
  verdict(asked1000 >= 300, `one agency's ingestion ≥ 300/s with ${WORKERS} workers delivering (1,000/s asked): ${fmt(asked1000, 0)}/s`);
  verdict(
    (results[100]?.responseP99 ?? Number.POSITIVE_INFINITY) <= 50,
    `ingestion response p99 ≤ 50 ms with 100/s asked: ${fmt(results[100]?.responseP99 ?? Number.NaN, 0)} ms`,
  );
  verdict(drained >= 700, `drain of the backlog by the workers ≥ 700/s: ${fmt(drained, 0)}/s`);
  const agencies = results.agencies?.ingested ?? Number.NaN;
  verdict(agencies >= 1000, `sixteen agencies at once ≥ 1,000/s with ${WORKERS} workers delivering (2,000/s asked): ${fmt(agencies, 0)}/s`);
  verdict(input.minutes <= 20, `the whole npm run bench ≤ 20 minutes: ${fmt(input.minutes, 0)} min`);
}
