import "server-only";
import { PER_PAGINA } from "@/lib/api/consultas";
import { MAX_PAGINA } from "@/lib/api/limites";
import { links, withQuery } from "@/lib/api/links";
import { config } from "@/lib/env";
import { formatDateTime } from "@/lib/time";

type Query = Record<string, string | undefined>;

/**
 * The page part of a list's envelope (its page, Total and the links between its pages, each keeping
 * the query). A link never leads past the last page `pagina` may name: beyond it the filters must be
 * narrowed.
 */
export function pageEnvelope(base: string, query: Query, page: { pagina: number; total: number }, extra: Query = {}) {
  const { pagina, total } = page;
  const last = Math.min(MAX_PAGINA, Math.max(1, Math.ceil(total / PER_PAGINA)));
  const href = (number: number) => withQuery(base, { ...query, pagina: number });
  return {
    Pagina: pagina,
    Total: total,
    PerPagina: PER_PAGINA,
    _links: links({
      self: href(pagina),
      first: href(1),
      prev: pagina > 1 ? href(Math.min(pagina - 1, last)) : undefined,
      next: pagina < last ? href(pagina + 1) : undefined,
      last: href(last),
      ...extra,
    }),
  };
}

/** The envelope of a list of enquiries: its period, then the page part (pageEnvelope). */
export function listEnvelope(base: string, query: Query, page: { from: Date; to: Date; pagina: number; total: number }, extra: Query = {}) {
  const zone = config().timeZone;
  return {
    Desde: formatDateTime(page.from, zone),
    Hasta: formatDateTime(page.to, zone),
    ...pageEnvelope(base, query, page, extra),
  };
}
