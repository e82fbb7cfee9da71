import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { agencias } from "@/lib/db/schema";

/** For the operator CLI: the agency of an administrator e-mail, or an error that says so. */
export async function agencyByAdmin(db: Db, adminMail: string) {
  const [agencia] = await db.select().from(agencias).where(eq(agencias.adminMail, adminMail.toLowerCase()));
  if (!agencia) throw new Error(`No hay ninguna agencia con administrador ${adminMail.toLowerCase()}.`);
  return agencia;
}
