import "server-only";
import { getFormatter, getTranslations } from "next-intl/server";
import { MAX_PAGINA } from "@/lib/api/limites";
import { explicarFalla } from "@/lib/panel/fallas";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { zonaHorariaDelPanel } from "@/lib/panel/i18n/zona-horaria";
import type { CurrentUser } from "@/lib/panel/session";
import { type V3Client, V3Error, v3ClientFor } from "@/lib/panel/v3-client";
import type { Consulta, Consultas, ParametrosDe } from "@/lib/panel/v3-tipos";
import {
  type Atencion,
  atencionDe,
  atendidaDeLaApi,
  esquemaFiltros,
  esquemaPagina,
  limitesFechas,
  type ParametrosConsultas,
} from "./filtros";

/**
 * What /panel/consultas, its CSV export and its polling endpoint show, from the URL and the user:
 * one resolution shared by the three, so the role rules are the same everywhere.
 *
 * - `admin` and `soporte` choose any agency the workspace's app has registered (GET /v3/agencias),
 *   the first one by default, and filter by any operator.
 * - `agencia` is fixed to its own agency AND to its own operator e-mail (the API's `operador`
 *   filter): whatever `agencia` or `operador` the URL says is ignored, here on the server.
 */

export type AgenciaOpcion = { adminMail: string; nombre: string | null; operadores: string[] };

export type ErroresCampos = Record<string, string[]>;

export type Resolucion = {
  client: V3Client;
  /** true for an `agencia` user: agency and operator come from the session, not from the URL. */
  fijo: boolean;
  agencias: AgenciaOpcion[];
  /** Why the agencies could not be listed (API unreachable…). */
  errorAgencias: string | null;
  /** The agency whose enquiries are shown; null when there is none to show. */
  adminMail: string | null;
  /** The effective parameters (what the page shows), for links, the form and the export. */
  parametros: ParametrosConsultas;
  pagina: number;
  /** Which enquiries by attention (the tab): the URL's `atendida`, or the role's default. */
  atencion: Atencion;
  /** Field errors of the URL's parameters (same rules as the form); the API is not called. */
  errores: ErroresCampos | null;
  /** What goes to GET /v3/consultas/{adminMail} (without pagina). */
  filtros: ParametrosDe<"listConsultas">;
  hoy: string;
  minimo: string;
  /** The user's translator: the view's messages are written with it. */
  t: Traductor;
};

type Crudos = Record<string, string | string[] | undefined> | URLSearchParams;

function leer(crudos: Crudos, nombre: string): string | undefined {
  const value = crudos instanceof URLSearchParams ? (crudos.get(nombre) ?? undefined) : crudos[nombre];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : undefined;
}

export async function listarAgencias(client: V3Client): Promise<AgenciaOpcion[]> {
  const { _entries } = await client.listAgencias();
  return _entries
    .filter((agencia) => agencia.Estado === "registrada")
    .map((agencia) => ({
      adminMail: agencia.AdminMail,
      nombre: agencia.Nombre,
      operadores: agencia.Operadores.map((operador) => operador.Email),
    }))
    .sort((a, b) => (a.nombre ?? a.adminMail).localeCompare(b.nombre ?? b.adminMail, "es"));
}

export async function resolverConsultas(user: CurrentUser, crudos: Crudos, opciones: { listar?: boolean } = {}): Promise<Resolucion> {
  const t = await getTranslations();
  const client = await v3ClientFor(user.workspace.id);
  const { hoy, minimo } = limitesFechas(zonaHorariaDelPanel());
  let agencias: AgenciaOpcion[] = [];
  let errorAgencias: string | null = null;
  let agencia: string | undefined;
  let operador: string | undefined;

  if (user.role === "agencia") {
    if (!user.agency) throw new Error("El usuario de agencia no tiene una agencia asignada.");
    agencia = user.agency.adminMail;
    operador = user.agency.operatorEmail;
    agencias = [{ adminMail: agencia, nombre: null, operadores: [operador] }];
  } else {
    agencia = leer(crudos, "agencia");
    operador = leer(crudos, "operador");
    if (opciones.listar || !agencia) {
      try {
        agencias = await listarAgencias(client);
      } catch (error) {
        errorAgencias = explicarFalla(error, t);
      }
      agencia ??= agencias[0]?.adminMail;
    }
  }

  const entrada = {
    agencia,
    operador,
    q: leer(crudos, "q"),
    externalid: leer(crudos, "externalid"),
    desde: leer(crudos, "desde"),
    hasta: leer(crudos, "hasta"),
  };
  const paginaCruda = leer(crudos, "pagina");
  const fijo = user.role === "agencia";
  const atencion = atencionDe(leer(crudos, "atendida"), fijo);
  const parametros: ParametrosConsultas = { ...entrada, atendida: leer(crudos, "atendida"), pagina: paginaCruda };
  const errores: ErroresCampos = {};

  const filtros = esquemaFiltros(hoy, t, await getFormatter()).safeParse(entrada);
  if (!filtros.success) {
    for (const issue of filtros.error.issues) {
      const campo = String(issue.path[0] ?? "_");
      if (!errores[campo]) errores[campo] = [issue.message];
    }
  }
  let pagina = 1;
  if (paginaCruda) {
    const parsed = esquemaPagina(t).safeParse(paginaCruda);
    if (parsed.success) pagina = parsed.data;
    else errores.pagina = [parsed.error.issues[0]?.message ?? t("consultas.validacion.paginaInvalida")];
  }

  const valido = filtros.success ? filtros.data : entrada;
  return {
    client,
    fijo,
    agencias,
    errorAgencias,
    adminMail: valido.agencia ? valido.agencia.toLowerCase() : null,
    parametros,
    pagina,
    atencion,
    errores: Object.keys(errores).length ? errores : null,
    filtros: {
      operador: valido.operador,
      q: valido.q,
      atendida: atendidaDeLaApi(atencion),
      externalid: valido.externalid,
      desde: valido.desde,
      hasta: valido.hasta,
    },
    hoy,
    minimo,
    t,
  };
}

