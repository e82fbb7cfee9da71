import { MAX_Q, PAGINA } from "@/lib/api/limites";

/**
 * The listings page's filters as its URL carries them (docs/decisions/0090): what the person chose,
 * kept so a view can be shared, reloaded and reached with Back, like the inbox's. Pure: the page's
 * server code and its links share it.
 */

export const ESTADOS = ["activa", "suspendida", "archivada", "todas"] as const;
export type EstadoFiltro = (typeof ESTADOS)[number];
export const EXPOSICIONES = ["alta", "media", "baja"] as const;
export type ExposicionFiltro = (typeof EXPOSICIONES)[number];

/** The query parameters of /panel/publicaciones. */
export const PARAMETROS = ["agencia", "estado", "exposicion", "operador", "q", "pagina"] as const;
export type ParametrosPublicaciones = Partial<Record<(typeof PARAMETROS)[number], string>>;

/** Activa listings are what a dealer looks at first: the page opens on them. */
export const ESTADO_PREDETERMINADO: EstadoFiltro = "activa";

export type FiltrosPublicaciones = {
  estado: EstadoFiltro;
  exposicion?: ExposicionFiltro;
  operador?: string;
  q?: string;
  pagina: number;
};

const CONTROL = /\p{Cc}/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const unaVez = (valor: string | string[] | undefined) => {
  const primero = Array.isArray(valor) ? valor[0] : valor;
  return primero?.trim() || undefined;
};

/** The URL's raw values, the first of each. */
export function parametrosDe(crudos: Record<string, string | string[] | undefined>): ParametrosPublicaciones {
  return Object.fromEntries(
    PARAMETROS.map((nombre) => [nombre, unaVez(crudos[nombre])]).filter(([, valor]) => valor),
  ) as ParametrosPublicaciones;
}

/**
 * The filters the page applies: an unknown state or level, a malformed operator, a search the API
 * would refuse or a page that is no number fall back to their default instead of an error page
 * (each is a link someone edited by hand); the form then shows what is applied.
 */
export function filtrosDe(parametros: ParametrosPublicaciones): FiltrosPublicaciones {
  const estado = (ESTADOS as readonly string[]).includes(parametros.estado ?? "")
    ? (parametros.estado as EstadoFiltro)
    : ESTADO_PREDETERMINADO;
  const exposicion = (EXPOSICIONES as readonly string[]).includes(parametros.exposicion ?? "")
    ? (parametros.exposicion as ExposicionFiltro)
    : undefined;
  const q = parametros.q && parametros.q.length <= MAX_Q && !CONTROL.test(parametros.q) ? parametros.q : undefined;
  const operador = parametros.operador && EMAIL.test(parametros.operador) ? parametros.operador.toLowerCase() : undefined;
  const pagina = parametros.pagina && PAGINA.test(parametros.pagina) ? Math.max(1, Number(parametros.pagina)) : 1;
  // Only Activa listings hold a level: a level keeps the state Activa.
  return { estado: exposicion ? "activa" : estado, exposicion, operador, q, pagina };
}

/** A /panel/publicaciones URL with these parameters, empty ones and the defaults left out. */
export function urlPublicaciones(parametros: ParametrosPublicaciones, base = "/panel/publicaciones"): string {
  const query = new URLSearchParams();
  for (const nombre of PARAMETROS) {
    const valor = parametros[nombre];
    if (!valor || (nombre === "estado" && valor === ESTADO_PREDETERMINADO) || (nombre === "pagina" && valor === "1")) continue;
    query.set(nombre, valor);
  }
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

/** A listing's page, in its agency (admin and soporte name it; an `agencia` user's is fixed). */
export function urlPublicacion(externalId: string, agencia?: string): string {
  const base = `/panel/publicaciones/${encodeURIComponent(externalId)}`;
  return agencia ? `${base}?agencia=${encodeURIComponent(agencia)}` : base;
}
