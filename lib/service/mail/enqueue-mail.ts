import "server-only";
import type { Db } from "@/lib/db";
import { mailOutbox } from "@/lib/db/schema";
import { newId } from "@/lib/ids";

export type OutgoingMail = { to: string; subject: string; html: string; text: string };

/** Queues an e-mail inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(tx: Db, mail: OutgoingMail): Promise<string> {
  const id = newId();
  await tx.insert(mailOutbox).values({ id, ...mail, to: mail.to.toLowerCase() });
  return id;
}
