import * as z from "zod/mini";
import { DIAS_CONSULTAS, LIMITES_AGENCIA, MAX_EMAIL, MAX_EXTERNALID, MAX_Q, PAGINA } from "@/lib/api/limites";
import { type Formateador, dia as formatoDia } from "@/lib/panel/formatos";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { addDays, dayOf, isDay } from "@/lib/time";

/**
 * The enquiry filters of the Panel, shared by the server (page, route handlers) and the browser
 * (the filter form). Safe to import from client code: only zod/mini, the API's limits
 * (lib/api/limites.ts) and lib/time (pure functions); the messages come from the caller.
 */

/**
 * Today in the Panel's time zone (the service's unless PANEL_TIME_ZONE says otherwise: decisions 0026;
 * next-intl's timeZone in the browser), and the earliest `desde` the API accepts.
 */
export function limitesFechas(zona: string, ahora = new Date()): { hoy: string; minimo: string } {
  const hoy = dayOf(ahora, zona);
  return { hoy, minimo: addDays(hoy, -DIAS_CONSULTAS) };
}

/** The query parameters of /panel/consultas (and of its CSV export and polling endpoints). */
export const PARAMETROS = ["agencia", "q", "atendida", "operador", "externalid", "desde", "hasta", "pagina", "sid"] as const;
export type Parametro = (typeof PARAMETROS)[number];
export type ParametrosConsultas = Partial<Record<Parametro, string>>;

/**
 * Which enquiries by attention: "no" (nobody marked them attended: the `agencia` role's default),
 * "si", or "todas" (admin's and soporte's default). The API's `atendida=false|true`, or none.
 */
export const ATENCIONES = ["no", "si", "todas"] as const;
export type Atencion = (typeof ATENCIONES)[number];

export const atencionPredeterminada = (fijo: boolean): Atencion => (fijo ? "no" : "todas");

/** The API's `atendida` for a tab, from the URL's value (anything else: the role's default). */
export function atencionDe(valor: string | undefined, fijo: boolean): Atencion {
  return (ATENCIONES as readonly string[]).includes(valor ?? "") ? (valor as Atencion) : atencionPredeterminada(fijo);
}

export const atendidaDeLaApi = (atencion: Atencion): "true" | "false" | undefined =>
  atencion === "si" ? "true" : atencion === "no" ? "false" : undefined;

/** C0 and C1 control characters: nothing anybody types into a search box (the API refuses them in q). */
const CONTROL = /\p{Cc}/u;

/** The period of the last `dias` days ending today (Hoy is 1 day); 90 días starts at the API's earliest day. */
export function periodoDe(dias: number, hoy: string): { desde: string; hasta: string } {
  return { desde: addDays(hoy, -Math.min(dias - 1, DIAS_CONSULTAS)), hasta: hoy };
}

/** The date presets of the inbox's filters, in days. */
export const PRESETS = [1, 7, 30, 90] as const;

/** An optional text field: empty (or only spaces) is "no filter". */
const opcional = <T extends z.ZodMiniType<string, string>>(schema: T) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => value?.trim() || undefined),
    ),
    z.optional(schema),
  );

/** The filters as the form and the URL carry them; `hoy` is today in the Panel's time zone. */
export function esquemaFiltros(hoy: string, t: Traductor, f: Formateador) {
  const minimo = addDays(hoy, -DIAS_CONSULTAS);
  const email = (max: number, vacio: string) =>
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, { message: t("consultas.validacion.maximo", { max }) })),
      z.email({ message: vacio }),
    );
  const dia = (nombre: "desde" | "hasta") =>
    z.string().check(
      z.trim(),
      z.refine(isDay, { message: t("consultas.validacion.fecha", { campo: nombre }) }),
      z.refine((value) => !isDay(value) || value >= minimo, {
        message: t("consultas.validacion.anteriorA", { minimo: formatoDia(f, minimo), dias: DIAS_CONSULTAS }),
      }),
      z.refine((value) => !isDay(value) || value <= hoy, { message: t("consultas.validacion.posteriorHoy") }),
    );
  return z
    .object({
      agencia: opcional(email(LIMITES_AGENCIA.adminMail, t("consultas.validacion.agencia"))),
      q: opcional(
        z.string().check(
          z.maxLength(MAX_Q, { message: t("consultas.validacion.maximo", { max: MAX_Q }) }),
          z.refine((value) => !CONTROL.test(value), { message: t("consultas.validacion.control") }),
        ),
      ),
      operador: opcional(email(MAX_EMAIL, t("consultas.validacion.operador"))),
      externalid: opcional(
        z.string().check(z.trim(), z.maxLength(MAX_EXTERNALID, { message: t("consultas.validacion.maximo", { max: MAX_EXTERNALID }) })),
      ),
      desde: opcional(dia("desde")),
      hasta: opcional(dia("hasta")),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.desde && value.hasta && isDay(value.desde) && isDay(value.hasta) && value.hasta < value.desde) {
          ctx.addIssue({ code: "custom", path: ["hasta"], message: t("consultas.validacion.hastaAntesDesde") });
        }
      }),
    );
}

export type FiltrosFormulario = z.input<ReturnType<typeof esquemaFiltros>>;
export type Filtros = z.output<ReturnType<typeof esquemaFiltros>>;

/**
 * A page of the inbox: a whole number from 1. One past the last (?pagina=999) is not a filter's fault:
 * the page says it is empty and which one is the last (cargarPagina asks the API for at most MAX_PAGINA).
 */
export function esquemaPagina(t: Traductor) {
  return z.pipe(
    z.pipe(z.string().check(z.regex(PAGINA, { message: t("consultas.validacion.paginaEntera") })), z.transform(Number)),
    z.number().check(z.gte(1, { message: t("consultas.validacion.paginaMinima") })),
  );
}

/** A /panel/consultas URL (or one of its endpoints) with the given parameters, empty ones left out. */
export function urlConsultas(parametros: ParametrosConsultas, base = "/panel/consultas"): string {
  const query = new URLSearchParams();
  for (const nombre of PARAMETROS) {
    const value = parametros[nombre];
    if (value !== undefined && value !== "") query.set(nombre, value);
  }
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}
