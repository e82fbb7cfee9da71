import "server-only";
import { and, type SQL, sql } from "drizzle-orm";
import { PER_PAGINA } from "@/lib/api/consultas";
import { consultas, consultasTerminos } from "@/lib/db/schema";

const { termino } = consultasTerminos;

/** A term's beginning, or (`inverso`: the term reversed behind `~`) the end of a phone or a sid. */
const startsWith = (placeholder: string) => sql`${termino} like consultas_plegar(${sql.placeholder(placeholder)}) || '%'`;

/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The terms as the placeholders of a statement (see `matchingEnquiries`): `termino0`… each term, and
 * `inverso0`… the same reversed behind `~`, which begins the reversed phone and sid when the term ends them.
 */
export const termParams = (terms: string[]) =>
  Object.fromEntries(
    terms.flatMap((term, index) => [
      [`termino${index}`, escapeLike(term)],
      [`inverso${index}`, escapeLike(`~${[...term].reverse().join("")}`)],
    ]),
  );

/**
 * The enquiries holding every one of `terms` terms of a search (docs/decisions/0051), read from the
 * terms' index alone: each term's beginning is one range of it, its reversed form another, and an
 * enquiry is in when each term found it. `where`: the conditions on `consultas_terminos` besides the
 * terms (agency, period, visibility, operator); `from`: more tables the conditions join; `narrow`:
 * conditions on the enquiry (`m.sid`) read elsewhere. Rows: `sid` and `momento`, one per enquiry.
 */
export function matchingEnquiries(terms: number, where: SQL, options: { from?: SQL; narrow?: SQL } = {}): SQL {
  const from = options.from ? sql`${consultasTerminos}, ${options.from}` : sql`${consultasTerminos}`;
  const ranges = Array.from({ length: terms }, (_, index) =>
    [`termino${index}`, `inverso${index}`].map(
      (placeholder) =>
        sql`select ${consultasTerminos.sid} as sid, ${consultasTerminos.momento} as momento, ${sql.raw(String(index))} as termino
          from ${from} where ${and(where, startsWith(placeholder))}`,
    ),
  ).flat();
  const everyTerm =
    terms > 1
      ? sql`having ${sql.join(
          Array.from({ length: terms }, (_, index) => sql`bool_or(m.termino = ${sql.raw(String(index))})`),
          sql` and `,
        )}`
      : sql``;
  return sql`select m.sid, m.momento from (${sql.join(ranges, sql` union all `)}) as m
    ${options.narrow ? sql`where ${options.narrow}` : sql``}
    group by m.sid, m.momento ${everyTerm}`;
}

/**
 * A page of matches (`matchingEnquiries`), newest first, as a table to join on `pagina.sid`, each row
 * with `pagina.total`: every match counted by the same grouping that ordered them, so a common term's
 * thousands of index entries are read once per request, not once for the page and again for Total.
 * A page past the end has no row to carry the count.
 */
export const pageOfMatches = (matches: SQL) =>
  sql`(select m.sid, count(*) over ()::int as total from (${matches}) as m
    order by m.momento desc, m.sid desc limit ${PER_PAGINA} offset ${sql.placeholder("offset")}) as pagina`;

/** The join of `pageOfMatches` to the enquiries it names. */
export const onPage = sql`pagina.sid = ${consultas.sid}`;

/** The count `pageOfMatches` gives each row. */
export const pageTotal = sql<number>`pagina.total`;
