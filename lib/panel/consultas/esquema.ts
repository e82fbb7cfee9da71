import * as z from "zod/mini";
import { DIAS_CONSULTAS, LIMITES_AGENCIA, MAX_EMAIL, MAX_EXTERNALID, MAX_PAGINA, PAGINA } from "@/lib/api/limites";
import { formatoDia, type Idioma, type Textos } from "@/lib/panel/i18n";
import { addDays, dayOf, isDay } from "@/lib/time";

export { formatoDia };

/**
 * The enquiry filters of the Panel, shared by the server (page, route handlers) and the browser
 * (the filter form). Safe to import from client code: only zod/mini, the API's limits
 * (lib/api/limites.ts) and lib/time (pure functions); the messages come from the caller.
 */

/** The service's time zone (decisions §2): days in `desde`/`hasta` and the times shown are in it. */
export const ZONA_SERVICIO = "America/Argentina/Buenos_Aires";

/** Today in the service's time zone, and the earliest `desde` the API accepts. */
export function limitesFechas(ahora = new Date()): { hoy: string; minimo: string } {
  const hoy = dayOf(ahora, ZONA_SERVICIO);
  return { hoy, minimo: addDays(hoy, -DIAS_CONSULTAS) };
}

/** The query parameters of /panel/consultas (and of its CSV export and polling endpoints). */
export const PARAMETROS = ["agencia", "operador", "externalid", "desde", "hasta", "pagina", "sid"] as const;
export type Parametro = (typeof PARAMETROS)[number];
export type ParametrosConsultas = Partial<Record<Parametro, string>>;

/** An optional text field: empty (or only spaces) is "no filter". */
const opcional = <T extends z.ZodMiniType<string, string>>(schema: T) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => value?.trim() || undefined),
    ),
    z.optional(schema),
  );

type Validacion = Textos["consultas"]["validacion"];

/** The filters as the form and the URL carry them; `hoy` is today in the service's time zone. */
export function esquemaFiltros(hoy: string, idioma: Idioma, v: Validacion) {
  const minimo = addDays(hoy, -DIAS_CONSULTAS);
  const email = (max: number, vacio: string) =>
    z.pipe(z.string().check(z.trim(), z.maxLength(max, { message: v.maximo(max) })), z.email({ message: vacio }));
  const dia = (nombre: "desde" | "hasta") =>
    z.string().check(
      z.trim(),
      z.refine(isDay, { message: v.fecha(nombre) }),
      z.refine((value) => !isDay(value) || value >= minimo, { message: v.anteriorA(formatoDia(minimo, idioma), DIAS_CONSULTAS) }),
      z.refine((value) => !isDay(value) || value <= hoy, { message: v.posteriorHoy }),
    );
  return z
    .object({
      agencia: opcional(email(LIMITES_AGENCIA.adminMail, v.agencia)),
      operador: opcional(email(MAX_EMAIL, v.operador)),
      externalid: opcional(z.string().check(z.trim(), z.maxLength(MAX_EXTERNALID, { message: v.maximo(MAX_EXTERNALID) }))),
      desde: opcional(dia("desde")),
      hasta: opcional(dia("hasta")),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (value.desde && value.hasta && isDay(value.desde) && isDay(value.hasta) && value.hasta < value.desde) {
          ctx.addIssue({ code: "custom", path: ["hasta"], message: v.hastaAntesDesde });
        }
      }),
    );
}

export type FiltrosFormulario = z.input<ReturnType<typeof esquemaFiltros>>;
export type Filtros = z.output<ReturnType<typeof esquemaFiltros>>;

export function esquemaPagina(v: Validacion) {
  return z.pipe(
    z.pipe(z.string().check(z.regex(PAGINA, { message: v.paginaEntera })), z.transform(Number)),
    z.number().check(z.gte(1, { message: v.paginaMinima }), z.lte(MAX_PAGINA, { message: v.paginaMaxima(MAX_PAGINA) })),
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
