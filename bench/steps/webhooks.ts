import { decodeTime } from "ulid";
import { type Credentials, quantile, signedFetch } from "../lib/load";
import { note, start, step, stop, waitFor } from "../lib/proc";
import { fmt, int, log, md, npm, ports, postEnquiry, serverEnv, sleep, table, tsx, verdict, vitrinaUrl, WORKERS } from "./context";

type Arrival = { sid: string; id: string; at: number };

/**
 * Enquiries posted at `rate` (open loop, at most `maxInFlight` at once) until `count` are sent, or
 * until `seconds` have passed: a server slower than the rate asked is measured over those seconds,
 * not for as long as it takes to take them all (decision 0123).
 */
async function ingest(rate: number, count: number, externalId: string, maxInFlight: number, seconds = Number.POSITIVE_INFINITY) {
  const submitted = new Map<string, number>();
  const responseMs: number[] = [];
  let failures = 0;
  let sent = 0;
  let inFlight = 0;
  const began = Date.now();
  let lastDone = began;
  const pending = new Set<Promise<void>>();
  const one = async (index: number) => {
    const at = Date.now();
    try {
      const response = await postEnquiry(index, externalId);
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
  while (sent < count && Date.now() - began < seconds * 1000) {
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

/** The demo app's `consultas` webhook pointed at bench/receiver.ts, active. */
export async function subscribeReceiver(creds: Credentials) {
  const webhook = { Callback: `http://127.0.0.1:${ports.receiver}/hook`, Secret: "bench-webhook-secret-0123456789", Activo: true };
  let response = await signedFetch(vitrinaUrl, creds, "PUT", "/v3/appnotificaciones/consultas", webhook);
  if (response.status === 404) response = await signedFetch(vitrinaUrl, creds, "POST", "/v3/appnotificaciones/consultas", webhook);
  if (response.status !== 200 && response.status !== 201) throw new Error(`appnotificaciones: ${response.status} ${await response.text()}`);
}

export async function webhookStep(creds: Credentials, externalId: string | undefined) {
  step(`3. Webhooks: receptor local, ${WORKERS} procesos npm run worker, ingesta a 100/s y 1.000/s, y un backlog`);
  if (!externalId) throw new Error("No se encontró una publicación para las consultas de prueba");
  const receiver = start("receiver", tsx, ["bench/receiver.ts"], { ...process.env, PORT: String(ports.receiver) }, log("receiver"));
  await waitFor(`http://127.0.0.1:${ports.receiver}/arrivals`, 30_000, receiver);
  await subscribeReceiver(creds);
  const startWorkers = async () => {
    const workers = Array.from({ length: WORKERS }, (_, i) =>
      start(`worker-${i + 1}`, npm, ["run", "worker"], serverEnv, log(`worker-${i + 1}`)),
    );
    return workers;
  };
  let workers = await startWorkers();
  await sleep(8000);
  const rows: (string | number)[][] = [];
  const results: Record<string, { rate: number; p99: number; ingested: number; responseP99: number }> = {};
  const scale = Number(process.env.BENCH_WEBHOOK_SCALE ?? 1);
  for (const [rate, seconds] of [
    [100, 20 * scale],
    [1000, 10 * scale],
  ] as const) {
    note(`ingesta a ${rate}/s durante ${seconds} s…`);
    const sent = await ingest(rate, rate * seconds, externalId, 256, seconds);
    const got = await collect(sent.submitted);
    const p = (q: number) => quantile(got.enqueued, q);
    results[rate] = {
      rate: got.rate,
      p99: p(0.99),
      ingested: sent.submitted.size / sent.seconds,
      responseP99: quantile(sent.responseMs, 0.99),
    };
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
    `\`POST /marketplace/consultas\` at the target rate for the run's seconds (open loop, up to 256 in flight: a slower server sends fewer, and its achieved rate is what it took in those seconds), the demo app's \`consultas\` webhook pointed at \`bench/receiver.ts\` (node:http, answers 204), ${WORKERS} \`npm run worker\` processes. Enqueue→delivery = arrival at the receiver − the enqueue moment (the notification Id is a ULID made in the ingestion transaction: its time part, in ms); request sent→delivery also counts the wait for ingestion itself. Delivery rate = delivered ÷ (last − first arrival). The backlog row queues enquiries with the workers stopped and then starts them: its latencies include that wait, its rate is the workers' capacity alone.`,
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
  return { results, drained: drained.rate };
}
