import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { devMailbox } from "@/lib/db/schema";

export type DevMail = { Id: string; De: string; Para: string; Asunto: string; Recibido: string; Texto: string; Html: string };

const present = (row: typeof devMailbox.$inferSelect): DevMail => ({
  Id: row.id,
  De: row.from,
  Para: row.to,
  Asunto: row.subject,
  Recibido: row.receivedAt.toISOString(),
  Texto: row.text,
  Html: row.html,
});

/** The dev mailbox, newest first; `to` keeps one recipient (case-insensitive). */
export async function listDevMail(input: { to?: string; limit?: number } = {}): Promise<DevMail[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(devMailbox)
    .where(input.to ? eq(devMailbox.to, input.to.toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.receivedAt), desc(devMailbox.id))
    .limit(input.limit ?? 200);
  return rows.map(present);
}

export async function findDevMail(id: string): Promise<DevMail | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(devMailbox).where(eq(devMailbox.id, id));
  return row ? present(row) : undefined;
}
