import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { publicaciones, publicacionFotos } from "@/lib/db/schema";
import type { Revision } from "./check-foto";
import type { ClaimedFoto } from "./claim-fotos";
import { notifyPublicacion } from "./notify";

/**
 * Writes a photo's check, its listing's Modificada (a partner syncing with modificadaDesde sees it,
 * decisions 0070) and the `publicaciones` notification in one transaction. The listing is locked
 * first, as an edit does. Fenced on the lease: a photo an edit removed meanwhile, or that another
 * worker took after the lease ended, is left alone. Answers whether it was written.
 */
export async function recordFotoCheck(foto: ClaimedFoto, revision: Revision, now = new Date()): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ id: publicaciones.id })
      .from(publicaciones)
      .where(eq(publicaciones.id, foto.publicacionId))
      .for("update");
    if (!listing) return false;
    const written = await tx
      .update(publicacionFotos)
      .set({ estado: revision.estado, motivo: revision.motivo, comprobadaAt: now, revisandoHasta: null })
      .where(
        and(
          eq(publicacionFotos.publicacionId, foto.publicacionId),
          eq(publicacionFotos.url, foto.url),
          eq(publicacionFotos.estado, "pendiente"),
          eq(publicacionFotos.revisandoHasta, foto.leaseUntil),
        ),
      )
      .returning({ url: publicacionFotos.url });
    if (written.length === 0) return false;
    await tx.update(publicaciones).set({ modificada: now }).where(eq(publicaciones.id, foto.publicacionId));
    await notifyPublicacion(tx, foto.publicacionId);
    return true;
  });
}
