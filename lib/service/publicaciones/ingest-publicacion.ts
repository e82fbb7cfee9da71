import "server-only";
import { and, eq } from "drizzle-orm";
import type { Auto } from "@/lib/api/consultas";
import type { PublicacionIngest } from "@/lib/api/marketplace";
import { conflictProblem, fieldProblem, Problem } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import { agenciaApps, agencias, apps, type Nivel, publicaciones } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { lockPackage, reserve } from "./cupo";
import { notifyPresented } from "./notify";
import { presentEntry } from "./present-publicacion";
import { recordCambio } from "./record-cambios";
import { externalIdTaken, lookUp, type Names, requireMatches } from "./resolve";

/** The app by its AppKey and the agency registered with it, or a 400 naming the member. */
async function appAndAgency(db: Db, input: PublicacionIngest) {
  const [app] = await db.select({ id: apps.id }).from(apps).where(eq(apps.appKey, input.AppKey));
  if (!app) throw fieldProblem("AppKey", "No hay ninguna app con esa AppKey.");
  const [found] = await db
    .select({ agencia: agencias, relation: agenciaApps.estado })
    .from(agencias)
    .leftJoin(agenciaApps, and(eq(agenciaApps.agenciaId, agencias.id), eq(agenciaApps.appId, app.id)))
    .where(eq(agencias.adminMail, input.AdminMail));
  if (!found?.agencia.registradaAt)
    throw fieldProblem("AdminMail", `No hay ninguna agencia registrada con administrador ${input.AdminMail}.`);
  if (found.relation !== "registrada") throw fieldProblem("AdminMail", "La agencia no está asociada a la app.");
  return { appId: app.id, agencia: found.agencia };
}

const namesOf = (input: PublicacionIngest): Names => ({
  marca: { member: "Auto.Marca", value: input.Auto.Marca },
  modelo: { member: "Auto.Modelo", value: input.Auto.Modelo },
  carroceria: { member: "Auto.BodyType", value: input.Auto.BodyType },
  color: { member: "Auto.Color", value: input.Auto.Color },
});

/** The place a new marketplace listing gets in the package, or none (it is then stored suspended). */
async function placeIn(tx: Db, agenciaId: string): Promise<Nivel | null> {
  try {
    return await reserve(tx, agenciaId, null);
  } catch (error) {
    if (error instanceof Problem && error.status === 409) return null;
    throw error;
  }
}

/**
 * POST /marketplace/publicaciones: the app's listing for the agency, created or its car replaced
 * (docs/contract.md#marketplace-ingestion, decisions 0066). It lives in the same table as v3's: its
 * make and model are the catalogue's (400 under Auto.Marca, Auto.Modelo otherwise; a body style or
 * colour the catalogue does not know is kept as text), and a new one is Activa only where the
 * package has room, else it waits Suspendida by the package: the marketplace's listings never
 * overrun it either. Replacing the car keeps the state. An ExternalId the agency has from another
 * app, or archived, is a 409.
 */
export async function ingestPublicacion(input: PublicacionIngest): Promise<{ ExternalId: string; Estado: string }> {
  const db = await getDb();
  const { appId, agencia } = await appAndAgency(db, input);
  const names = namesOf(input);
  const resolved = await lookUp(db, agencia.id, names, appId);
  requireMatches(names, resolved, ["carroceria", "color"]);
  const auto: Auto = { ExternalId: input.ExternalId, ...input.Auto };
  const now = new Date();
  const car = {
    auto,
    refStock: input.Auto.RefStock,
    marcaId: resolved.marca?.id ?? null,
    marca: resolved.marca?.nombre ?? input.Auto.Marca,
    modeloId: resolved.modelo?.id ?? null,
    modelo: resolved.modelo?.nombre ?? input.Auto.Modelo,
    version: input.Auto.Version,
    versionYear: input.Auto.VersionYear,
    kilometraje: input.Auto.Kilometraje,
    precio: input.Auto.Precio,
    carroceriaId: resolved.carroceria?.id ?? null,
    carroceria: resolved.carroceria?.nombre ?? input.Auto.BodyType,
    colorId: resolved.color?.id ?? null,
    color: resolved.color?.nombre ?? input.Auto.Color,
    modificada: now,
  };
  return db.transaction(async (tx) => {
    // First the package's lock: two ingestions of one new ExternalId take turns, the second sees the first's.
    await lockPackage(tx, agencia.id);
    const [existing] = await tx
      .select()
      .from(publicaciones)
      .where(and(eq(publicaciones.agenciaId, agencia.id), eq(publicaciones.externalId, input.ExternalId.toLowerCase())))
      .for("update");
    if (existing) {
      if (existing.appId !== appId) throw externalIdTaken("ExternalId", input.ExternalId);
      if (existing.estado === "archivada") {
        throw conflictProblem(
          { ExternalId: ["La publicación con este ExternalId está archivada: no vuelve a publicarse. Usá otro ExternalId."] },
          `La publicación ${input.ExternalId} está archivada.`,
        );
      }
      await tx.update(publicaciones).set(car).where(eq(publicaciones.id, existing.id));
      return { ExternalId: input.ExternalId, Estado: existing.estado === "activa" ? "Activa" : "Suspendida" };
    }
    const exposicion = await placeIn(tx, agencia.id);
    const [row] = await tx
      .insert(publicaciones)
      .values({
        ...car,
        id: newId(),
        appId,
        agenciaId: agencia.id,
        externalId: input.ExternalId.toLowerCase(),
        externalIdOriginal: input.ExternalId,
        operadorResponsable: agencia.adminMail,
        estado: exposicion ? "activa" : "suspendida",
        motivo: exposicion ? null : "paquete",
        exposicion,
        activada: exposicion ? now : null,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("La publicación no se guardó");
    await recordCambio(tx, row, "creada", "plataforma", now);
    if (resolved.suscripta) {
      const entry = presentEntry(row, agencia.adminMail, [], { Total: 0, SinAtender: 0 });
      await notifyPresented(tx, { appId, adminMail: agencia.adminMail, entry }, "plataforma", now);
    }
    return { ExternalId: input.ExternalId, Estado: exposicion ? "Activa" : "Suspendida" };
  });
}
