import "server-only";
import { and, inArray, lt } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { alertas } from "@/lib/db/schema";
import { config } from "@/lib/env";

/** Deletes the alerts sent, skipped or given up more than WEBHOOK_LOG_RETENTION_DAYS ago; those still to send are kept. */
export async function purgeAlertas(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - config().webhookLogRetentionDays * 24 * 60 * 60 * 1000);
  const purged = await db
    .delete(alertas)
    .where(and(lt(alertas.createdAt, cutoff), inArray(alertas.estado, ["enviada", "omitida", "fallida"])))
    .returning({ sid: alertas.sid });
  return purged.length;
}
