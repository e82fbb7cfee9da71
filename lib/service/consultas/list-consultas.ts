import "server-only";
import { desc, inArray, sql } from "drizzle-orm";
import { type Consultas, type ConsultasRef, consultasPath, type ListConsultasFilters, PER_PAGINA } from "@/lib/api/consultas";
import { type Db, getDb, getPlanOnceDb } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultas, consultasAtencion } from "@/lib/db/schema";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { counterHours } from "@/lib/time";
import { countConsultas } from "./count-consultas";
import { listEnvelope } from "./list-envelope";
import { type ListFacts, listScope, readHolding } from "./list-facts";
import { type ListShape, listConditions, shapeName } from "./list-shape";
import { periodOf } from "./period";
import { atencionColumns, atencionOf, presentConsulta, presentedColumns } from "./present-consulta";
import { readSearchPage } from "./search-page";
import { seekPageSids } from "./seek-page";

const newestFirst = [desc(consultas.momento), desc(consultas.sid)];

/**
 * A page of the list, prepared once per shape. The page's sids come first from the list's index
 * alone (an index-only scan, past the earlier pages without reading their rows), then only those 50
 * rows are read, and of them only the columns presented. A deep page (`seek`, on PostgreSQL) starts
 * that walk at its hour, found from the per-hour counters.
 */
function pageStatement(db: Db, shape: ListShape, seek: boolean) {
  return prepared(db, shapeName(seek ? "consultas_pagina_honda" : "consultas_pagina", shape), (db, name) => {
    return db
      .select({ ...presentedColumns, atencion: atencionColumns })
      .from(consultas)
      .leftJoin(consultasAtencion, atencionOf(sql.placeholder("app")))
      .where(inArray(consultas.sid, pageSids(db, shape, seek)))
      .orderBy(...newestFirst)
      .prepare(name);
  });
}

/** The sids of a page: the newest first of the list's index (from the seek's hour). */
function pageSids(db: Db, shape: ListShape, seek: boolean) {
  if (seek) return seekPageSids(shape);
  return db
    .select({ sid: consultas.sid })
    .from(consultas)
    .where(listConditions(shape))
    .orderBy(...newestFirst)
    .limit(PER_PAGINA)
    .offset(sql.placeholder("offset"));
}

/**
 * A page and its Total as the facts say; `vigente` false when the facts no longer held. Both
 * statements are written to plan well without their values, and run planned once (decisions 0018).
 */
async function readPage(db: Db, facts: ListFacts, filters: ListConsultasFilters) {
  const pagina = filters.pagina ?? 1;
  const { shape, values } = listScope(facts, filters);
  if (shape.terminos > 0) return readSearchPage(db, facts, shape, values, filters);
  const { from, to } = periodOf(filters);
  const params = { ...values, from, to };
  const offset = (pagina - 1) * PER_PAGINA;
  const { firstHour, hourAfter } = counterHours(from, to);
  // Counters help from page 2 on, when the period holds whole hours; an externalid's enquiries are
  // few, and the counters know nothing of a search or of the marks.
  // PGlite plans every statement afresh: there the seek's plan costs more than the walk it saves
  // (page 99 at 200,000 enquiries: 11.7 ms with it, 5.0 without), so the embedded database walks.
  const seek = !config().embedded && pagina > 1 && !shape.externalId && shape.atendida === undefined && hourAfter > firstHour;
  const [rows, count] = await Promise.all([
    pageStatement(db, shape, seek).execute({ ...params, offset, firstHour, hourAfter }),
    countConsultas(db, shape, params),
  ]);
  return { rows, ...count, from, to };
}

/** GET /v3/consultas/{adminMail}: one page of the enquiries the app (and the operador) sees. */
export async function listConsultas(
  app: AuthenticatedApp,
  adminMail: string,
  filters: ListConsultasFilters,
  form: "entry" | "ref",
): Promise<Consultas | ConsultasRef> {
  const [db, planOnce] = await Promise.all([getDb(), getPlanOnceDb()]);
  // A search's best plan depends on its terms (how many entries of the terms' index each one
  // begins), so PostgreSQL plans it for them (docs/decisions/0040, 0051).
  const planned = filters.q ? db : planOnce;
  const { facts, result: read } = await readHolding(db, app.id, adminMail, filters.operador, (facts) => readPage(planned, facts, filters));
  const base = consultasPath(facts.adminMail);
  const query = {
    operador: filters.operador,
    externalid: filters.externalid,
    q: filters.q,
    atendida: filters.atendida?.toString(),
    desde: filters.desde,
    hasta: filters.hasta,
  };
  const envelope = listEnvelope(
    base,
    query,
    { from: read.from, to: read.to, pagina: filters.pagina ?? 1, total: read.total },
    { consulta: `${base}/{sid}` },
  );
  if (form === "ref") return { ...envelope, _entries: read.rows.map((row) => presentConsulta(row, facts.adminMail, "ref")) };
  return { ...envelope, _entries: read.rows.map((row) => presentConsulta(row, facts.adminMail)) };
}
