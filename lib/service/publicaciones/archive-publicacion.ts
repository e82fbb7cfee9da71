import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Origen } from "@/lib/api/publicaciones";
import { getDb } from "@/lib/db";
import { publicaciones } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { findListing } from "./listing";
import { notifyPresented } from "./notify";
import { presentMany } from "./present-publicacion";
import { recordCambio } from "./record-cambios";

/**
 * DELETE /v3/publicaciones/{adminMail}/{externalId}: the listing becomes Archivada for good, freeing
 * its place in the package at once; it stays readable. Archiving an archived listing changes nothing
 * (204 again, no notification): the update only takes a listing that is not archived yet.
 */
export async function archivePublicacion(app: AuthenticatedApp, adminMail: string, externalId: string, origen: Origen): Promise<void> {
  const db = await getDb();
  const found = await findListing(db, app.id, adminMail, externalId);
  if (found.publicacion.estado === "archivada") return;
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(publicaciones)
      .set({ estado: "archivada", motivo: "app", exposicion: null, modificada: now })
      .where(and(eq(publicaciones.id, found.publicacion.id), ne(publicaciones.estado, "archivada")))
      .returning();
    if (!row) return;
    await recordCambio(tx, row, "estado", origen, now);
    if (!found.suscripta) return;
    const [entry] = await presentMany(tx, [row], () => found.adminMail);
    if (entry) await notifyPresented(tx, { appId: app.id, adminMail: found.adminMail, entry }, origen, now);
  });
}
