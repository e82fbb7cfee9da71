import "server-only";
import { getDb } from "@/lib/db";
import { productos } from "@/lib/db/schema";
import { agencyByAdmin } from "./find-by-admin";
import { NO_EXPOSICIONES } from "./get-productos";

export type PlanInput = {
  admin: string;
  plan: string;
  estado: "activo" | "suspendido" | "vencido" | "sin-plan";
  desde?: string;
  hasta?: string;
  publicaciones?: number;
};

/** `agency plan`: sets the agency's package (AgenciaProductos). Unspecified fields keep their value. */
export async function setPlan(input: PlanInput) {
  const db = await getDb();
  const agencia = await agencyByAdmin(db, input.admin);
  const values = {
    plan: input.estado === "sin-plan" ? null : input.plan,
    estado: input.estado,
    ...(input.desde !== undefined && { vigenteDesde: input.desde }),
    ...(input.hasta !== undefined && { vigenteHasta: input.hasta }),
    ...(input.publicaciones !== undefined && { publicacionesContratadas: input.publicaciones }),
  };
  const [row] = await db
    .insert(productos)
    .values({ agenciaId: agencia.id, exposiciones: NO_EXPOSICIONES, ...values })
    .onConflictDoUpdate({ target: productos.agenciaId, set: values })
    .returning();
  return {
    AdminMail: agencia.adminMail,
    Plan: row?.plan ?? null,
    Estado: row?.estado,
    VigenteDesde: row?.vigenteDesde ?? null,
    VigenteHasta: row?.vigenteHasta ?? null,
    Publicaciones: row?.publicacionesContratadas ?? 0,
  };
}
