import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { consultasHistorial } from "@/lib/db/schema";

/**
 * An enquiry's history (decision 0108): what the app did to it, written with the change itself.
 * The reads are in ../get-consulta-historial.ts.
 */

/** A change of the app's mark, as a CTE of the statement that follows the mark (no round trip of its own). */
export function recordChange(appId: string, sid: string, mark: { atendida: boolean; por: string; momento: Date }) {
  const evento = mark.atendida ? "atendida" : "desatendida";
  return sql`with historial as (
    insert into ${consultasHistorial} (app_id, sid, evento, por, momento)
    values (${appId}, ${sid}, ${evento}, ${mark.por}, ${mark.momento}))`;
}

/** A resend of the enquiry's webhook, in the transaction that queues its notification. */
export async function recordResend(tx: Pick<Db, "insert">, appId: string, sid: string, notificacionId: string, momento: Date) {
  await tx.insert(consultasHistorial).values({ appId, sid, evento: "reenviada", notificacionId, momento });
}
