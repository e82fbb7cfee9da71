import "server-only";
import { and, eq } from "drizzle-orm";
import { fetch } from "undici";
import webpush from "web-push";
import type { Auto, Interesado } from "@/lib/api/consultas";
import { vapidKeys } from "@/lib/crypto/vapid";
import { type Db, getDb } from "@/lib/db";
import { agencias, alertas, alertasSuscripciones, consultas } from "@/lib/db/schema";
import { storableText } from "@/lib/db/storable-text";
import { config } from "@/lib/env";
import { enqueueMail } from "@/lib/service/mail/enqueue-mail";
import { MAIL_LEASE_MS, sendClaimedMail } from "@/lib/service/mail/send-due-mail";
import { webhookDispatcher } from "@/lib/service/webhooks/guarded-agent";
import { alertaMail, alertaPush, type ConsultaAlertada, enlaceDeConsulta } from "./alerta-mensaje";
import type { ClaimedAlerta } from "./claim-alertas";
import { dentroDelHorario } from "./horario";

const PUSH_TIMEOUT_MS = 15_000;
/** A push not accepted after this many attempts (about 10 minutes) is `fallida`: an alert that late helps nobody. */
export const PUSH_MAX_ATTEMPTS = 5;
const PUSH_RETRY_MS = [5_000, 30_000, 120_000, 600_000];
/** A push service keeps the message this long for a browser that is offline. */
const PUSH_TTL_S = 3_600;
const ERROR_LIMIT_BYTES = 1000;

/** The subscription and the enquiry of a claimed alert; undefined when either is gone. */
async function loadAlerta(db: Db, alerta: ClaimedAlerta) {
  const [row] = await db
    .select({ suscripcion: alertasSuscripciones, consulta: consultas, adminMail: agencias.adminMail, agencia: agencias.nombre })
    .from(alertasSuscripciones)
    .innerJoin(consultas, eq(consultas.sid, alerta.sid))
    .innerJoin(agencias, eq(agencias.id, consultas.agenciaId))
    .where(eq(alertasSuscripciones.id, alerta.suscripcionId));
  return row;
}

/** The alert's row while this worker still holds its lease. */
const held = (alerta: ClaimedAlerta) =>
  and(
    eq(alertas.suscripcionId, alerta.suscripcionId),
    eq(alertas.sid, alerta.sid),
    eq(alertas.canal, alerta.canal),
    eq(alertas.estado, "enviando"),
    eq(alertas.proximoIntentoAt, alerta.leaseUntil),
  );

async function finish(
  db: Pick<Db, "update">,
  alerta: ClaimedAlerta,
  estado: "enviada" | "omitida" | "fallida",
  extra: { mailId?: string; ultimoError?: string } = {},
) {
  const updated = await db
    .update(alertas)
    .set({ estado, enviadaAt: estado === "enviada" ? new Date() : null, ...extra })
    .where(held(alerta))
    .returning({ sid: alertas.sid });
  return updated.length > 0;
}

/**
 * The e-mail goes through the outbox: queued and the alert marked sent in one transaction, fenced on
 * the lease, so a worker that lost its lease queues nothing and the e-mail is queued once. It is
 * queued held by this worker, which sends it at once rather than waiting for the mail worker's next
 * round; should this worker die first, the mail worker sends it when the hold ends.
 */
async function handOverMail(db: Db, alerta: ClaimedAlerta, to: string, consulta: ConsultaAlertada) {
  const mail = alertaMail(to, consulta);
  const mailId = await db.transaction(async (tx) => {
    const id = await enqueueMail(tx as unknown as Db, mail, new Date(Date.now() + MAIL_LEASE_MS));
    if (!(await finish(tx, alerta, "enviada", { mailId: id }))) tx.rollback();
    return id;
  });
  await sendClaimedMail({ id: mailId, ...mail, intentos: 0 });
}

function vapidSubject(): string {
  const from = config().mailFrom;
  return `mailto:${from.match(/<([^>]+)>/)?.[1] ?? from}`;
}

