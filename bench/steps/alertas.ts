import { createECDH, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";
import { type Credentials, quantile, signedFetch } from "../lib/load";
import { note, start, step, stop } from "../lib/proc";
import { ADMIN_MAIL, DATABASE_URL, fmt, log, md, npm, postEnquiry, serverEnv, sleep, table, vitrinaUrl } from "./context";

const RATE = 20;
const SECONDS = 10;
const SUSCRIPTOR = "bench-alertas";

/** A push service stand-in that accepts every message (201): the worker's POST is what is timed. */
async function pushService() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received++;
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { endpoint: `http://127.0.0.1:${port}/push`, received: () => received, close: () => server.close() };
}

/** A browser's push keys, as PushSubscription.toJSON() gives them: the worker encrypts for them. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

type Latency = { canal: string; ms: number };

/** Enquiry stored (the alert's row, written by the enquiry's insert) → push accepted, or e-mail handed to SMTP. */
async function latencies(since: Date): Promise<{ latencies: Latency[]; unsent: number }> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ canal: string; ms: string | null; estado: string }>(
      `select a.canal, a.estado,
              extract(epoch from (case a.canal when 'email' then m.enviado_at else a.enviada_at end) - a.created_at) * 1000 as ms
         from alertas a left join mail_outbox m on m.id = a.mail_id
        where a.created_at >= $1`,
      [since],
    );
    const sent = rows.filter((row) => row.ms !== null);
    return { latencies: sent.map((row) => ({ canal: row.canal, ms: Number(row.ms) })), unsent: rows.length - sent.length };
  } finally {
    await client.end();
  }
}

/**
 * Issue 34: the alert latency. One subscriber of the demo agency with e-mail (the dev mailbox: no
 * SMTP_URL) and push (a stand-in on loopback), one `npm run worker`, enquiries at 20/s for 10 s; from
 * the alert's row (stored by the enquiry's insert) to the push accepted or the e-mail sent.
 */
export async function alertasStep(creds: Credentials, externalId: string | undefined) {
  step(`Alertas: un suscriptor (e-mail y push), 1 worker, ingesta a ${RATE}/s durante ${SECONDS} s; consulta guardada → alerta enviada`);
  if (!externalId) throw new Error("No se encontró una publicación para las consultas de prueba");
  // The demo app's webhook off meanwhile: the worker would otherwise spend the run on the ingestion
  // step's backlog of notifications (webhookStep subscribes it again).
  const webhook = { Callback: `${vitrinaUrl}/bench-sin-receptor`, Activo: false };
  await signedFetch(vitrinaUrl, creds, "PUT", "/v3/appnotificaciones/consultas", webhook);
  const push = await pushService();
  const suscripcion = {
    Agencias: [ADMIN_MAIL],
    Email: "alertas@bench.test",
    Push: { Endpoint: push.endpoint, Keys: browserKeys() },
    Enlace: `${vitrinaUrl}/panel/consultas?agencia={adminMail}&sid={sid}`,
  };
  const put = await signedFetch(vitrinaUrl, creds, "PUT", `/v3/alertas/${SUSCRIPTOR}`, suscripcion);
  if (put.status !== 200) throw new Error(`PUT /v3/alertas: ${put.status} ${await put.text()}`);
  const worker = start("worker-alertas", npm, ["run", "worker"], serverEnv, log("worker-alertas"));
  await sleep(8000);
  const since = new Date();
  let sent = 0;
  for (let second = 0; second < SECONDS; second++) {
    const began = Date.now();
    const responses = await Promise.all(Array.from({ length: RATE }, () => postEnquiry(sent++, externalId)));
    if (responses.some((response) => response.status !== 201)) throw new Error("una consulta de la medición de alertas no se guardó");
    await sleep(Math.max(0, 1000 - (Date.now() - began)));
  }
  let result = await latencies(since);
  for (let wait = 0; wait < 30 && (result.unsent > 0 || result.latencies.length < 2 * sent); wait++) {
    await sleep(1000);
    result = await latencies(since);
  }
  await stop(worker);
  push.close();
  await signedFetch(vitrinaUrl, creds, "DELETE", `/v3/alertas/${SUSCRIPTOR}`);
  const rows = ["push", "email"].map((canal) => {
    const values = result.latencies.filter((latency) => latency.canal === canal).map((latency) => latency.ms);
    return [canal, values.length, fmt(quantile(values, 0.5), 0), fmt(quantile(values, 0.99), 0), fmt(Math.max(...values), 0)];
  });
  for (const row of rows) note(`${row[0]}: ${row[1]} enviadas · p50 ${row[2]} ms · p99 ${row[3]} ms · máx ${row[4]} ms`);
  note(`push recibidos por el servicio: ${push.received()} de ${sent} consultas; sin enviar: ${result.unsent}`);
  md.push("### Alert latency", "");
  md.push(
    `One subscriber of ${ADMIN_MAIL} with e-mail (no SMTP_URL: the dev mailbox) and push (a stand-in on loopback that answers 201), one \`npm run worker\`, ${sent} enquiries at ${RATE}/s. From the alert's row, written by the enquiry's insert in its transaction, to the push accepted by the push service or the e-mail sent by the mail worker (it goes through the outbox). The workers poll every 0.5 s when idle.`,
    "",
  );
  table(["channel", "sent", "p50 ms", "p99 ms", "max ms"], rows);
  md.push("", `Push messages the stand-in received: ${push.received()} for ${sent} enquiries (${result.unsent} not sent).`, "");
}
