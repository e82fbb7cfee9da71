import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { entregaIntentos, notificaciones, webhookConfigs } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { writeTogether } from "../write-together";
import type { Disparo } from "./delivery-state";
import type { SendResult } from "./send-notification";

/** An attempt the receiver answered with a 2xx, to be recorded. */
export type DeliveredAttempt = {
  notificationId: string;
  /** The lease the sending worker holds: the notification's update is fenced on it. */
  leaseUntil: Date;
  configId: string;
  disparo: Disparo;
  startedAt: Date;
  deliveredAt: Date;
  /** The notification's attempts after this one. */
  intentos: number;
  result: SendResult;
};

/** One statement for the whole batch, so one commit: the attempts, the notifications delivered, the configurations healthy. */
async function writeDelivered(attempts: DeliveredAttempt[]): Promise<void> {
  const rows = attempts.map((attempt) => ({
    id: attempt.notificationId,
    intento: newId(),
    lease: attempt.leaseUntil.toISOString(),
    config: attempt.configId,
    disparo: attempt.disparo,
    momento: attempt.startedAt.toISOString(),
    entregada: attempt.deliveredAt.toISOString(),
    intentos: attempt.intentos,
    status: attempt.result.httpStatus,
    latencia: attempt.result.latencyMs,
    respuesta: attempt.result.response,
    error: attempt.result.error,
  }));
  const db = await getDb();
  await db.execute(sql`
    with hechas as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as h(
        id text, intento text, lease timestamptz, config text, disparo text, momento timestamptz,
        entregada timestamptz, intentos int, status int, latencia int, respuesta text, error text)
    ), registradas as (
      insert into ${entregaIntentos} (id, notificacion_id, momento, disparo, http_status, latencia_ms, respuesta, error, proximo_intento_at)
      select intento, id, momento, disparo, status, latencia, respuesta, error, null from hechas
    ), sanas as (
      update ${webhookConfigs} set failing_since = null
       where id in (select config from hechas) and failing_since is not null
    )
    update ${notificaciones} n
       set estado = 'entregada', entregada_at = h.entregada, proximo_intento_at = h.entregada, intentos = h.intentos
      from hechas h
     where n.id = h.id and n.estado = 'enviando' and n.proximo_intento_at = h.lease`);
}

/**
 * Records a delivered attempt as deliverClaimed's transaction would (the attempt, the notification
 * `entregada` while this worker still holds its lease, the configuration's failing run ended), together
 * with the others delivered meanwhile in this process, in one statement (decision 0131). Rejects
 * when that statement fails, for the caller to record its attempt alone.
 */
export const recordDelivered: (attempt: DeliveredAttempt) => Promise<void> = writeTogether(writeDelivered);
