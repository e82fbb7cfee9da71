import type { useFormatter } from "next-intl";
import { RELATIVO } from "@/lib/formats";

/**
 * The Panel's values for people, through next-intl's formatter (useFormatter in the browser,
 * getFormatter on the server) with the named formats of lib/formats.ts, in the Panel's time zone.
 * One style per kind: see lib/formats.ts. What the API did not send reads "—".
 */

export type Formateador = ReturnType<typeof useFormatter>;

export const SIN_DATO = "—";

const comoFecha = (valor: string | Date) => (valor instanceof Date ? valor : new Date(valor));

/** A date-time of the API (ISO 8601 with offset): 25/11/2026 14:09. */
export function fechaHora(f: Formateador, valor: string | Date | null | undefined): string {
  if (!valor) return SIN_DATO;
  const momento = comoFecha(valor);
  if (Number.isNaN(momento.getTime())) return String(valor);
  return `${f.dateTime(momento, "fecha")} ${f.dateTime(momento, "hora")}`;
}

/** A calendar day (YYYY-MM-DD): 25/11/2026, the same day in every time zone. */
export function dia(f: Formateador, valor: string | null | undefined): string {
  if (!valor) return SIN_DATO;
  const partes = /^(\d{4})-(\d{2})-(\d{2})$/.exec(valor);
  if (!partes) return valor;
  return f.dateTime(new Date(Date.UTC(Number(partes[1]), Number(partes[2]) - 1, Number(partes[3]))), "fecha", { timeZone: "UTC" });
}

/** An amount in its currency: $ 1.234.567 (es-AR); a Moneda that is no currency code reads "Moneda 1.234". */
export function dinero(f: Formateador, importe: { Moneda: string; Importe: number } | null | undefined): string {
  if (!importe) return SIN_DATO;
  if (!/^[A-Z]{3}$/i.test(importe.Moneda)) return `${importe.Moneda} ${numero(f, importe.Importe)}`;
  return f.number(importe.Importe, "dinero", { currency: importe.Moneda });
}

/** A count or a plain number: 1.234.567. */
export function numero(f: Formateador, valor: number): string {
  return f.number(valor, "decimal");
}

/** How long ago (or until) a moment: hace 5 min, en 3 h. */
export function relativo(f: Formateador, valor: string | Date, ahora: Date): string {
  return f.relativeTime(comoFecha(valor), { now: ahora, ...RELATIVO });
}

/** The unit a wait reads best in: minutes under an hour, hours under two days, then days. */
export function unidadDeEspera(minutos: number): "minute" | "hour" | "day" {
  return minutos < 60 ? "minute" : minutos < 48 * 60 ? "hour" : "day";
}

/** A wait in minutes, in the largest unit that reads well: 12 min, 3,5 h, 2 días. */
export function duracion(f: Formateador, minutos: number): string {
  const unit = unidadDeEspera(minutos);
  const valor = unit === "minute" ? Math.max(0, Math.round(minutos)) : minutos / (unit === "hour" ? 60 : 1440);
  return f.number(valor, {
    style: "unit",
    unit,
    unitDisplay: unit === "day" ? "long" : "short",
    maximumFractionDigits: unit === "minute" ? 0 : 1,
  });
}