type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/**
 * Encrypts the payload for the browser and signs the request with the service's VAPID key (web-push),
 * then POSTs it through the webhooks' SSRF-guarded dispatcher. Answers the push service's status.
 */
async function postPush(target: PushTarget, payload: object): Promise<number> {
  const keys = vapidKeys(config().secretsKey);
  const request = webpush.generateRequestDetails(target, JSON.stringify(payload), {
    vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_S,
    urgency: "high",
  });
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ?? undefined,
    dispatcher: webhookDispatcher(config().webhookAllowPrivateNetworks),
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    redirect: "manual",
  });
  await response.body?.cancel();
  return response.status;
}

async function retryOrFail(db: Db, alerta: ClaimedAlerta, error: string) {
  const intentos = alerta.intentos + 1;
  const ultimoError = storableText(error, ERROR_LIMIT_BYTES);
  if (intentos >= PUSH_MAX_ATTEMPTS) {
    await finish(db, alerta, "fallida", { ultimoError });
    return;
  }
  await db
    .update(alertas)
    .set({ estado: "pendiente", intentos, ultimoError, proximoIntentoAt: new Date(Date.now() + (PUSH_RETRY_MS[intentos - 1] ?? 600_000)) })
    .where(held(alerta));
}

/** A push service that answers 404 or 410 no longer has the subscription: the browser's push is turned off. */
async function forgetPush(db: Db, suscripcionId: string, endpoint: string) {
  await db
    .update(alertasSuscripciones)
    .set({ pushEndpoint: null, pushP256dh: null, pushAuth: null })
    .where(and(eq(alertasSuscripciones.id, suscripcionId), eq(alertasSuscripciones.pushEndpoint, endpoint)));
}

async function sendPush(db: Db, alerta: ClaimedAlerta, suscripcion: typeof alertasSuscripciones.$inferSelect, consulta: ConsultaAlertada) {
  const { pushEndpoint: endpoint, pushP256dh: p256dh, pushAuth: auth } = suscripcion;
  if (!endpoint || !p256dh || !auth) return finish(db, alerta, "omitida");
  let status: number;
  try {
    status = await postPush({ endpoint, keys: { p256dh, auth } }, alertaPush(consulta));
  } catch (error) {
    return retryOrFail(db, alerta, error instanceof Error ? error.message : String(error));
  }
  if (status >= 200 && status < 300) return finish(db, alerta, "enviada");
  if (status === 404 || status === 410) {
    await forgetPush(db, suscripcion.id, endpoint);
    return finish(db, alerta, "fallida", {
      ultimoError: `El servicio push respondió ${status}: la suscripción del navegador ya no existe.`,
    });
  }
  return retryOrFail(db, alerta, `El servicio push respondió ${status}.`);
}

/**
 * Sends one claimed alert (docs/contract.md#alerts): outside the subscriber's hours it is `omitida`;
 * an e-mail is handed to the outbox, a push POSTed to the browser's push service.
 */
export async function sendAlerta(alerta: ClaimedAlerta): Promise<void> {
  const db = await getDb();
  const found = await loadAlerta(db, alerta);
  if (!found) return void (await finish(db, alerta, "omitida"));
  const { suscripcion, consulta: row } = found;
  if (!dentroDelHorario(suscripcion.horario ?? null, new Date())) return void (await finish(db, alerta, "omitida"));
  const consulta: ConsultaAlertada = {
    sid: row.sid,
    adminMail: found.adminMail,
    agencia: found.agencia,
    momento: row.momento,
    auto: row.auto as Auto,
    interesado: row.interesado as Interesado,
    enlace: enlaceDeConsulta(suscripcion.enlace, found.adminMail, row.sid),
    timeZone: config().timeZone,
  };
  if (alerta.canal === "email") {
    if (suscripcion.email) await handOverMail(db, alerta, suscripcion.email, consulta);
    else await finish(db, alerta, "omitida");
    return;
  }
  await sendPush(db, alerta, suscripcion, consulta);
}
