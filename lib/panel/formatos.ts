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

/** How long ago (or until) a moment, in words: hace 5 minutos, hace 3 meses, en 3 horas. */
export function relativo(f: Formateador, valor: string | Date, ahora: Date): string {
  return f.relativeTime(comoFecha(valor), { now: ahora, ...RELATIVO });
}

const unidad = (f: Formateador, valor: number, unit: "minute" | "hour" | "day") =>
  f.number(valor, { style: "unit", unit, unitDisplay: unit === "day" ? "long" : "short", maximumFractionDigits: 0 });

/**
 * A wait in minutes, in the two largest units, whole: 12 min, 2 h 54 min, 3 días 4 h. Never a
 * decimal ("2,9 h" read as a clock time) nor a bare letter ("3 m" read as minutes or months).
 */
export function duracion(f: Formateador, minutos: number): string {
  const total = Math.max(0, Math.round(minutos));
  if (total < 60) return unidad(f, total, "minute");
  const [mayor, menor, porMayor]: ["hour" | "day", "minute" | "hour", number] =
    total < 48 * 60 ? ["hour", "minute", 60] : ["day", "hour", 1440];
  const enteras = Math.floor(total / porMayor);
  const resto = Math.round((total - enteras * porMayor) / (menor === "minute" ? 1 : 60));
  return resto === 0 ? unidad(f, enteras, mayor) : `${unidad(f, enteras, mayor)} ${unidad(f, resto, menor)}`;
}
