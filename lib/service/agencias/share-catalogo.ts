import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { agenciaApps, apps } from "@/lib/db/schema";
import { agencyByAdmin } from "./relation";

/** `agency share-catalogo`: whether catalogue enquiries of the agency reach the app (docs/contract.md#visibility). */
export async function shareCatalogo(input: { admin: string; app: string; on: boolean }) {
  const db = await getDb();
  const agencia = await agencyByAdmin(db, input.admin);
  const [app] = await db.select({ id: apps.id }).from(apps).where(eq(apps.appKey, input.app));
  if (!app) throw new Error(`No hay ninguna app con AppKey ${input.app}.`);
  const [row] = await db
    .update(agenciaApps)
    .set({ compartirCatalogo: input.on })
    .where(and(eq(agenciaApps.agenciaId, agencia.id), eq(agenciaApps.appId, app.id)))
    .returning();
  if (!row) throw new Error(`La agencia ${agencia.adminMail} no está asociada a la app ${input.app}.`);
  return { AdminMail: agencia.adminMail, AppKey: input.app, CompartirConsultasCatalogo: row.compartirCatalogo };
}
