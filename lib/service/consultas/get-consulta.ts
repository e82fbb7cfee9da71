import "server-only";
import type { Consulta, ConsultaRef } from "@/lib/api/consultas";
import { NotFound } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import type { Visible } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { type ConsultaRow, type PresentedRow, presentConsulta } from "./present-consulta";
import { detailStatement, visibleEnquiry } from "./sql/detail";

/** The enquiry when the app sees it (docs/contract.md#visibility), with the app's mark on it: for a mark and a resend. */
export async function findConsulta(db: Db, visible: Visible, sid: string): Promise<(ConsultaRow & PresentedRow) | undefined> {
  const [row] = await visibleEnquiry(db, visible, sid);
  return row && { ...row.consulta, atencion: row.atencion };
}

/** GET /v3/consultas/{adminMail}/{sid} (getConsulta): 404 when the agency, its relation with the app or the enquiry is missing, one answer for all. */
export async function getConsulta(
  app: AuthenticatedApp,
  adminMail: string,
  sid: string,
  form: "entry" | "ref",
): Promise<Consulta | ConsultaRef> {
  const db = await getDb();
  const [found] = await detailStatement(db).execute({ appId: app.id, sid, adminMail: adminMail.toLowerCase() });
  if (!found) throw new NotFound();
  return presentConsulta({ ...found.consulta, atencion: found.atencion }, found.adminMail, form);
}
