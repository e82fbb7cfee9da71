import { readFileSync } from "node:fs";
import { signRequest } from "@/lib/http/signing";

/**
 * Sequential latency of the enquiry endpoints against a running server with the demo data:
 *   npx tsx bench/list-consultas.ts <baseUrl> <credentials.json> [adminMail]
 * (credentials: { AppKey, AppSecret } of the demo app, e.g. from `admin -- app rotate-secret`).
 */

const [baseUrl = "http://127.0.0.1:3000", credentialsFile = "app.json", adminMail = "ventas@autosdelplata.com.ar"] = process.argv.slice(2);
const { AppKey, AppSecret } = JSON.parse(readFileSync(credentialsFile, "utf8")) as { AppKey: string; AppSecret: string };
const ROUNDS = 40;

async function get(pathAndQuery: string) {
  const headers = signRequest({ method: "GET", pathAndQuery, appKey: AppKey, appSecret: AppSecret });
  const started = performance.now();
  const response = await fetch(`${baseUrl}${pathAndQuery}`, { headers });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${pathAndQuery}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

const list = `/v3/consultas/${adminMail}`;
const first = await get(list);
const sid = first.body._entries[0]._links.self.href.split("/").pop();
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const operador = first.body._entries[0].OperadorResponsable;
const cases: [string, string][] = [
  ["page 1", list],
  ["filtered (operador, last 30 days)", `${list}?operador=${operador}&desde=${monthAgo}`],
  ["page 99", `${list}?pagina=99`],
  ["externalid", `${list}?externalid=${first.body._entries[0].Auto.ExternalId || "AUT-00017"}`],
  ["detail", `${list}/${sid}`],
];

console.log(`Total visible for ${adminMail}: ${first.body.Total}`);
for (const [name, path] of cases) {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) times.push((await get(path)).ms);
  times.sort((a, b) => a - b);
  const at = (quantile: number) => (times[Math.min(times.length - 1, Math.floor(quantile * times.length))] ?? 0).toFixed(1);
  console.log(`${name.padEnd(36)} p50 ${at(0.5)} ms · p95 ${at(0.95)} ms (${ROUNDS} sequential requests)`);
}
