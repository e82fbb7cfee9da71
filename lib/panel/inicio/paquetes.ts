import "server-only";
import type { V3Client } from "@/lib/panel/v3-client";
import type { Agencia } from "@/lib/panel/v3-tipos";

/**
 * The admin home's agencies closest to their limits (issue 33): each registered agency's package
 * (GET …/productos), those with listings contracted, the fullest first.
 */

const CERCA = 5;

export type UsoDePaquete = {
  adminMail: string;
  nombre: string | null;
  activas: number;
  contratadas: number;
  /** Activa over contracted, 0 to 1 (or more, when a package was lowered below its listings). */
  uso: number;
  vigenteHasta: string | null;
};

export async function agenciasCercaDelLimite(client: V3Client, agencias: Pick<Agencia, "AdminMail" | "Nombre">[]): Promise<UsoDePaquete[]> {
  const paquetes = await Promise.all(agencias.map((agencia) => client.getAgenciaProductos(agencia.AdminMail)));
  return paquetes
    .map((productos, indice) => ({
      adminMail: agencias[indice]?.AdminMail ?? "",
      nombre: agencias[indice]?.Nombre ?? null,
      activas: productos.Publicaciones.Activas,
      contratadas: productos.Publicaciones.Contratadas,
      uso: productos.Publicaciones.Contratadas > 0 ? productos.Publicaciones.Activas / productos.Publicaciones.Contratadas : 0,
      vigenteHasta: productos.VigenteHasta,
    }))
    .filter((paquete) => paquete.contratadas > 0)
    .sort((a, b) => b.uso - a.uso || b.activas - a.activas)
    .slice(0, CERCA);
}
