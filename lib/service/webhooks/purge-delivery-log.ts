import "server-only";
import { and, eq, inArray, lt, notExists } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { entregaIntentos, notificaciones } from "@/lib/db/schema";
import { config } from "@/lib/env";

/**
 * Deletes attempt records older than WEBHOOK_LOG_RETENTION_DAYS, and finished notifications
 * (delivered, failed, discarded) older than that with no attempt left. Pending ones are kept.
 */
export async function purgeDeliveryLog(now = new Date()): Promise<{ intentos: number; notificaciones: number }> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - config().webhookLogRetentionDays * 24 * 60 * 60 * 1000);
  const attempts = await db.delete(entregaIntentos).where(lt(entregaIntentos.momento, cutoff)).returning({ id: entregaIntentos.id });
  const finished = await db
    .delete(notificaciones)
    .where(
      and(
        lt(notificaciones.createdAt, cutoff),
        inArray(notificaciones.estado, ["entregada", "fallida", "descartada"]),
        notExists(db.select({ id: entregaIntentos.id }).from(entregaIntentos).where(eq(entregaIntentos.notificacionId, notificaciones.id))),
      ),
    )
    .returning({ id: notificaciones.id });
  return { intentos: attempts.length, notificaciones: finished.length };
}
