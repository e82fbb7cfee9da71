import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import { DIAS_CONSULTAS } from "@/lib/api/limites";
import { getDb } from "@/lib/db";
import { panelConsultasLeidas } from "@/lib/db/schema-panel";

/**
 * Read or unread, per Panel user (decisions 0045): an enquiry is read once its detail was opened by
 * that person. The Panel's own table; the API is not asked.
 */

const DIA_MS = 86_400_000;

/**
 * Records that the user opened the enquiry (the first time counts; again changes nothing), and
 * deletes that user's marks older than the period the inbox shows: an enquiry read then has left
 * every list since.
 */
export async function marcarLeida(userId: string, sid: string): Promise<void> {
  const db = await getDb();
  await db.insert(panelConsultasLeidas).values({ userId, sid }).onConflictDoNothing();
  const limite = new Date(Date.now() - DIAS_CONSULTAS * DIA_MS);
  await db.delete(panelConsultasLeidas).where(and(eq(panelConsultasLeidas.userId, userId), lt(panelConsultasLeidas.leida, limite)));
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
