import "server-only";
import { CONSULTAS_PATH, type ConsultasDeAgencias, type ConsultasRef, PER_PAGINA, type SearchConsultasFilters } from "@/lib/api/consultas";
import { searchWords } from "@/lib/api/limites";
import { getDb } from "@/lib/db";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { listEnvelope } from "./envelope";
import { periodOf } from "./period";
import { presentConsulta } from "./present-consulta";
import { termParams } from "./sql/matches";
import { searchStatements } from "./sql/search";

/** GET /v3/consultas?q= (searchConsultas, extension, docs/decisions/0040): one page of what the app sees in all its agencies. */
export async function searchConsultas(
  app: AuthenticatedApp,
  filters: SearchConsultasFilters,
  form: "entry" | "ref",
): Promise<ConsultasDeAgencias | ConsultasRef> {
  // Planned for its terms, as a list with `q` (list-consultas.ts).
  const db = await getDb();
  const terms = searchWords(filters.q);
  const { from, to } = periodOf(filters);
  const pagina = filters.pagina ?? 1;
  const statements = searchStatements(db, terms.length, filters.atendida);
  const params = { app: app.id, from, to, offset: (pagina - 1) * PER_PAGINA, ...termParams(terms) };
  const rows = await statements.page.execute(params);
  const total = rows[0]?.total ?? (await statements.total.execute(params))[0]?.total ?? 0;
  const query = { q: filters.q, atendida: filters.atendida?.toString(), desde: filters.desde, hasta: filters.hasta };
  const envelope = listEnvelope(CONSULTAS_PATH, query, { from, to, pagina, total });
  if (form === "ref") return { ...envelope, _entries: rows.map((row) => presentConsulta(row, row.adminMail, "ref")) };
  return { ...envelope, _entries: rows.map((row) => ({ ...presentConsulta(row, row.adminMail), AdminMail: row.adminMail })) };
}
