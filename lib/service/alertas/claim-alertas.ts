import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";

/** While a worker sends a claimed alert no other takes it; longer than a push's 15 s timeout. */
export const LEASE_MS = 30_000;

export type ClaimedAlerta = {
  suscripcionId: string;
  sid: string;
  canal: "email" | "push";
  intentos: number;
  /** When the enquiry's insert queued it: the alert latency counts from it. */
  createdAt: Date;
  /** The lease this worker holds: what it writes after sending is fenced on it. */
  leaseUntil: Date;
};

type Row = { suscripcion_id: string; sid: string; canal: "email" | "push"; intentos: number; created_at: string | Date };

/**
 * Claims up to `limit` due alerts in one statement (FOR UPDATE SKIP LOCKED: any number of workers,
 * none takes what another holds), marking them `enviando` with a lease. An `enviando` alert whose
 * lease ended belongs to a worker that died: it is due again (at least once).
 */
export async function claimDueAlertas(limit: number, now = new Date()): Promise<ClaimedAlerta[]> {
  const db = await getDb();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const result = (await db.execute(sql`
    update alertas
       set estado = 'enviando', proximo_intento_at = ${leaseUntil.toISOString()}::timestamptz
     where (suscripcion_id, sid, canal) in (
       select suscripcion_id, sid, canal from alertas
        where estado in ('pendiente', 'enviando') and proximo_intento_at <= ${now.toISOString()}::timestamptz
        order by proximo_intento_at
        limit ${limit}
        for update skip locked)
    returning suscripcion_id, sid, canal, intentos, created_at`)) as unknown as { rows: Row[] };
  return result.rows.map((row) => ({
    suscripcionId: row.suscripcion_id,
    sid: row.sid,
    canal: row.canal,
    intentos: row.intentos,
    createdAt: new Date(row.created_at),
    leaseUntil,
  }));
}
