import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { publicacionFotos } from "@/lib/db/schema";
import { FOTO_LIMITS } from "./check-foto";

/** While a worker checks a photo no other takes it; if the worker dies, the photo is due again when the lease ends. */
export const FOTO_LEASE_MS = 2 * FOTO_LIMITS.timeoutMs;

export type ClaimedFoto = { publicacionId: string; url: string; leaseUntil: Date };

/**
 * Claims up to `limit` photos waiting for their check in one short statement (FOR UPDATE SKIP
 * LOCKED, as the webhook deliveries): a pendiente photo nobody holds, or whose lease ended.
 */
export async function claimPendingFotos(limit: number, now = new Date()): Promise<ClaimedFoto[]> {
  const db = await getDb();
  const leaseUntil = new Date(now.getTime() + FOTO_LEASE_MS);
  const result = (await db.execute(sql`
    update ${publicacionFotos}
       set revisando_hasta = ${leaseUntil.toISOString()}::timestamptz
     where (publicacion_id, url) in (
       select publicacion_id, url from ${publicacionFotos}
        where estado = 'pendiente' and (revisando_hasta is null or revisando_hasta <= ${now.toISOString()}::timestamptz)
        limit ${limit}
        for update skip locked)
    returning publicacion_id, url`)) as unknown as { rows: { publicacion_id: string; url: string }[] };
  return result.rows.map((row) => ({ publicacionId: row.publicacion_id, url: row.url, leaseUntil }));
}
