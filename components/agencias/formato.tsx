import type { EstadoAgencia } from "@/lib/api/agencias";
import { IDIOMA_PREDETERMINADO, type Idioma, LOCALES } from "@/lib/panel/i18n";

/** Formats in the Panel's language (es-AR / en-US) for what the API sends (date-times with offset, YYYY-MM-DD days). */

const ZONA = "America/Argentina/Buenos_Aires";
const formatos = new Map<Idioma, { fechaHora: Intl.DateTimeFormat; fecha: Intl.DateTimeFormat }>();

function formatosDe(idioma: Idioma) {
  let f = formatos.get(idioma);
  if (!f) {
    const locale = LOCALES[idioma];
    f = {
      fechaHora: new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: ZONA }),
      fecha: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }),
    };
    formatos.set(idioma, f);
  }
  return f;
}

export function formatearFechaHora(value: string | null | undefined, idioma: Idioma = IDIOMA_PREDETERMINADO): string {
  if (!value) return "—";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatosDe(idioma).fechaHora.format(date);
}

/** A calendar day (no time zone shift: it is the same day everywhere). */
export function formatearDia(value: string | null | undefined, idioma: Idioma = IDIOMA_PREDETERMINADO): string {
  if (!value) return "—";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? formatosDe(idioma).fecha.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))) : value;
}

/** The badge colour of each state; the words are in the dictionaries (agencias.estados). */
export const CLASE_AGENCIA: Record<EstadoAgencia, string> = {
  registrada: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  pendiente: "bg-amber-50 text-amber-900 ring-amber-600/20",
  vencida: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export const CLASE_PAQUETE: Record<"activo" | "suspendido" | "vencido" | "sin-plan", string> = {
  activo: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  suspendido: "bg-amber-50 text-amber-900 ring-amber-600/20",
  vencido: "bg-red-50 text-red-800 ring-red-600/20",
  "sin-plan": "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export function Insignia({ etiqueta, clase }: { etiqueta: string; clase: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${clase}`}>{etiqueta}</span>
  );
}
