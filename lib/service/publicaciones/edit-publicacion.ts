import "server-only";
import { eq } from "drizzle-orm";
import { conflictProblem } from "@/lib/api/problem";
import type { Origen, Publicacion, PublicacionEdit, PublicacionRef } from "@/lib/api/publicaciones";
import { getDb } from "@/lib/db";
import { type Nivel, publicaciones } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { reserve } from "./cupo";
import { autoOf, carColumns, findListing, saveFotos } from "./listing";
import { notifyPresented } from "./notify";
import { type PublicacionRow, presentMany, presentRef } from "./present-publicacion";
import { type CambioPropio, recordCambio } from "./record-cambios";
import { lookUp, type Names, requireMatches } from "./resolve";

export const archived = (externalId: string) =>
  conflictProblem(
    { _: ["La publicación está archivada: una publicación archivada no vuelve a publicarse ni se modifica."] },
    `La publicación ${externalId} está archivada.`,
  );

const namesOf = (input: PublicacionEdit): Names => ({
  carroceria: { member: "Carroceria", value: input.Carroceria },
  color: { member: "Color", value: input.Color },
  ...(input.OperadorResponsable && { operador: { member: "OperadorResponsable", value: input.OperadorResponsable } }),
});

/** Its state after the edit: Activa at the level the package gives it, or suspended by the app. */
async function stateAfter(tx: Parameters<typeof reserve>[0], row: PublicacionRow, input: PublicacionEdit, now: Date) {
  if (!input.Activa) return { estado: "suspendida", motivo: "app", exposicion: null, activada: row.activada };
  const exposicion: Nivel = await reserve(tx, row.agenciaId, input.Exposicion, row.id);
  return { estado: "activa", motivo: null, exposicion, activada: row.estado === "activa" ? row.activada : now };
}

/** What an edit changed of the listing's state: Estado or Motivo, else the level alone, else nothing. */
function changeOf(before: PublicacionRow, after: PublicacionRow): CambioPropio | undefined {
  if (before.estado !== after.estado || before.motivo !== after.motivo) return "estado";
  if (before.exposicion !== after.exposicion) return "exposicion";
  return undefined;
}

/**
 * PUT /v3/publicaciones/{adminMail}/{externalId}: every editable member replaced (identity stays).
 * The listing is read again, locked, inside the transaction: an archive or another edit that
 * commits meanwhile is seen, never overwritten. Activa true takes (or keeps) a place in the package;
 * false frees it. A change of Estado, Motivo or Exposicion is kept and notified in the same transaction.
 */
export async function editPublicacion(
  app: AuthenticatedApp,
  adminMail: string,
  externalId: string,
  input: PublicacionEdit,
  origen: Origen,
  form: "entry" | "ref",
): Promise<Publicacion | PublicacionRef> {
  const db = await getDb();
  const current = await findListing(db, app.id, adminMail, externalId);
  if (current.publicacion.estado === "archivada") throw archived(current.publicacion.externalIdOriginal);
  const names = namesOf(input);
  const resolved = await lookUp(db, current.publicacion.agenciaId, names, app.id);
  requireMatches(names, resolved);
  const now = new Date();
  const { row, entry } = await db.transaction(async (tx) => {
    const { publicacion: before } = await findListing(tx, app.id, adminMail, externalId, { lock: true });
    if (before.estado === "archivada") throw archived(before.externalIdOriginal);
    const car = carColumns(input, resolved, input.OperadorResponsable ?? current.adminMail);
    const [row] = await tx
      .update(publicaciones)
      .set({ ...car, auto: autoOf({ ...before, ...car }), ...(await stateAfter(tx, before, input, now)), modificada: now })
      .where(eq(publicaciones.id, before.id))
      .returning();
    if (!row) throw new Error("La publicación desapareció mientras se modificaba");
    await saveFotos(
      tx,
      row.id,
      input.Fotos.map((foto) => foto.Url),
      true,
    );
    const [entry] = await presentMany(tx, [row], () => current.adminMail);
    const cambio = changeOf(before, row);
    if (cambio) await recordCambio(tx, row, cambio, origen, now);
    if (cambio && resolved.suscripta) {
      await notifyPresented(tx, { appId: app.id, adminMail: current.adminMail, entry: entry as Publicacion }, origen, now);
    }
    return { row, entry: entry as Publicacion };
  });
  return form === "ref" ? presentRef(row, current.adminMail) : entry;
}
