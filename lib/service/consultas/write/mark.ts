import "server-only";
import { sql } from "drizzle-orm";
import type { AtencionInput } from "@/lib/api/consultas";
import type { Db } from "@/lib/db";
import { consultasAtencion } from "@/lib/db/schema";
import { recordChange } from "./historial";
import { raiseRevisions } from "./tally";

type Enquiry = { sid: string; agenciaId: string; operadorResponsable: string; momento: Date };

/** The mark's row; marking again the state it already has keeps who marked it and when. */
async function upsertMark(tx: Pick<Db, "insert">, appId: string, row: Enquiry, input: AtencionInput, momento: Date) {
  const changed = sql`${consultasAtencion.atendida} is distinct from excluded.atendida`;
  const [mark] = await tx
    .insert(consultasAtencion)
    .values({
      appId,
      sid: row.sid,
      agenciaId: row.agenciaId,
      operadorResponsable: row.operadorResponsable,
      recibida: row.momento,
      atendida: input.Atendida,
      por: input.Por,
      momento,
    })
    .onConflictDoUpdate({
      target: [consultasAtencion.appId, consultasAtencion.sid],
      set: {
        atendida: sql`excluded.atendida`,
        por: sql`case when ${changed} then excluded.por else ${consultasAtencion.por} end`,
        momento: sql`case when ${changed} then excluded.momento else ${consultasAtencion.momento} end`,
      },
    })
    .returning({ atendida: consultasAtencion.atendida, por: consultasAtencion.por, momento: consultasAtencion.momento });
  // An upsert returns its row whether it inserted or updated it.
  return mark as NonNullable<typeof mark>;
}

/**
 * Stores the app's mark on the enquiry and, in the same transaction, raises its agency's revision
 * (the summaries of the agency count this mark, decisions 0053) in a statement that also records a
 * change in the enquiry's history: a mark written now, not one kept because the state was the same.
 */
export function storeMark(db: Db, appId: string, row: Enquiry, input: AtencionInput) {
  const momento = new Date();
  return db.transaction(async (tx) => {
    const mark = await upsertMark(tx, appId, row, input, momento);
    const changed = mark.momento.getTime() === momento.getTime();
    const history = changed ? recordChange(appId, row.sid, mark) : sql``;
    await tx.execute(sql`${history} ${raiseRevisions(sql`(select ${row.agenciaId}::text as agencia_id) as marcada`)}`);
    return mark;
  });
}
