import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultasRevisiones } from "@/lib/db/schema";
import { keptFor } from "@/lib/kept";
import { type ListFacts, listShapeOf } from "./list-facts";
import { factsHold, shapeName } from "./list-shape";

/**
 * The agency's revision (docs/decisions/0053), raised with every enquiry stored and every mark
 * changed, so numbers counted after reading it stay right while it is unchanged (an agency without
 * a row has revision 0); and whether the facts hold (decisions 0017), in one statement.
 */
export async function revisionState(db: Db, facts: ListFacts): Promise<{ revision: string; vigente: boolean }> {
  const shape = listShapeOf(facts);
  const statement = prepared(db, shapeName("consultas_revision", shape), (db, name) => {
    const revision = sql`(select ${consultasRevisiones.revision} from ${consultasRevisiones}
      where ${consultasRevisiones.agenciaId} = ${sql.placeholder("agencia")})`;
    return db
      .select({ revision: sql<string>`coalesce(${revision}, 0)::text`, vigente: sql<boolean>`${factsHold(shape)}` })
      .from(sql`(select 1) as uno`)
      .prepare(name);
  });
  const [state] = await statement.execute({
    agencia: facts.agenciaId,
    app: facts.appId,
    adminMail: facts.adminMail,
    operador: facts.operador?.email,
  });
  return state ?? { revision: "0", vigente: false };
}

/**
 * Raises the revision of the agencies of `agencias` (a query selecting `agencia_id` once per change,
 * a CTE's name for example) by their changes: a statement storing many enquiries leaves the revision
 * that storing them one at a time would (decision 0085).
 */
export const raiseRevisions = (agencias: SQL) => sql`
  insert into consultas_revisiones (agencia_id, revision)
  select agencia_id, count(*) from ${agencias} group by 1
  on conflict (agencia_id) do update set revision = consultas_revisiones.revision + excluded.revision`;

/**
 * Answers kept under the revision they were counted at (decisions 0053), at most `maxEntries`, 10
 * minutes each: `count` runs again only when the revision read is another one; an answer `keeps`
 * refuses is not kept. Requests that read the same revision while its count is under way wait for
 * that count instead of starting their own: when an enquiry arrives, every connection reading the
 * agency misses at once, and one count is all they need (decisions 0053).
 */
export function keptUnderRevision<T>(maxEntries: number, keeps: (value: T) => boolean = () => true) {
  const kept = keptFor<{ revision: string; value: T }>(10 * 60_000, maxEntries);
  const underWay = new Map<string, Promise<T>>();
  return async (key: string, revision: string, count: () => Promise<T>): Promise<T> => {
    const known = kept.get(key);
    if (known?.revision === revision) return known.value;
    const flight = `${revision} ${key}`;
    const counting = underWay.get(flight);
    if (counting) return counting;
    const counted = count().then((value) => {
      const newer = kept.get(key);
      if (keeps(value) && !(newer && BigInt(newer.revision) > BigInt(revision))) kept.set(key, { revision, value });
      return value;
    });
    underWay.set(flight, counted);
    try {
      return await counted;
    } finally {
      underWay.delete(flight);
    }
  };
}
