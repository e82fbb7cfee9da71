import "server-only";
import { eq } from "drizzle-orm";
import type { Agencia, AgenciaEdit, AgenciaRef } from "@/lib/api/agencias";
import { fieldProblem, forbiddenProblem } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { agencias } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { matchCiudad, matchRegion } from "@/lib/service/catalogo/match";
import { presentVisible } from "./present-agencia";
import { findVisible, mayEdit } from "./relation";

/** Region and Ciudad as the catalogue names them (best match; 400 naming the field when nothing fits). */
export async function matchUbicacion(region: string | null, ciudad: string | null) {
  if (ciudad && !region) throw fieldProblem("Ciudad", "Indicá también Region: la ciudad se busca dentro de la provincia.");
  if (!region) return { region: null, ciudad: null };
  if (!ciudad) return { region: (await matchRegion(region, "Region")).nombre, ciudad: null };
  const match = await matchCiudad(region, ciudad, { state: "Region", city: "Ciudad" });
  return { region: match.region, ciudad: match.nombre };
}

/**
 * PUT /v3/agencias/{adminMail}: replaces the agency's data; only for registered agencies of the
 * app, and only by the app that created the account (the others read what it writes).
 */
export async function editAgencia(
  app: AuthenticatedApp,
  adminMail: string,
  input: AgenciaEdit,
  form: "entry" | "ref",
): Promise<Agencia | AgenciaRef> {
  const db = await getDb();
  const visible = await findVisible(db, app.id, adminMail);
  if (visible?.estado !== "registrada") {
    throw forbiddenProblem("La app solo puede modificar agencias registradas y asociadas a ella.");
  }
  if (!mayEdit(app.id, visible)) {
    throw forbiddenProblem(
      "A esta agencia solo la modifica la app con la que se registró en Vitrina: esta app puede leer sus datos, pero no cambiarlos.",
    );
  }
  const ubicacion = await matchUbicacion(input.Region, input.Ciudad);
  const [agencia] = await db
    .update(agencias)
    .set({
      nombre: input.Nombre,
      telefono: input.Telefono,
      whatsapp: input.WhatsApp,
      region: ubicacion.region,
      ciudad: ubicacion.ciudad,
      direccion: input.Direccion,
    })
    .where(eq(agencias.id, visible.agencia.id))
    .returning();
  return presentVisible(db, { ...visible, agencia: agencia ?? visible.agencia }, form);
}
