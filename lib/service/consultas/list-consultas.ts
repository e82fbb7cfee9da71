import "server-only";
import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import {
  type Consulta,
  type ConsultaRef,
  type Consultas,
  consultasPath,
  DIAS_CONSULTAS,
  type ListConsultasFilters,
  PER_PAGINA,
} from "@/lib/api/consultas";
import { type Db, getDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, operadores } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { links, withQuery } from "@/lib/http/links";
import { fieldProblem, NotFound } from "@/lib/http/problem";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { addDays, dayOf, formatDateTime, startOfDay } from "@/lib/time";
import { countConsultas } from "./count-consultas";
import { presentConsulta } from "./present-consulta";
import { registeredAgencia, visibleEnquiries, visibleTo } from "./visibility";

/** The period of a list (decisions §8): whole days in the service time zone, never past now. */
export function periodOf(filters: Pick<ListConsultasFilters, "desde" | "hasta">, now = new Date()) {
  const zone = config().timeZone;
  const today = dayOf(now, zone);
  const earliest = addDays(today, -DIAS_CONSULTAS);
  const desde = filters.desde ?? earliest;
  const hasta = filters.hasta ?? today;
  if (desde < earliest) throw fieldProblem("desde", `desde no puede ser anterior a ${earliest} (hoy menos ${DIAS_CONSULTAS} días).`);
  if (hasta < desde) throw fieldProblem("hasta", "hasta no puede ser anterior a desde.");
  const from = startOfDay(desde, zone);
  const endOfHasta = new Date(startOfDay(addDays(hasta, 1), zone).getTime() - 1);
  const to = endOfHasta.getTime() > now.getTime() ? now : endOfHasta;
  return { from, to };
}

type PageShape = { compartir: boolean; operador: boolean; externalId: boolean };

/** A page of the list, prepared once per shape of its filters. */
function pageStatement(db: Db, shape: PageShape) {
  const name = `consultas_pagina_${Number(shape.compartir)}${Number(shape.operador)}${Number(shape.externalId)}`;
  return prepared(db, name, () =>
    db
      .select()
      .from(consultas)
      .where(
        and(
          visibleEnquiries(sql.placeholder("agencia"), sql.placeholder("app"), shape.compartir),
          gte(consultas.momento, sql.placeholder("from")),
          lte(consultas.momento, sql.placeholder("to")),
          shape.operador ? eq(consultas.operadorResponsable, sql.placeholder("operador")) : undefined,
          shape.externalId ? eq(consultas.externalId, sql.placeholder("externalId")) : undefined,
        ),
      )
      .orderBy(desc(consultas.momento), desc(consultas.sid))
      .limit(PER_PAGINA)
      .offset(sql.placeholder("offset"))
      .prepare(name),
  );
}

/** GET /v3/consultas/{adminMail}: one page of the enquiries the app (and the operador) sees. */
export async function listConsultas(
  app: AuthenticatedApp,
  adminMail: string,
  filters: ListConsultasFilters,
  form: "entry" | "ref",
): Promise<Consultas | { _entries: ConsultaRef[] }> {
  const db = await getDb();
  const visible = await registeredAgencia(db, app.id, adminMail);
  if (!visible) throw new NotFound();
  const { from, to } = periodOf(filters);
  const conditions: SQL[] = [visibleTo(visible), gte(consultas.momento, from), lte(consultas.momento, to)];
  let operadorFiltrado: string | undefined;
  if (filters.operador) {
    const [operador] = await db
      .select()
      .from(operadores)
      .where(and(eq(operadores.agenciaId, visible.agencia.id), eq(operadores.email, filters.operador)));
    if (!operador) throw fieldProblem("operador", `${filters.operador} no es operador de la agencia.`);
    if (!operador.esAdministrador) {
      operadorFiltrado = operador.email;
      conditions.push(eq(consultas.operadorResponsable, operador.email));
    }
  }
  if (filters.externalid) conditions.push(eq(consultas.externalId, filters.externalid));
  const where = and(...conditions);
  const pagina = filters.pagina ?? 1;
  const shape = {
    compartir: visible.relation.compartirCatalogo,
    operador: operadorFiltrado !== undefined,
    externalId: filters.externalid !== undefined,
  };
  const [rows, totalCount] = await Promise.all([
    pageStatement(db, shape).execute({
      agencia: visible.agencia.id,
      app: visible.relation.appId,
      from,
      to,
      operador: operadorFiltrado,
      externalId: filters.externalid,
      offset: (pagina - 1) * PER_PAGINA,
    }),
    countConsultas(db, { visible, where: where as SQL, from, to, operador: operadorFiltrado, externalId: filters.externalid }),
  ]);
  const last = Math.max(1, Math.ceil(totalCount / PER_PAGINA));
  const base = consultasPath(visible.agencia.adminMail);
  const page = (number: number) =>
    withQuery(base, {
      operador: filters.operador,
      externalid: filters.externalid,
      desde: filters.desde,
      hasta: filters.hasta,
      pagina: number,
    });
  const zone = config().timeZone;
  return {
    Desde: formatDateTime(from, zone),
    Hasta: formatDateTime(to, zone),
    Pagina: pagina,
    Total: totalCount,
    PerPagina: PER_PAGINA,
    _links: links({
      self: page(pagina),
      first: page(1),
      prev: pagina > 1 ? page(Math.min(pagina - 1, last)) : undefined,
      next: pagina < last ? page(pagina + 1) : undefined,
      last: page(last),
      consulta: `${base}/{sid}`,
    }),
    _entries: rows.map((row) => presentConsulta(row, visible.agencia.adminMail, form)) as Consulta[],
  };
}
