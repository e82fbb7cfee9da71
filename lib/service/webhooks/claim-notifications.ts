import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { notificaciones } from "@/lib/db/schema";

/**
 * While a worker sends a claimed notification no other takes it; if the worker dies, the
 * notification is due again when the lease ends. Longer than the 15 s delivery timeout.
 */
export const LEASE_MS = 30_000;

export type ClaimedNotification = {
  id: string;
  appId: string;
  topic: string;
  payload: Record<string, unknown>;
  intentos: number;
  /** When it was enqueued: the delivery latency counts from it. */
  createdAt: Date;
  /** The lease this worker holds: updates after sending are fenced on it. */
  leaseUntil: Date;
};

type Row = {
  id: string;
  app_id: string;
  topic: string;
  payload: Record<string, unknown> | string;
  intentos: number;
  created_at: string | Date;
};

/**
 * Claims up to `limit` due notifications in one short statement (FOR UPDATE SKIP LOCKED: any
 * number of workers at once, none claims what another holds), marking them `enviando` with a lease.
 * An `enviando` notification whose lease ended belongs to a worker that died: it is due again.
 * Each state is read apart, in the order of `notificaciones_pending_idx (estado, proximo_intento_at)`:
 * read for both states at once, every due row of a backlog was read and sorted at each claim
 * (decision 0131).
 */
export async function claimDueNotifications(limit: number, now = new Date()): Promise<ClaimedNotification[]> {
  const db = await getDb();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const due = (estado: string) => sql`
    select id, proximo_intento_at from ${notificaciones}
     where estado = ${estado} and proximo_intento_at <= ${now.toISOString()}::timestamptz
     order by proximo_intento_at
     limit ${limit}
       for update skip locked`;
  const result = (await db.execute(sql`
    with pendientes as (${due("pendiente")}), abandonadas as (${due("enviando")})
    update ${notificaciones}
       set estado = 'enviando', proximo_intento_at = ${leaseUntil.toISOString()}::timestamptz
     where id in (
       select id from (select * from pendientes union all select * from abandonadas) vencidas
        order by proximo_intento_at
        limit ${limit})
    returning id, app_id, topic, payload, intentos, created_at`)) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    id: row.id,
    appId: row.app_id,
    topic: row.topic,
    payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
    intentos: row.intentos,
    createdAt: new Date(row.created_at),
    leaseUntil,
  }));
}
