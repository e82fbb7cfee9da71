import "server-only";
import { getTranslations } from "next-intl/server";
import { explicarFalla } from "@/lib/panel/fallas";
import type { CurrentUser } from "@/lib/panel/session";
import { esEstadoV3, v3ClientFor } from "@/lib/panel/v3-client";
import type { Agencia, AgenciaProductos, EstadoAgencia } from "@/lib/panel/v3-tipos";

/**
 * What the Agencias pages read from the v3 API, always with the workspace's signed client
 * (docs/contract.md#product-and-boundary). Mutations live in the route handlers under app/(panel)/panel/agencias/.
 */

export const ESTADOS: readonly EstadoAgencia[] = ["registrada", "pendiente", "vencida"];

export type FiltrosAgencias = { q: string; estado: EstadoAgencia | "todas"; operador: string };

const texto = (value: string | string[] | undefined) => (typeof value === "string" ? value.trim() : "");

/** The list's filters as the URL carries them (?q=&estado=&operador=); anything unknown falls back. */
export function filtrosDesdeUrl(params: Record<string, string | string[] | undefined>): FiltrosAgencias {
  const estado = texto(params.estado);
  return {
    q: texto(params.q).slice(0, 100),
    estado: (ESTADOS as readonly string[]).includes(estado) ? (estado as EstadoAgencia) : "todas",
    operador: texto(params.operador).slice(0, 254),
  };
}

const normalizar = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** Matches the search box against the e-mail, the name and the operators of an agency. */
function coincide(agencia: Agencia, q: string): boolean {
  if (!q) return true;
  const buscado = normalizar(q);
  const campos = [agencia.AdminMail, agencia.Nombre ?? "", ...agencia.Operadores.flatMap((o) => [o.Email, `${o.Nombre} ${o.Apellido}`])];
  return campos.some((campo) => normalizar(campo).includes(buscado));
}

export type ResultadoLista =
  | { ok: true; agencias: Agencia[]; total: number }
  | { ok: false; error: "operador"; mensaje: string }
  | { ok: false; error: "api"; mensaje: string };

/**
 * GET /v3/agencias lists registered agencies; `estado` (an extension) lists pending or expired
 * invitations. "todas" asks for the three states at once. `operador` is the API's own filter.
 */
export async function listarAgencias(user: CurrentUser, filtros: FiltrosAgencias): Promise<ResultadoLista> {
  const client = await v3ClientFor(user.workspace.id);
  const t = await getTranslations();
  const estados = filtros.estado === "todas" ? ESTADOS : [filtros.estado];
  const operador = filtros.operador || undefined;
  try {
    const listas = await Promise.all(estados.map((estado) => client.listAgencias({ estado, operador })));
    const todas = listas.flatMap((lista) => lista._entries);
    const agencias = todas
      .filter((agencia) => coincide(agencia, filtros.q))
      .sort((a, b) => (b.Registrada ?? b.Invitada).localeCompare(a.Registrada ?? a.Invitada));
    return { ok: true, agencias, total: todas.length };
  } catch (error) {
    if (esEstadoV3(error, 400) && error.problem.Errors?.operador) {
      return { ok: false, error: "operador", mensaje: t("agencias.operadorInvalido") };
    }
    return { ok: false, error: "api", mensaje: explicarFalla(error, t) };
  }
}

/** The agency, or null when the app does not have it (404, also after detaching). */
export async function obtenerAgencia(user: CurrentUser, adminMail: string): Promise<Agencia | null> {
  const client = await v3ClientFor(user.workspace.id);
  try {
    return await client.getAgencia(adminMail);
  } catch (error) {
    if (esEstadoV3(error, 404) || esEstadoV3(error, 400)) return null;
    throw error;
  }
}

/** Whether the app may edit the agency: only the app it registered through may (the API's Allow says PUT). */
export async function puedeEditar(user: CurrentUser, adminMail: string): Promise<boolean> {
  const client = await v3ClientFor(user.workspace.id);
  try {
    return (await client.optionsAgencia(adminMail)).includes("PUT");
  } catch (error) {
    if (esEstadoV3(error, 404) || esEstadoV3(error, 400)) return false;
    throw error;
  }
}

/** The package of a registered agency; null when the API has none for this app (404). */
export async function obtenerProductos(user: CurrentUser, adminMail: string): Promise<AgenciaProductos | null> {
  const client = await v3ClientFor(user.workspace.id);
  try {
    return await client.getAgenciaProductos(adminMail);
  } catch (error) {
    if (esEstadoV3(error, 404) || esEstadoV3(error, 400)) return null;
    throw error;
  }
}

export type RegionOpcion = { id: number; nombre: string };

export async function listarRegiones(user: CurrentUser): Promise<RegionOpcion[]> {
  const client = await v3ClientFor(user.workspace.id);
  // The list schema is generic (z.ZodType items): these are Region entries (docs/contract.md#catalogues).
  const regiones = (await client.listRegiones()) as unknown as { _entries: { Id: number; Nombre: string }[] };
  return regiones._entries
    .map((region) => ({ id: region.Id, nombre: region.Nombre }))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, "es"));
}
