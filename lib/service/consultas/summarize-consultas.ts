import "server-only";
import { and, count, desc, eq, gte, inArray, lt, lte, ne, sql } from "drizzle-orm";
import { consultasPath, type Resumen, type ResumenFilters } from "@/lib/api/consultas";
import { links, withQuery } from "@/lib/api/links";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasAtencion, consultasPorHora } from "@/lib/db/schema";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { addDays, counterHours, dayOf, formatDateTime } from "@/lib/time";
import { type ListFacts, listFacts } from "./list-facts";
import { type ListShape, listConditions, shapeName } from "./list-shape";
import { periodOf } from "./period";
import { visibleEnquiries } from "./visibility";

const TOP_LISTINGS = 10;

type Scope = { facts: ListFacts; operador: string | undefined; from: Date; to: Date };

/**
 * Enquiries per day of the service's zone and per TipoAnuncio, from the per-hour counters (decisions
 * 0009, docs/decisions/0042): the hours from the period's first to the one its last moment falls in.
 * A catalogue enquiry is counted under app '' and every other under its app.
 */
async function countsPerDay(db: Db, { facts, operador, from, to }: Scope) {
  const { firstHour, hourAfter } = counterHours(from, to);
  const dia = sql<string>`to_char((${consultasPorHora.hora} at time zone ${config().timeZone})::date, 'YYYY-MM-DD')`;
  const catalogo = sql<boolean>`${consultasPorHora.appId} = ''`;
  return (
    db
      .select({ dia, catalogo, cantidad: sql<number>`sum(${consultasPorHora.cantidad})::int` })
      .from(consultasPorHora)
      .where(
        and(
          eq(consultasPorHora.agenciaId, facts.agenciaId),
          inArray(consultasPorHora.appId, facts.compartir ? [facts.appId, ""] : [facts.appId]),
          operador ? eq(consultasPorHora.operadorResponsable, operador) : undefined,
          gte(consultasPorHora.hora, firstHour),
          lt(consultasPorHora.hora, hourAfter),
        ),
      )
      // By position: the zone is a parameter, and the expression written again would be another one.
      .groupBy(sql`1`, sql`2`)
  );
}

/** The listings with most enquiries in the period (catalogue enquiries name none). */
function topListings(db: Db, shape: ListShape, params: Record<string, unknown>) {
  return prepared(db, shapeName("consultas_resumen_publicaciones", shape), (db, name) =>
    db
      .select({ externalId: consultas.externalId, cantidad: count() })
      .from(consultas)
      .where(and(listConditions(shape), ne(consultas.externalId, "")))
      .groupBy(consultas.externalId)
      .orderBy(desc(count()), consultas.externalId)
      .limit(TOP_LISTINGS)
      .prepare(name),
  ).execute(params);
}

/** How many enquiries of the period the app marked attended, and the median minutes until then. */
async function attended(db: Db, { facts, operador, from, to }: Scope) {
  const waited = sql`extract(epoch from ${consultasAtencion.momento} - ${consultasAtencion.recibida}) / 60`;
  const [row] = await db
    .select({
      atendidas: count(),
      mediana: sql<number | null>`percentile_cont(0.5) within group (order by ${waited})`,
    })
    .from(consultasAtencion)
    .innerJoin(consultas, eq(consultas.sid, consultasAtencion.sid))
    .where(
      and(
        eq(consultasAtencion.appId, facts.appId),
        eq(consultasAtencion.agenciaId, facts.agenciaId),
        gte(consultasAtencion.recibida, from),
        lte(consultasAtencion.recibida, to),
        eq(consultasAtencion.atendida, true),
        operador ? eq(consultasAtencion.operadorResponsable, operador) : undefined,
        visibleEnquiries(facts.agenciaId, facts.appId, facts.compartir),
      ),
    );
  return { atendidas: row?.atendidas ?? 0, mediana: row?.mediana == null ? null : Math.round(Number(row.mediana)) };
}

/** Every day of the period, in order, with its count (0 when none). */
function everyDay(from: Date, to: Date, counted: Map<string, number>) {
  const zone = config().timeZone;
  const days: { Dia: string; Cantidad: number }[] = [];
  for (let day = dayOf(from, zone); day <= dayOf(to, zone); day = addDays(day, 1)) days.push({ Dia: day, Cantidad: counted.get(day) ?? 0 });
  return days;
}

/**
 * GET /v3/consultas/{adminMail}/resumen (extension, docs/decisions/0042): the period the list would
 * show with the same desde, hasta and operador, at a glance.
 */
export async function summarizeConsultas(app: AuthenticatedApp, adminMail: string, filters: ResumenFilters): Promise<Resumen> {
  const db = await getDb();
  const facts = await listFacts(db, app.id, adminMail, filters.operador, { fresh: true });
  const { from, to } = periodOf(filters);
  // The administrator sees every enquiry of the agency: naming them narrows nothing.
  const operador = facts.operador?.administrador === false ? facts.operador.email : undefined;
  const scope = { facts, operador, from, to };
  const shape: ListShape = {
    compartir: facts.compartir,
    operador: operador !== undefined,
    administrador: false,
    externalId: false,
    terminos: 0,
    atendida: undefined,
  };
  const [perDay, listings, marks] = await Promise.all([
    countsPerDay(db, scope),
    topListings(db, shape, { agencia: facts.agenciaId, app: facts.appId, from, to, operador }),
    attended(db, scope),
  ]);
  const byDay = new Map<string, number>();
  const byTipo = { publicacion: 0, catalogo: 0 };
  for (const row of perDay) {
    byDay.set(row.dia, (byDay.get(row.dia) ?? 0) + row.cantidad);
    byTipo[row.catalogo ? "catalogo" : "publicacion"] += row.cantidad;
  }
  const total = byTipo.publicacion + byTipo.catalogo;
  const base = consultasPath(facts.adminMail);
  const query = { operador: filters.operador, desde: filters.desde, hasta: filters.hasta };
  const zone = config().timeZone;
  return {
    Desde: formatDateTime(from, zone),
    Hasta: formatDateTime(to, zone),
    Total: total,
    PorDia: everyDay(from, to, byDay),
    PorTipoAnuncio: Object.entries(byTipo).map(([TipoAnuncio, Cantidad]) => ({ TipoAnuncio, Cantidad })),
    Publicaciones: listings.map((row) => ({ ExternalId: row.externalId, Cantidad: row.cantidad })),
    Atendidas: marks.atendidas,
    SinAtender: total - marks.atendidas,
    MinutosHastaAtender: marks.mediana,
    _links: links({ self: withQuery(`${base}/resumen`, query), consultas: withQuery(base, query) }),
  };
}
