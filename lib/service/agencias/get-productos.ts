import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { AgenciaProductos } from "@/lib/api/agencias";
import { agenciaPath } from "@/lib/api/agencias";
import { NotFound } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { type Exposiciones, productos, publicaciones } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { findVisible } from "./relation";

export const NO_EXPOSICIONES: Exposiciones = {
  Alta: { Contratadas: 0, Usadas: 0 },
  Media: { Contratadas: 0, Usadas: 0 },
  Baja: { Contratadas: 0, Usadas: 0 },
};

/** GET /v3/agencias/{adminMail}/productos: the package of a registered agency of the app; 404 otherwise. */
export async function getProductos(app: AuthenticatedApp, adminMail: string): Promise<AgenciaProductos> {
  const db = await getDb();
  const visible = await findVisible(db, app.id, adminMail);
  if (visible?.estado !== "registrada") throw new NotFound();
  const agenciaId = visible.agencia.id;
  const [row] = await db.select().from(productos).where(eq(productos.agenciaId, agenciaId));
  const [activas] = await db
    .select({ total: count() })
    .from(publicaciones)
    .where(and(eq(publicaciones.agenciaId, agenciaId), eq(publicaciones.estado, "activa")));
  const contratadas = row?.publicacionesContratadas ?? 0;
  const active = activas?.total ?? 0;
  const self = agenciaPath(visible.agencia.adminMail);
  return {
    Plan: row?.plan ?? null,
    Estado: (row?.estado ?? "sin-plan") as AgenciaProductos["Estado"],
    VigenteDesde: row?.vigenteDesde ?? null,
    VigenteHasta: row?.vigenteHasta ?? null,
    Publicaciones: { Contratadas: contratadas, Activas: active, Disponibles: Math.max(0, contratadas - active) },
    Exposiciones: row?.exposiciones ?? NO_EXPOSICIONES,
    _links: { self: { href: `${self}/productos` }, agencia: { href: self } },
  };
}
