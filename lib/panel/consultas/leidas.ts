import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { panelConsultasLeidas } from "@/lib/db/schema-panel";

/**
 * Read or unread, per Panel user (decisions 0045): an enquiry is read once its detail was opened by
 * that person. The Panel's own table; the API is not asked.
 */

/** Records that the user opened the enquiry (the first time counts; again changes nothing). */
export async function marcarLeida(userId: string, sid: string): Promise<void> {
  await (await getDb()).insert(panelConsultasLeidas).values({ userId, sid }).onConflictDoNothing();
}

/** Which of these sids the user has read. */
export async function leidasDe(userId: string, sids: readonly string[]): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const filas = await (await getDb())
    .select({ sid: panelConsultasLeidas.sid })
    .from(panelConsultasLeidas)
    .where(and(eq(panelConsultasLeidas.userId, userId), inArray(panelConsultasLeidas.sid, [...sids])));
  return new Set(filas.map((fila) => fila.sid));
}
