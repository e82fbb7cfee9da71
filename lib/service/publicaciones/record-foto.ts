import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/db";
import { publicaciones, publicacionFotos } from "@/lib/db/schema";
import type { Revision } from "./check-foto";
import type { ClaimedFoto } from "./claim-fotos";
import { notifyPublicacion } from "./notify";
import { recordFotoRevisada } from "./record-cambios";

/**
 * The waits before trying a photo again after a failure that may pass (decisions 0072): the third
 * such failure in a row is its error.
 */
export const RETRY_WAITS_MS = [10_000, 60_000];

const claimed = (foto: ClaimedFoto) =>
  and(
    eq(publicacionFotos.publicacionId, foto.publicacionId),
    eq(publicacionFotos.url, foto.url),
    eq(publicacionFotos.estado, "pendiente"),
    eq(publicacionFotos.revisandoHasta, foto.leaseUntil),
  );

/**
 * A failure that may pass, before its last try: the photo stays pendiente, due again after its wait.
 * Answers false when it was the last try (or the photo is no longer this worker's).
 */
async function tryAgainLater(db: Db, foto: ClaimedFoto, now: Date): Promise<boolean> {
  const [row] = await db.select({ intentos: publicacionFotos.intentos }).from(publicacionFotos).where(claimed(foto));
  const wait = row ? RETRY_WAITS_MS[row.intentos] : undefined;
  if (wait === undefined) return false;
  await db
    .update(publicacionFotos)
    .set({ intentos: sql`${publicacionFotos.intentos} + 1`, revisandoHasta: new Date(now.getTime() + wait) })
    .where(claimed(foto));
  return true;
}

/**
 * Writes a photo's check, its listing's Modificada (a partner syncing with modificadaDesde sees it,
 * decisions 0070), the change it is (decision 0116) and the `publicaciones` notification in one transaction. The listing is locked
 * first, as an edit does. Fenced on the lease: a photo an edit removed meanwhile, or that another
 * worker took after the lease ended, is left alone. A failure that may pass is tried again later,
 * up to three tries, and then written. Answers whether the check ended.
 */
export async function recordFotoCheck(foto: ClaimedFoto, revision: Revision, now = new Date()): Promise<boolean> {
  const db = await getDb();
  if (revision.estado === "error" && revision.transient && (await tryAgainLater(db, foto, now))) return false;
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ id: publicaciones.id, estado: publicaciones.estado, motivo: publicaciones.motivo, exposicion: publicaciones.exposicion })
      .from(publicaciones)
      .where(eq(publicaciones.id, foto.publicacionId))
      .for("update");
    if (!listing) return false;
    const written = await tx
      .update(publicacionFotos)
      .set({ estado: revision.estado, motivo: revision.motivo, comprobadaAt: now, revisandoHasta: null })
      .where(claimed(foto))
      .returning({ url: publicacionFotos.url });
    if (written.length === 0) return false;
    await tx.update(publicaciones).set({ modificada: now }).where(eq(publicaciones.id, foto.publicacionId));
    await recordFotoRevisada(tx, listing, { url: foto.url, ...revision }, now);
    await notifyPublicacion(tx, foto.publicacionId);
    return true;
  });
}
