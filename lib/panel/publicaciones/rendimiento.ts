import "server-only";
import { periodoDe } from "@/lib/panel/consultas/filtros";
import { esEstadoV3, type V3Client } from "@/lib/panel/v3-client";
import type { Publicacion } from "@/lib/panel/v3-tipos";

/**
 * Which cars bring buyers (docs/decisions/0092), from the API alone: the listings with most enquiries
 * in the last 30 days (GET …/resumen's ten ExternalIds, each read for its car), and the Activa ones
 * with none in those days. A listing's own count (Consultas) is of 90 days: one with none in 90 has
 * none in 30; one that has some and is not in the ten is counted with GET /v3/consultas filtered by
 * its ExternalId and the 30 days (one request each, at most REVISADAS of them).
 */

export const DIAS_RENDIMIENTO = 30;
const MAS_CONSULTADAS = 5;
/** The Activa listings read (two pages) and, of them, the most counted one by one. */
const ACTIVAS_LEIDAS = 2;
const REVISADAS = 40;
const A_LA_VEZ = 8;

export type Consultada = { publicacion: Publicacion; cantidad: number };
export type Rendimiento = { masConsultadas: Consultada[]; sinConsultas: Publicacion[]; activas: number; revisadas: number };

type Alcance = { adminMail: string; operador?: string; hoy: string; visible: (publicacion: Publicacion) => boolean };

async function activasDe(client: V3Client, { adminMail, operador }: Alcance): Promise<{ lista: Publicacion[]; total: number }> {
  const primera = await client.listPublicaciones(adminMail, { estado: "activa", operador });
  const paginas = Math.min(ACTIVAS_LEIDAS, Math.ceil(primera.Total / Math.max(1, primera.PerPagina)));
  const resto = await Promise.all(
    Array.from({ length: Math.max(0, paginas - 1) }, (_, indice) =>
      client.listPublicaciones(adminMail, { estado: "activa", operador, pagina: indice + 2 }),
    ),
  );
  return { lista: [primera, ...resto].flatMap((pagina) => pagina._entries), total: primera.Total };
}

/** One listing of the ten, or null when it is not the app's any more (or not this person's). */
async function leer(client: V3Client, alcance: Alcance, externalId: string): Promise<Publicacion | null> {
  try {
    const publicacion = await client.getPublicacion(alcance.adminMail, externalId);
    return alcance.visible(publicacion) ? publicacion : null;
  } catch (error) {
    if (esEstadoV3(error, 404)) return null;
    throw error;
  }
}

/** Whether each listing had an enquiry in the period, asked a few at a time. */
async function conConsultas(client: V3Client, adminMail: string, publicaciones: Publicacion[], periodo: { desde: string; hasta: string }) {
  const tiene = new Set<string>();
  for (let inicio = 0; inicio < publicaciones.length; inicio += A_LA_VEZ) {
    const tanda = publicaciones.slice(inicio, inicio + A_LA_VEZ);
    const totales = await Promise.all(
      tanda.map((publicacion) =>
        client.listConsultas(adminMail, { externalid: publicacion.ExternalId, ...periodo }).then((lista) => lista.Total),
      ),
    );
    tanda.forEach((publicacion, indice) => {
      if ((totales[indice] ?? 0) > 0) tiene.add(publicacion.ExternalId.toLowerCase());
    });
  }
  return tiene;
}

export async function rendimientoDe(client: V3Client, alcance: Alcance): Promise<Rendimiento> {
  const periodo = periodoDe(DIAS_RENDIMIENTO, alcance.hoy);
  const [resumen, activas] = await Promise.all([client.getConsultasResumen(alcance.adminMail, periodo), activasDe(client, alcance)]);
  const diez = resumen.Publicaciones.filter((fila) => fila.ExternalId && fila.Cantidad > 0);
  const leidas = await Promise.all(diez.map((fila) => leer(client, alcance, fila.ExternalId)));
  const masConsultadas = leidas
    .map((publicacion, indice) => (publicacion ? { publicacion, cantidad: diez[indice]?.Cantidad ?? 0 } : null))
    .filter((fila): fila is Consultada => fila !== null)
    .slice(0, MAS_CONSULTADAS);

  const enLasDiez = new Set(diez.map((fila) => fila.ExternalId.toLowerCase()));
  const dudosas = activas.lista
    .filter((publicacion) => publicacion.Consultas.Total > 0 && !enLasDiez.has(publicacion.ExternalId.toLowerCase()))
    .slice(0, REVISADAS);
  const tienen = await conConsultas(client, alcance.adminMail, dudosas, periodo);
  const revisadas = new Set(dudosas.map((publicacion) => publicacion.ExternalId.toLowerCase()));
  const sinConsultas = activas.lista.filter((publicacion) => {
    const clave = publicacion.ExternalId.toLowerCase();
    if (enLasDiez.has(clave)) return false;
    return publicacion.Consultas.Total === 0 || (revisadas.has(clave) && !tienen.has(clave));
  });
  return { masConsultadas, sinConsultas, activas: activas.total, revisadas: activas.lista.length };
}
