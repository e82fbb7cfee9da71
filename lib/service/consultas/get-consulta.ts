import "server-only";
import type { Consulta, ConsultaRef } from "@/lib/api/consultas";
import { NotFound } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import type { Visible } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { answerCache, readRevision } from "./cache";
import { type ListFacts, readWithCurrentFacts } from "./facts";
import { type ConsultaRow, type PresentedRow, presentConsulta } from "./present-consulta";
import { detailStatement, visibleEnquiry } from "./sql/detail";

/** The enquiry when the app sees it (docs/contract.md#visibility), with the app's mark on it: for a mark and a resend. */
export async function findConsulta(db: Db, visible: Visible, sid: string): Promise<(ConsultaRow & PresentedRow) | undefined> {
  const [row] = await visibleEnquiry(db, visible, sid);
  return row && { ...row.consulta, atencion: row.atencion };
}

type Detail = Consulta | ConsultaRef;

/**
 * Enquiries presented, kept under their agency's revision (decision 0122): the same object is the
 * answer while the agency receives no enquiry and no mark, so the kernel serialises and tags it once.
 * An enquiry the app does not see is never kept.
 */
const details = answerCache<Detail | undefined>(2_000, (detail) => detail !== undefined);

async function presentedDetail(db: Db, facts: ListFacts, sid: string, form: "entry" | "ref"): Promise<Detail | undefined> {
  const [found] = await detailStatement(db).execute({ appId: facts.appId, sid, adminMail: facts.adminMail });
  return found && presentConsulta({ ...found.consulta, atencion: found.atencion }, found.adminMail, form);
}

/** The enquiry as kept under the revision read now; `factsTrue` false when the agency's facts changed since they were read. */
async function readDetail(db: Db, facts: ListFacts, sid: string, form: "entry" | "ref") {
  const state = await readRevision(db, facts);
  if (!state.factsTrue) return { factsTrue: false, detail: undefined };
  // What the app sees of the agency's enquiries depends on whether the agency shares its catalogue's
  // with it, which changes no revision: a detail kept under the other answer is not this one.
  const key = `${facts.appId} ${facts.agenciaId} ${facts.compartir} ${sid} ${form}`;
  return { factsTrue: true, detail: await details(key, state.revision, () => presentedDetail(db, facts, sid, form)) };
}

/**
 * GET /v3/consultas/{adminMail}/{sid} (getConsulta): 404 when the agency, its relation with the app
 * or the enquiry is missing, one answer for all. Read again only when its agency's revision changed
 * (decision 0122, as the list since decision 0112).
 */
export async function getConsulta(
  app: AuthenticatedApp,
  adminMail: string,
  sid: string,
  form: "entry" | "ref",
): Promise<Consulta | ConsultaRef> {
  const db = await getDb();
  const { result } = await readWithCurrentFacts(db, app.id, adminMail, undefined, (facts) => readDetail(db, facts, sid, form));
  if (!result.detail) throw new NotFound();
  return result.detail;
}
