import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db";

/**
 * Messages of mail_outbox not yet sent (GET /metrics): pending, due or waiting for a retry. An
 * index-only scan of `mail_outbox_pending_idx (estado, proximo_intento_at)`; sent ones are not read.
 */
export async function readOutboxDepth(): Promise<number> {
  const [row] = await queryRows<{ depth: string }>(sql`select count(*) as depth from mail_outbox where estado = 'pendiente'`);
  return Number(row?.depth ?? 0);
}
