import "server-only";
import type { Origen, Publicacion, PublicacionCreate, PublicacionRef } from "@/lib/api/publicaciones";
import { getDb } from "@/lib/db";
import { violatesUnique } from "@/lib/db/errors";
import { LISTING_OF_AGENCY_INDEX, type Nivel, publicaciones } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { reserve } from "./cupo";
import { autoOf, carColumns, registeredAgency, saveFotos } from "./listing";
import { notifyPresented } from "./notify";
import { presentEntry, presentRef } from "./present-publicacion";
import { recordCambio } from "./record-cambios";
import { externalIdTaken, lookUp, type Names, requireMatches } from "./resolve";

/** What a new listing names, as PublicacionCreate's members. */
const namesOf = (input: PublicacionCreate): Names => ({
  marca: { member: "Marca", value: input.Marca },
  modelo: { member: "Modelo", value: input.Modelo },
  carroceria: { member: "Carroceria", value: input.Carroceria },
  color: { member: "Color", value: input.Color },
  ...(input.OperadorResponsable && { operador: { member: "OperadorResponsable", value: input.OperadorResponsable } }),
  externalId: { member: "ExternalId", value: input.ExternalId },
});

/**
 * POST /v3/publicaciones/{adminMail}: the listing, checked against the catalogue and the agency in
 * one statement, then written in one transaction with its photos (pendiente), its first change and
 * its notification;
 * an Activa one first takes its place in the package (docs/contract.md#the-package), which may
 * refuse it (409) before anything is written. A new listing has no enquiries yet: its ExternalId
 * never named another listing of the agency.
 */
export async function createPublicacion(
  app: AuthenticatedApp,
  adminMail: string,
  input: PublicacionCreate,
  origen: Origen,
  form: "entry" | "ref",
): Promise<Publicacion | PublicacionRef> {
  const db = await getDb();
  const { agencia } = await registeredAgency(db, app.id, adminMail);
  const names = namesOf(input);
  const resolved = await lookUp(db, agencia.id, names, app.id);
  requireMatches(names, resolved);
  const now = new Date();
  const columns = {
    id: newId(),
    appId: app.id,
    agenciaId: agencia.id,
    externalId: input.ExternalId.toLowerCase(),
    externalIdOriginal: input.ExternalId,
    marcaId: resolved.marca?.id ?? null,
    marca: resolved.marca?.nombre ?? input.Marca,
    modeloId: resolved.modelo?.id ?? null,
    modelo: resolved.modelo?.nombre ?? input.Modelo,
    version: input.Version,
    ...carColumns(input, resolved, input.OperadorResponsable ?? agencia.adminMail),
    createdAt: now,
    modificada: now,
  };
  try {
    return await db.transaction(async (tx) => {
      const exposicion: Nivel | null = input.Activa ? await reserve(tx, agencia.id, input.Exposicion) : null;
      const [row] = await tx
        .insert(publicaciones)
        .values({
          ...columns,
          auto: autoOf(columns),
          estado: exposicion ? "activa" : "suspendida",
          motivo: exposicion ? null : "app",
          exposicion,
          activada: exposicion ? now : null,
        })
        .returning();
      if (!row) throw new Error("La publicación no se guardó");
      await recordCambio(tx, row, "creada", origen, now);
      const fotos = await saveFotos(
        tx,
        row.id,
        input.Fotos.map((foto) => foto.Url),
        false,
      );
      const entry = presentEntry(row, agencia.adminMail, fotos, { Total: 0, SinAtender: 0 });
      if (resolved.suscripta) await notifyPresented(tx, { appId: app.id, adminMail: agencia.adminMail, entry }, origen, now);
      return form === "ref" ? presentRef(row, agencia.adminMail) : entry;
    });
  } catch (error) {
    // Another request created the same ExternalId since the check.
    if (violatesUnique(error, LISTING_OF_AGENCY_INDEX)) throw externalIdTaken("ExternalId", input.ExternalId);
    throw error;
  }
}
