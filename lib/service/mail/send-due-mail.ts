import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { mailOutbox } from "@/lib/db/schema";
import { storableText } from "@/lib/db/storable-text";
import { logger } from "@/lib/log";
import { deliverMail, type MailMessage } from "./transport";

/** Delay before the next attempt after `attempts` failures: 5 s, 30 s, 2 min, 10 min, then hourly. */
export function mailRetryDelayMs(attempts: number): number {
  const steps = [5_000, 30_000, 120_000, 600_000];
  return steps[attempts - 1] ?? 3_600_000;
}

/** After this many failed attempts a message is marked `fallido` (with its last error), never dropped. */
export const MAIL_MAX_ATTEMPTS = 20;

/** While a worker sends a claimed message, others leave it alone; after a crash it is due again. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** The last error quotes the SMTP server's reply: storable and bounded (decisions 0024). */
const ERROR_LIMIT_BYTES = 1000;

/**
 * Claims up to `batch` due messages (FOR UPDATE SKIP LOCKED, so any number of workers can run) by
 * pushing their next attempt past a lease, then sends each one outside the transaction. Once
 * `signal` aborts (the worker stops), the claimed messages not yet sent are released: due again
 * now, for another worker, rather than when their lease ends. Returns how many were claimed.
 */
export async function sendDueMail(batch = 10, signal?: AbortSignal): Promise<number> {
  const db = await getDb();
  const claimed = (await db.execute(sql`
    update ${mailOutbox}
       set proximo_intento_at = now() + ${`${MAIL_LEASE_MS} milliseconds`}::interval
     where id in (
       select id from ${mailOutbox}
        where estado = 'pendiente' and proximo_intento_at <= now()
        order by proximo_intento_at
        limit ${batch}
        for update skip locked)
    returning id, "to", subject, html, text, intentos`)) as unknown as { rows: (MailMessage & { intentos: number })[] };
  for (const [index, message] of claimed.rows.entries()) {
    if (signal?.aborted) {
      await release(claimed.rows.slice(index).map((unsent) => unsent.id));
      break;
    }
    await sendClaimedMail(message);
  }
  return claimed.rows.length;
}

async function release(ids: string[]): Promise<void> {
  const db = await getDb();
  await db
    .update(mailOutbox)
    .set({ proximoIntentoAt: new Date() })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.estado, "pendiente")));
}

/**
 * Sends one message this process holds the lease of (claimed here, or queued held by its caller): sent,
 * or its failure recorded with the next attempt, which the mail worker makes.
 */
export async function sendClaimedMail(message: MailMessage & { intentos: number }): Promise<void> {
  const db = await getDb();
  try {
    await deliverMail(message);
    await db.update(mailOutbox).set({ estado: "enviado", enviadoAt: new Date(), ultimoError: null }).where(eq(mailOutbox.id, message.id));
  } catch (error) {
    const attempts = message.intentos + 1;
    const failed = attempts >= MAIL_MAX_ATTEMPTS;
    const ultimoError = storableText(error instanceof Error ? error.message : String(error), ERROR_LIMIT_BYTES);
    await db
      .update(mailOutbox)
      .set({
        intentos: attempts,
        ultimoError,
        estado: failed ? "fallido" : "pendiente",
        proximoIntentoAt: new Date(Date.now() + mailRetryDelayMs(attempts)),
      })
      .where(eq(mailOutbox.id, message.id));
    const log = logger();
    (failed ? log.error.bind(log) : log.warn.bind(log))({ mailId: message.id, attempts, err: ultimoError }, "mail not sent");
  }
}
