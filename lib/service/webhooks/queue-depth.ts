import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db";

/**
 * The webhook outbox's depth, read at scrape time (GET /metrics, decisions 0049): one statement over
 * the index `notificaciones_pending_idx (estado, proximo_intento_at)`, an index-only scan of the
 * waiting, in-flight and failed rows alone; the delivered ones, nearly all of a large table, are not
 * read (docs/performance.md has its plan and cost).
 *
 * `waiting`: pending (due now or scheduled for a retry) and those whose lease ended (their worker
 * died); `due`: waiting and due now; `inFlight`: held by a worker's lease; `failed`: given up, kept
 * WEBHOOK_LOG_RETENTION_DAYS; `oldestDueSeconds`: how long the oldest due one has been due (0: none).
 */
export type NotificationQueue = { waiting: number; due: number; inFlight: number; failed: number; oldestDueSeconds: number };

type Row = { waiting: string; due: string; in_flight: string; failed: string; oldest_due: string | null };

export async function readNotificationQueue(): Promise<NotificationQueue> {
  const [row] = await queryRows<Row>(sql`
    select count(*) filter (where estado = 'pendiente' or (estado = 'enviando' and proximo_intento_at <= now())) as waiting,
           count(*) filter (where estado in ('pendiente', 'enviando') and proximo_intento_at <= now()) as due,
           count(*) filter (where estado = 'enviando' and proximo_intento_at > now()) as in_flight,
           count(*) filter (where estado = 'fallida') as failed,
           extract(epoch from now() - min(proximo_intento_at) filter (where estado in ('pendiente', 'enviando') and proximo_intento_at <= now())) as oldest_due
      from notificaciones
     where estado in ('pendiente', 'enviando', 'fallida')`);
  return {
    waiting: Number(row?.waiting ?? 0),
    due: Number(row?.due ?? 0),
    inFlight: Number(row?.in_flight ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestDueSeconds: Math.max(0, Number(row?.oldest_due ?? 0)),
  };
}
