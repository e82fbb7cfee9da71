import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultasRevisiones } from "@/lib/db/schema";
import { expiringCache } from "@/lib/expiring-cache";
import { type ListFacts, listShapeOf } from "./facts";
import { factsStillTrue, shapeName } from "./sql/shape";

/**
 * The cache of answers (decisions 0053): what a search page or a summary counted, kept under the
 * agency's revision it was counted at. The revision rises with every enquiry stored and every mark
 * changed (write/tally.ts, write/mark.ts), so an answer kept under the revision read now is still
 * right. The revision is the sum of the agency's slots (decision 0129); an agency without a row has
 * revision 0.
 */

/** The agency's revision and whether the facts are still true (decisions 0017), in one statement. */
export async function readRevision(db: Db, facts: ListFacts): Promise<{ revision: string; factsTrue: boolean }> {
  const shape = listShapeOf(facts);
  const statement = prepared(db, shapeName("consultas_revision", shape), (db, name) => {
    const revision = sql`(select sum(${consultasRevisiones.revision}) from ${consultasRevisiones}
      where ${consultasRevisiones.agenciaId} = ${sql.placeholder("agencia")})`;
    return db
      .select({ revision: sql<string>`coalesce(${revision}, 0)::text`, factsTrue: sql<boolean>`${factsStillTrue(shape)}` })
      .from(sql`(select 1) as uno`)
      .prepare(name);
  });
  const [state] = await statement.execute({
    agencia: facts.agenciaId,
    app: facts.appId,
    adminMail: facts.adminMail,
    operador: facts.operador?.email,
  });
  return state ?? { revision: "0", factsTrue: false };
}

/**
 * Answers kept under the revision they were counted at, at most `maxEntries`, 10 minutes each:
 * `count` runs again only when the revision read is another one; an answer `worthKeeping` refuses is
 * not kept. Requests that read the same revision while its count is under way wait for that count
 * instead of starting their own: when an enquiry arrives, every connection reading the agency misses
 * at once, and one count is all they need (decisions 0053).
 */
export function answerCache<T>(maxEntries: number, worthKeeping: (answer: T) => boolean = () => true) {
  const answers = expiringCache<{ revision: string; answer: T }>(10 * 60_000, maxEntries);
  const counting = new Map<string, Promise<T>>();
  return async function answer(key: string, revision: string, count: () => Promise<T>): Promise<T> {
    const known = answers.get(key);
    if (known?.revision === revision) return known.answer;
    const countKey = `${revision} ${key}`;
    const underWay = counting.get(countKey);
    if (underWay) return underWay;
    const counted = count().then((answer) => {
      const newer = answers.get(key);
      if (worthKeeping(answer) && !(newer && BigInt(newer.revision) > BigInt(revision))) answers.set(key, { revision, answer });
      return answer;
    });
    counting.set(countKey, counted);
    try {
      return await counted;
    } finally {
      counting.delete(countKey);
    }
  };
}
