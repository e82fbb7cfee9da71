import "server-only";
import { getTranslations } from "next-intl/server";
import { explicarFalla } from "@/lib/panel/fallas";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import type { CurrentUser } from "@/lib/panel/session";
import { type V3Client, v3ClientFor } from "@/lib/panel/v3-client";
import type { ParametrosDe, Publicacion } from "@/lib/panel/v3-tipos";
import { type AgenciaOpcion, listarAgencias } from "../consultas/vista";
import { type FiltrosPublicaciones, filtrosDe, type ParametrosPublicaciones, parametrosDe } from "./filtros";

/**
 * Whose listings /panel/publicaciones and a listing's page show, from the URL and the user, with the
 * inbox's rules (lib/panel/consultas/vista.ts): admin and soporte choose any agency registered with
 * the app (the first by default) and any operator; an `agencia` user is fixed to its agency and to
 * its own e-mail as operator (the API's `operador` filter: the agency's administrator sees every
 * listing, another operator those in their care), whatever the URL says.
 */

export type VistaPublicaciones = {
  client: V3Client;
  t: Traductor;
  fijo: boolean;
  agencias: AgenciaOpcion[];
  errorAgencias: string | null;
  adminMail: string | null;
  /** The operator whose listings are shown; for an `agencia` user, their own e-mail. */
  operador: string | undefined;
  parametros: ParametrosPublicaciones;
  filtros: FiltrosPublicaciones;
};

export async function resolverPublicaciones(
  user: CurrentUser,
  crudos: Record<string, string | string[] | undefined>,
  { listar = true }: { listar?: boolean } = {},
): Promise<VistaPublicaciones> {
  const t = await getTranslations();
  const client = await v3ClientFor(user.workspace.id);
  const parametros = parametrosDe(crudos);
  const filtros = filtrosDe(parametros);
  if (user.agency) {
    const { adminMail, operatorEmail } = user.agency;
    const agencias = [{ adminMail, nombre: null, operadores: [operatorEmail] }];
    return { client, t, fijo: true, agencias, errorAgencias: null, adminMail, operador: operatorEmail, parametros, filtros };
  }
  let agencias: AgenciaOpcion[] = [];
  let errorAgencias: string | null = null;
  const pedida = parametros.agencia?.toLowerCase();
  if (listar || !pedida) {
    try {
      agencias = await listarAgencias(client);
    } catch (error) {
      errorAgencias = explicarFalla(error, t);
    }
  }
  const adminMail = pedida ?? agencias[0]?.adminMail ?? null;
  return { client, t, fijo: false, agencias, errorAgencias, adminMail, operador: filtros.operador, parametros, filtros };
}

/** What GET /v3/publicaciones/{adminMail} gets for the view's filters. */
export function filtrosDeLaApi(vista: VistaPublicaciones, pagina = vista.filtros.pagina): ParametrosDe<"listPublicaciones"> {
  const { estado, exposicion, q } = vista.filtros;
  return { estado: estado === "todas" ? undefined : estado, exposicion, operador: vista.operador, q, pagina };
}

/**
 * Whether the view's operator may see this listing: the agency's administrator sees all, another
 * operator the listings in their care (GET of one listing has no operador filter: an `agencia`
 * user's typed URL must not open another operator's car).
 */
export function visibleEnLaVista(vista: Pick<VistaPublicaciones, "fijo" | "adminMail" | "operador">, publicacion: Publicacion): boolean {
  if (!vista.fijo) return true;
  const operador = vista.operador?.toLowerCase();
  return operador === vista.adminMail?.toLowerCase() || publicacion.OperadorResponsable.toLowerCase() === operador;
}
