import "server-only";
import type { Db } from "@/lib/db";
import { mailOutbox } from "@/lib/db/schema";
import { newId } from "@/lib/ids";

export type OutgoingMail = { to: string; subject: string; html: string; text: string };

/**
 * Queues an e-mail inside the caller's transaction: it is sent only if that transaction commits.
 * `heldUntil`: the caller sends it itself right after the commit (sendClaimedMail), and the mail
 * worker takes it only if it is still unsent then.
 */
export async function enqueueMail(tx: Db, mail: OutgoingMail, heldUntil?: Date): Promise<string> {
  const id = newId();
  await tx.insert(mailOutbox).values({ id, ...mail, to: mail.to.toLowerCase(), ...(heldUntil && { proximoIntentoAt: heldUntil }) });
  return id;
}
