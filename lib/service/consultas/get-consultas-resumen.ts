import "server-only";
import { consultasPath, type Resumen, type ResumenFilters } from "@/lib/api/consultas";
import { links, withQuery } from "@/lib/api/links";
import { type Db, getDb } from "@/lib/db";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { formatDateTime } from "@/lib/time";
import { answerCache, readRevision } from "./cache";
import { type ListFacts, listShapeOf, readWithCurrentFacts } from "./facts";
import { periodOf } from "./period";
import type { ListShape } from "./sql/shape";
import { attended, countsPerDay, periodDays } from "./sql/summary";
import { topListings } from "./sql/top-listings";

type Counted = {
  perDay: Awaited<ReturnType<typeof countsPerDay>>;
  listings: Awaited<ReturnType<typeof topListings>>;
  marks: Awaited<ReturnType<typeof attended>>;
};

/**
 * The numbers of summaries under `key`: everything else they depend on (the app, the agency, the
 * operator, whether the agency shares catalogue enquiries, and the period's days; a period ending
 * today ends now, and nothing stored later than the revision read can be in it).
 */
const summaries = answerCache<Counted>(1000);

/**
 * The numbers of the period for the facts (from the cache of answers until the agency's revision
 * changes), or `factsTrue` false when the facts are no longer true. The revision is read before the
 * period's `now` is taken: whatever was stored until then has raised it (decisions 0053).
 */
async function countPeriod(db: Db, facts: ListFacts, filters: ResumenFilters) {
  const state = await readRevision(db, facts);
  const { from, to } = periodOf(filters);
  if (!state.factsTrue) return { factsTrue: false as const };
  // The administrator sees every enquiry of the agency: naming them narrows nothing.
  const operador = facts.operador?.administrador === false ? facts.operador.email : undefined;
  const shape: ListShape = { ...listShapeOf(facts), administrador: false };
  const scope = { shape, params: { agencia: facts.agenciaId, app: facts.appId, adminMail: facts.adminMail, from, to, operador } };
  const zone = config().timeZone;
  const days = periodDays(from, to, zone);
  const key = [facts.appId, facts.agenciaId, operador, facts.compartir, days[0], days.at(-1)].join(" ");
  const counted = await summaries(key, state.revision, async () => {
    const [perDay, listings, marks] = await Promise.all([
      countsPerDay(db, scope, days, zone),
      topListings(db, shape, scope.params),
      attended(db, scope),
    ]);
    return { perDay, listings, marks };
  });
  return { factsTrue: true as const, from, to, days, ...counted };
}

/**
 * GET /v3/consultas/{adminMail}/resumen (getConsultasResumen, extension, docs/decisions/0042): the
 * period the list would show with the same desde, hasta and operador, at a glance.
 */
export async function getConsultasResumen(app: AuthenticatedApp, adminMail: string, filters: ResumenFilters): Promise<Resumen> {
  const db = await getDb();
  const { facts, result } = await readWithCurrentFacts(db, app.id, adminMail, filters.operador, (facts) => countPeriod(db, facts, filters));
  const { from, to, days, perDay, listings, marks } = result;
  const byTipo = { publicacion: 0, catalogo: 0 };
  for (const count of perDay) {
    byTipo.publicacion += count.publicacion;
    byTipo.catalogo += count.catalogo;
  }
  const total = byTipo.publicacion + byTipo.catalogo;
  const base = consultasPath(facts.adminMail);
  const query = { operador: filters.operador, desde: filters.desde, hasta: filters.hasta };
  const zone = config().timeZone;
  return {
    Desde: formatDateTime(from, zone),
    Hasta: formatDateTime(to, zone),
    Total: total,
    PorDia: days.map((Dia, position) => ({ Dia, Cantidad: (perDay[position]?.publicacion ?? 0) + (perDay[position]?.catalogo ?? 0) })),
    PorTipoAnuncio: Object.entries(byTipo).map(([TipoAnuncio, Cantidad]) => ({ TipoAnuncio, Cantidad })),
    Publicaciones: listings.map((row) => ({ ExternalId: row.externalId, Cantidad: row.cantidad })),
    Atendidas: marks.atendidas,
    SinAtender: total - marks.atendidas,
    AtendidasEnUnaHora: marks.enUnaHora,
    MinutosHastaAtender: marks.mediana,
    _links: links({ self: withQuery(`${base}/resumen`, query), consultas: withQuery(base, query) }),
  };
}
