import type { HorarioGuardado } from "@/lib/db/schema";

const DIAS_SEMANA: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The day of the week (1 Monday … 7 Sunday) and the minute of the day of `instant` on the zone's clock. */
function relojLocal(instant: Date, zona: string): { dia: number; minuto: number } {
  let formatter = formatters.get(zona);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zona,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(zona, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return { dia: DIAS_SEMANA[parts.weekday as string] as number, minuto: Number(parts.hour) * 60 + Number(parts.minute) };
}

const minutos = (hora: string) => Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5));

/**
 * Whether `instant` falls within the subscriber's hours (decision 0102): on one of its days, from
 * Desde (included) to Hasta (excluded) on the zone's clock, summer time included. When Hasta comes
 * before Desde the span crosses midnight: its early hours belong to the day it started on. No
 * schedule: always.
 */
export function dentroDelHorario(horario: HorarioGuardado | null, instant: Date): boolean {
  if (!horario) return true;
  const { dia, minuto } = relojLocal(instant, horario.Zona);
  const [desde, hasta] = [minutos(horario.Desde), minutos(horario.Hasta)];
  if (desde < hasta) return horario.Dias.includes(dia) && minuto >= desde && minuto < hasta;
  const diaAnterior = dia === 1 ? 7 : dia - 1;
  return (horario.Dias.includes(dia) && minuto >= desde) || (horario.Dias.includes(diaAnterior) && minuto < hasta);
}
