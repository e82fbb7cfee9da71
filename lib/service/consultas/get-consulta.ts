import "server-only";
import { and, eq } from "drizzle-orm";
import type { Consulta, ConsultaRef } from "@/lib/api/consultas";
import { type Db, getDb } from "@/lib/db";
import { agenciaApps, agencias, consultas } from "@/lib/db/schema";
import { NotFound } from "@/lib/http/problem";
import type { Visible } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { type ConsultaRow, presentConsulta } from "./present-consulta";
import { visibleEnquiries, visibleTo } from "./visibility";

/** The enquiry when the app sees it (decisions §8). */
export async function findConsulta(db: Db, visible: Visible, sid: string): Promise<ConsultaRow | undefined> {
  const [row] = await db
    .select()
    .from(consultas)
    .where(and(eq(consultas.sid, sid), visibleTo(visible)));
  return row;
}

/**
 * GET /v3/consultas/{adminMail}/{sid}: 404 when the agency or the enquiry does not exist for the
 * app. Both are one answer, so one query finds the agency, its relation with the app and the
 * enquiry together.
 */
export async function getConsulta(
  app: AuthenticatedApp,
  adminMail: string,
  sid: string,
  form: "entry" | "ref",
): Promise<Consulta | ConsultaRef> {
  const db = await getDb();
  const [found] = await db
    .select({ consulta: consultas, adminMail: agencias.adminMail })
    .from(consultas)
    .innerJoin(agencias, eq(agencias.id, consultas.agenciaId))
    .innerJoin(agenciaApps, and(eq(agenciaApps.agenciaId, agencias.id), eq(agenciaApps.appId, app.id)))
    .where(
      and(
        eq(consultas.sid, sid),
        eq(agencias.adminMail, adminMail.toLowerCase()),
        eq(agenciaApps.estado, "registrada"),
        visibleEnquiries(agencias.id, app.id, eq(agenciaApps.compartirCatalogo, true)),
      ),
    );
  if (!found) throw new NotFound();
  return presentConsulta(found.consulta, found.adminMail, form);
}
