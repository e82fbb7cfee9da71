import "server-only";
import { eq } from "drizzle-orm";
import type { AgenciaProductos } from "@/lib/api/agencias";
import { agenciaPath } from "@/lib/api/agencias";
import { EXPOSICIONES } from "@/lib/api/limites";
import { NotFound } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { productos } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { usage } from "@/lib/service/publicaciones/cupo";
import { findVisible } from "./relation";

/**
 * GET /v3/agencias/{adminMail}/productos: the package of a registered agency of the app, its use
 * counted from the agency's listings, every app's (docs/contract.md#the-package); 404 otherwise.
 */
export async function getAgenciaProductos(app: AuthenticatedApp, adminMail: string): Promise<AgenciaProductos> {
  const db = await getDb();
  const visible = await findVisible(db, app.id, adminMail);
  if (visible?.estado !== "registrada") throw new NotFound();
  const agenciaId = visible.agencia.id;
  const [row] = await db.select().from(productos).where(eq(productos.agenciaId, agenciaId));
  const uso = await usage(db, agenciaId);
  const contratadas = row?.publicacionesContratadas ?? 0;
  const niveles = { Alta: row?.exposicionAlta ?? 0, Media: row?.exposicionMedia ?? 0, Baja: row?.exposicionBaja ?? 0 };
  const self = agenciaPath(visible.agencia.adminMail);
  return {
    Plan: row?.plan ?? null,
    Estado: (row?.estado ?? "sin-plan") as AgenciaProductos["Estado"],
    VigenteDesde: row?.vigenteDesde ?? null,
    VigenteHasta: row?.vigenteHasta ?? null,
    Publicaciones: { Contratadas: contratadas, Activas: uso.activas, Disponibles: Math.max(0, contratadas - uso.activas) },
    Exposiciones: Object.fromEntries(
      EXPOSICIONES.map((nivel) => [nivel, { Contratadas: niveles[nivel], Usadas: uso.niveles[nivel] }]),
    ) as AgenciaProductos["Exposiciones"],
    _links: { self: { href: `${self}/productos` }, agencia: { href: self } },
  };
}
