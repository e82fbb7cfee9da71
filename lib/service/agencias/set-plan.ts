import "server-only";
import { getDb } from "@/lib/db";
import { productos } from "@/lib/db/schema";
import { fitPackage } from "@/lib/service/publicaciones/cupo";
import { notifyPublicaciones } from "@/lib/service/publicaciones/notify";
import { recordCambios } from "@/lib/service/publicaciones/record-cambios";
import { agencyByAdmin } from "./relation";

export type PlanInput = {
  admin: string;
  plan: string;
  estado: "activo" | "suspendido" | "vencido" | "sin-plan";
  desde?: string;
  hasta?: string;
  publicaciones?: number;
  alta?: number;
  media?: number;
  baja?: number;
};

/**
 * `agency plan`: sets the agency's package (AgenciaProductos); unspecified fields keep their value.
 * In the same transaction (the package's row locked by the change) the Activa listings that no
 * longer fit are suspended by the package, the most recently activated first, or moved to a level
 * with room, and each is notified (Origen plataforma; docs/decisions/0067).
 */
export async function setPlan(input: PlanInput) {
  const db = await getDb();
  const agencia = await agencyByAdmin(db, input.admin);
  const values = {
    plan: input.estado === "sin-plan" ? null : input.plan,
    estado: input.estado,
    ...(input.desde !== undefined && { vigenteDesde: input.desde }),
    ...(input.hasta !== undefined && { vigenteHasta: input.hasta }),
    ...(input.publicaciones !== undefined && { publicacionesContratadas: input.publicaciones }),
    ...(input.alta !== undefined && { exposicionAlta: input.alta }),
    ...(input.media !== undefined && { exposicionMedia: input.media }),
    ...(input.baja !== undefined && { exposicionBaja: input.baja }),
  };
  const now = new Date();
  const { row, fitted } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(productos)
      .values({ agenciaId: agencia.id, ...values })
      .onConflictDoUpdate({ target: productos.agenciaId, set: values })
      .returning();
    if (!row) throw new Error("El paquete no se guardó");
    const paquete = {
      estado: row.estado,
      contratadas: row.publicacionesContratadas,
      niveles: { Alta: row.exposicionAlta, Media: row.exposicionMedia, Baja: row.exposicionBaja },
    };
    const fitted = await fitPackage(tx, agencia.id, paquete, now);
    await recordCambios(tx, fitted.suspendidas, "estado", "plataforma", now);
    await recordCambios(tx, fitted.movidas, "exposicion", "plataforma", now);
    await notifyPublicaciones(tx, [...fitted.suspendidas, ...fitted.movidas], "plataforma", now);
    return { row, fitted };
  });
  return {
    AdminMail: agencia.adminMail,
    Plan: row.plan,
    Estado: row.estado,
    VigenteDesde: row.vigenteDesde,
    VigenteHasta: row.vigenteHasta,
    Publicaciones: row.publicacionesContratadas,
    Exposiciones: { Alta: row.exposicionAlta, Media: row.exposicionMedia, Baja: row.exposicionBaja },
    Suspendidas: fitted.suspendidas.length,
    CambiadasDeNivel: fitted.movidas.length,
  };
}
