import "server-only";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { prepared } from "@/lib/db/prepared";
import { consultasRevisiones } from "@/lib/db/schema";

/**
 * Each agency's revision (docs/decisions/0053): raised with every enquiry stored and every mark
 * changed, so a summary computed after reading it stays right while it is unchanged. An agency
 * without a row has revision 0.
 */
export async function readRevision(db: Db, agenciaId: string): Promise<number> {
  const [row] = await prepared(db, "consultas_revision", (db, name) =>
    db
      .select({ revision: consultasRevisiones.revision })
      .from(consultasRevisiones)
      .where(eq(consultasRevisiones.agenciaId, sql.placeholder("agencia")))
      .prepare(name),
  ).execute({ agencia: agenciaId });
  return row?.revision ?? 0;
}

/** Raises the revision of the agencies of `agencias` (a query selecting `agencia_id`, a CTE's name for example). */
export const raiseRevisions = (agencias: SQL) => sql`
  insert into consultas_revisiones (agencia_id, revision)
  select agencia_id, 1 from ${agencias} group by 1
  on conflict (agencia_id) do update set revision = consultas_revisiones.revision + 1`;
