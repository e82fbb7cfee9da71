import { decodeTime } from "ulid";
import { type Credentials, quantile, signedFetch } from "../lib/load";
import { note, start, step, stop, waitFor } from "../lib/proc";
import {
  ADMIN_MAIL,
  fmt,
  int,
  log,
  md,
  npm,
  ports,
  postEnquiry,
  query,
  serverEnv,
  sleep,
  table,
  tsx,
  verdict,
  vitrinaUrl,
  WORKERS,
} from "./context";

type Arrival = { sid: string; id: string; at: number };
/** The listing an enquiry is about: enquiry `index` goes to `listings[index % listings.length]`. */
type Listing = { adminMail: string; externalId: string };

const AGENCIES = 16;

/**
 * Enquiries posted at `rate` (open loop, at most `maxInFlight` at once) until `count` are sent, or
 * until `seconds` have passed: a server slower than the rate asked is measured over those seconds,
 * not for as long as it takes to take them all (decision 0123).
 */
async function ingest(rate: number, count: number, listings: Listing[], maxInFlight: number, seconds = Number.POSITIVE_INFINITY) {
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
      const listing = listings[index % listings.length] as Listing;
      const response = await postEnquiry(index, listing.externalId, listing.adminMail);
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
  const ours = arrivals.filter((arrival) => submitted.has(arrival.sid));
  const first = new Map<string, Arrival>();
  for (const arrival of ours) if (!first.has(arrival.sid)) first.set(arrival.sid, arrival);
  // From the request's sending, and from the enqueue: the notification's Id is a ULID made in the
  // ingestion transaction, whose first 48 bits are that moment in ms (same machine, same clock).
  const latencies = [...first].map(([sid, arrival]) => arrival.at - (submitted.get(sid) ?? arrival.at));
  const enqueued = [...first.values()].map((arrival) => arrival.at - decodeTime(arrival.id));
  const times = [...first.values()].map((arrival) => arrival.at);
  const window = (Math.max(...times) - Math.min(...times)) / 1000;
  return {
    delivered: first.size,
    // Arrivals of enquiries sent before this run (an earlier step's backlog) are neither counted nor repeats.
    duplicates: ours.length - first.size,
    latencies,
    enqueued,
    rate: window > 0 ? first.size / window : Number.NaN,
  };
}

/**
 * Waits until the workers have delivered every notification due: the ingestion step before left a
 * backlog (no worker ran), and a run measured behind it would time the backlog, not its own rate.
 */
async function untilOutboxEmpty(capMs = 300_000) {
  const pending = async () =>
    (
      await query<{ n: number }>("select count(*)::int as n from notificaciones where estado = 'pendiente' and proximo_intento_at <= now()")
    )[0]?.n ?? 0;
  const began = Date.now();
  let left = await pending();
  note(`esperando que los workers entreguen lo pendiente (${int(left)})…`);
  while (left > 0 && Date.now() - began < capMs) {
    await sleep(500);
    left = await pending();
  }
  note(`  pendientes ${int(left)} tras ${fmt((Date.now() - began) / 1000, 0)} s`);
}

/**
 * ${AGENCIES} agencies of the demo app, each with a listing: the demo agency and copies of it (its
 * relation with the app, its package and its listing `externalId`), made by SQL since the demo has three.
 */
async function agencyListings(externalId: string): Promise<Listing[]> {
  const copies = AGENCIES - 1;
  const id = "'bench-agencia-' || g";
  const mail = "'bench' || g || '@agencias.example'";
  const statements: [string, unknown[]][] = [
    [
      `insert into agencias (id, admin_mail, nombre, telefono, whatsapp, region, ciudad, direccion, registrada_at, creada_por_app_id)
     select ${id}, ${mail}, nombre || ' ' || g, telefono, whatsapp, region, ciudad, direccion, registrada_at, creada_por_app_id
     from agencias, generate_series(1, $2::int) g where admin_mail = $1`,
      [ADMIN_MAIL, copies],
    ],
    [
      `insert into operadores (agencia_id, email, nombre, apellido, es_administrador)
     select ${id}, ${mail}, 'Bench', 'Agencia ' || g, true from generate_series(1, $1::int) g`,
      [copies],
    ],
    [
      `insert into agencia_apps (agencia_id, app_id, estado, invitada_at, invitacion_vence_at, registrada_at, compartir_catalogo)
     select ${id}, r.app_id, r.estado, r.invitada_at, r.invitacion_vence_at, r.registrada_at, r.compartir_catalogo
     from agencia_apps r join agencias on agencias.id = r.agencia_id, generate_series(1, $2::int) g where admin_mail = $1`,
      [ADMIN_MAIL, copies],
    ],
    [
      `insert into productos (agencia_id, plan, estado, vigente_desde, vigente_hasta, publicaciones_contratadas, exposicion_alta, exposicion_media, exposicion_baja)
     select ${id}, p.plan, p.estado, p.vigente_desde, p.vigente_hasta, p.publicaciones_contratadas, p.exposicion_alta, p.exposicion_media, p.exposicion_baja
     from productos p join agencias on agencias.id = p.agencia_id, generate_series(1, $2::int) g where admin_mail = $1`,
      [ADMIN_MAIL, copies],
    ],
    [
      `insert into publicaciones (id, app_id, agencia_id, external_id, external_id_original, ref_stock, marca_id, marca, modelo_id, modelo,
       version, version_year, kilometraje, precio, carroceria_id, carroceria, color_id, color, combustible, transmision, descripcion,
       operador_responsable, estado, motivo, exposicion_pedida, exposicion, auto, modificada, activada)
     select 'bench-agencia-publicacion-' || g, app_id, ${id}, external_id, external_id_original, ref_stock, marca_id, marca, modelo_id,
       modelo, version, version_year, kilometraje, precio, carroceria_id, carroceria, color_id, color, combustible, transmision,
       descripcion, ${mail}, estado, motivo, exposicion_pedida, exposicion, auto, modificada, activada
     from publicaciones, generate_series(1, $2::int) g
     where agencia_id = (select id from agencias where admin_mail = $1) and external_id = lower($3)`,
      [ADMIN_MAIL, copies, externalId],
    ],
  ];
  for (const [text, values] of statements) await query(text, values);
  const [made] = await query<{ n: number }>("select count(*)::int as n from publicaciones where id like 'bench-agencia-publicacion-%'");
  if (made?.n !== copies) throw new Error(`Se copiaron ${made?.n} publicaciones de ${copies} para las agencias del banco`);
  const copied = Array.from({ length: copies }, (_, g) => ({ adminMail: `bench${g + 1}@agencias.example`, externalId }));
  return [{ adminMail: ADMIN_MAIL, externalId }, ...copied];
}

