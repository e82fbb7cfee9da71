import "server-only";
import type { V3Client } from "@/lib/panel/v3-client";
import { addDays } from "@/lib/time";

/**
 * The agencia home's week card (issue 34, part 2; decision 0104): the last 7 days up to today against
 * the 7 before, each from the API's summary of those days (GET …/resumen): received, attended, and
 * the share of the received the app marked attended within an hour.
 */

const DIAS_SEMANA = 7;

export type Semana = {
  desde: string;
  hasta: string;
  recibidas: number;
  atendidas: number;
  /** Of the received, the share marked attended within an hour, 0–1; null without any received. */
  enUnaHora: number | null;
};

export type Semanas = { actual: Semana; anterior: Semana };

async function semanaHasta(client: V3Client, adminMail: string, operador: string | undefined, hasta: string): Promise<Semana> {
  const desde = addDays(hasta, -(DIAS_SEMANA - 1));
  const resumen = await client.getConsultasResumen(adminMail, { operador, desde, hasta });
  return {
    desde,
    hasta,
    recibidas: resumen.Total,
    atendidas: resumen.Atendidas,
    enUnaHora: resumen.Total > 0 ? resumen.AtendidasEnUnaHora / resumen.Total : null,
  };
}

/** This week (the 7 days ending today) and the previous one, for the agency (or what an operator sees). */
export async function semanasDeAgencia(
  client: V3Client,
  adminMail: string,
  { hoy, operador }: { hoy: string; operador?: string },
): Promise<Semanas> {
  const [actual, anterior] = await Promise.all([
    semanaHasta(client, adminMail, operador, hoy),
    semanaHasta(client, adminMail, operador, addDays(hoy, -DIAS_SEMANA)),
  ]);
  return { actual, anterior };
}
