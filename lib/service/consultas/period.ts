import { DIAS_CONSULTAS, type ListConsultasFilters } from "@/lib/api/consultas";
import { fieldProblem } from "@/lib/api/problem";
import { config } from "@/lib/env";
import { addDays, dayOf, startOfDay } from "@/lib/time";

/** The period of a list (docs/contract.md#the-list): whole days in the service time zone, never past now. */
export function periodOf(filters: Pick<ListConsultasFilters, "desde" | "hasta">, now = new Date(), zone = config().timeZone) {
  const today = dayOf(now, zone);
  const earliest = addDays(today, -DIAS_CONSULTAS);
  const desde = filters.desde ?? earliest;
  const hasta = filters.hasta ?? today;
  if (desde < earliest) throw fieldProblem("desde", `desde no puede ser anterior a ${earliest} (hoy menos ${DIAS_CONSULTAS} días).`);
  if (desde > today) throw fieldProblem("desde", `desde no puede ser posterior a hoy (${today}).`);
  if (hasta < desde) throw fieldProblem("hasta", "hasta no puede ser anterior a desde.");
  const from = startOfDay(desde, zone);
  const endOfHasta = new Date(startOfDay(addDays(hasta, 1), zone).getTime() - 1);
  const to = endOfHasta.getTime() > now.getTime() ? now : endOfHasta;
  return { from, to };
}