/** The sid of an enquiry, from its self link (/v3/consultas/{adminMail}/{sid}). */
export function sidDe(consulta: Pick<Consulta, "_links">): string {
  const href = consulta._links.self?.href ?? "";
  return decodeURIComponent(href.split("?")[0]?.split("/").pop() ?? "");
}

/** Field errors of an API 400, keyed as the form names its fields (adminMail → agencia). */
export function erroresDeApi(error: unknown): ErroresCampos | null {
  if (!(error instanceof V3Error) || error.status !== 400 || !error.problem.Errors) return null;
  const errores: ErroresCampos = {};
  for (const [campo, mensajes] of Object.entries(error.problem.Errors)) {
    const nombre = campo === "adminMail" ? "agencia" : campo.toLowerCase();
    errores[nombre] = mensajes;
  }
  return errores;
}

export type PaginaConsultas =
  | { ok: true; datos: Consultas }
  | { ok: false; mensaje: string; errores: ErroresCampos | null; status: number };

/**
 * The status a Panel route handler answers for a page that could not be read: what the caller asked
 * for wrongly (400, 403, 404 from the API) passes through; the API unreachable or failing is a 502.
 */
export function statusDeFalla(status: number): number {
  return [400, 403, 404].includes(status) ? status : 502;
}

/** One page of enquiries of the resolved view, or why it could not be read. */
export async function cargarPagina(resolucion: Resolucion, pagina = resolucion.pagina): Promise<PaginaConsultas> {
  if (!resolucion.adminMail) {
    return { ok: false, mensaje: resolucion.t("consultas.validacion.elegiAgencia"), errores: null, status: 400 };
  }
  try {
    // The API lists MAX_PAGINA pages: past them the page is empty, and page 1 tells the Total.
    if (pagina > MAX_PAGINA) {
      const datos = await resolucion.client.listConsultas(resolucion.adminMail, { ...resolucion.filtros, pagina: 1 });
      return { ok: true, datos: { ...datos, _entries: [] } };
    }
    const datos = await resolucion.client.listConsultas(resolucion.adminMail, { ...resolucion.filtros, pagina });
    return { ok: true, datos };
  } catch (error) {
    const status = error instanceof V3Error ? error.status : 500;
    return { ok: false, mensaje: explicarFalla(error, resolucion.t, resolucion.adminMail), errores: erroresDeApi(error), status };
  }
}

export type CuentasPestanas = Record<Atencion, number>;

/**
 * How many enquiries each tab holds for the page's filters and period (issue 34, part 2: "Sin atender
 * 10"): the page's own Total, and one more list for the others (Todas is the two added up).
 */
export async function contarPestanas(resolucion: Resolucion, total: number): Promise<CuentasPestanas | null> {
  if (!resolucion.adminMail) return null;
  const otra = resolucion.atencion === "no" ? "true" : "false";
  try {
    const { Total } = await resolucion.client.listConsultas(resolucion.adminMail, { ...resolucion.filtros, atendida: otra, pagina: 1 });
    if (resolucion.atencion === "todas") return { no: Total, si: total - Total, todas: total };
    const [no, si] = resolucion.atencion === "no" ? [total, Total] : [Total, total];
    return { no, si, todas: no + si };
  } catch {
    // The tabs work without their counts.
    return null;
  }
}