/** The demo app's `consultas` webhook pointed at bench/receiver.ts, active. */
export async function subscribeReceiver(creds: Credentials) {
  const webhook = { Callback: `http://127.0.0.1:${ports.receiver}/hook`, Secret: "bench-webhook-secret-0123456789", Activo: true };
  let response = await signedFetch(vitrinaUrl, creds, "PUT", "/v3/appnotificaciones/consultas", webhook);
  if (response.status === 404) response = await signedFetch(vitrinaUrl, creds, "POST", "/v3/appnotificaciones/consultas", webhook);
  if (response.status !== 200 && response.status !== 201) throw new Error(`appnotificaciones: ${response.status} ${await response.text()}`);
}

export async function webhookStep(creds: Credentials, externalId: string | undefined) {
  step(
    `3. Webhooks: receptor local, ${WORKERS} procesos npm run worker, ingesta a 100/s y 1.000/s (una agencia), a 2.000/s (${AGENCIES} agencias), y un backlog`,
  );
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
  const rows: (string | number)[][] = [];
  const results: Record<string, { rate: number; p99: number; ingested: number; responseP99: number }> = {};
  const scale = Number(process.env.BENCH_WEBHOOK_SCALE ?? 1);
  const one = [{ adminMail: ADMIN_MAIL, externalId }];
  const runs = [
    { key: "100", rate: 100, seconds: 20 * scale, listings: one, label: "" },
    { key: "1000", rate: 1000, seconds: 10 * scale, listings: one, label: "" },
    { key: "agencies", rate: 2000, seconds: 10 * scale, listings: await agencyListings(externalId), label: `, ${AGENCIES} agencies` },
  ];
  for (const { key, rate, seconds, listings, label } of runs) {
    await untilOutboxEmpty();
    note(`ingesta a ${rate}/s durante ${seconds} s (${listings.length} agencias)…`);
    const sent = await ingest(rate, rate * seconds, listings, 256, seconds);
    const got = await collect(sent.submitted);
    const p = (q: number) => quantile(got.enqueued, q);
    results[key] = {
      rate: got.rate,
      p99: p(0.99),
      ingested: sent.submitted.size / sent.seconds,
      responseP99: quantile(sent.responseMs, 0.99),
    };
    note(
      `  ingestadas ${sent.submitted.size} (${fmt(sent.submitted.size / sent.seconds, 0)}/s, ${sent.failures} fallidas) · entregadas ${got.delivered} a ${fmt(got.rate, 0)}/s · encolado→entrega p50 ${p(0.5)} p99 ${p(0.99)} ms · envío→entrega p99 ${quantile(got.latencies, 0.99)} ms`,
    );
    rows.push([
      `${rate}/s for ${seconds} s${label}`,
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
  await untilOutboxEmpty();
  note(`backlog: ${BACKLOG} consultas con los workers detenidos…`);
  await Promise.all(workers.map((worker) => stop(worker)));
  const queued = await ingest(100_000, BACKLOG, one, 64);
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
    `\`POST /marketplace/consultas\` at the target rate for the run's seconds (open loop, up to 256 in flight: a slower server sends fewer, and its achieved rate is what it took in those seconds), the demo app's \`consultas\` webhook pointed at \`bench/receiver.ts\` (node:http, answers 204), ${WORKERS} \`npm run worker\` processes. Each run starts once the workers have delivered every notification due (the ingestion step before leaves a backlog). The last live run spreads its enquiries over ${AGENCIES} agencies of the demo app (the demo agency and copies of it, each with a copy of the listing). Enqueue→delivery = arrival at the receiver − the enqueue moment (the notification Id is a ULID made in the ingestion transaction: its time part, in ms); request sent→delivery also counts the wait for ingestion itself. Delivery rate = delivered ÷ (last − first arrival). The backlog row queues enquiries with the workers stopped and then starts them: its latencies include that wait, its rate is the workers' capacity alone.`,
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
