import "server-only";
import type { Agencia, AgenciaRef, EstadoAgencia } from "@/lib/api/agencias";
import { NotFound } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { presentVisible } from "./present-agencia";
import { findVisible, mayEdit } from "./relation";

/** GET /v3/agencias/{adminMail}: pending, expired or registered agencies of the app; 404 otherwise. */
export async function getAgencia(app: AuthenticatedApp, adminMail: string, form: "entry" | "ref"): Promise<Agencia | AgenciaRef> {
  const db = await getDb();
  const visible = await findVisible(db, app.id, adminMail);
  if (!visible) throw new NotFound();
  return presentVisible(db, visible, form);
}

/** What OPTIONS reports: the methods the app may use on the agency now, and its state. */
export async function optionsAgencia(app: AuthenticatedApp, adminMail: string): Promise<{ allow: string; estado: EstadoAgencia }> {
  const visible = await findVisible(await getDb(), app.id, adminMail);
  if (!visible) throw new NotFound();
  const methods = mayEdit(app.id, visible) ? ["GET", "HEAD", "PUT", "OPTIONS"] : ["GET", "HEAD", "OPTIONS"];
  return { allow: methods.join(", "), estado: visible.estado };
}
