import "server-only";
import type { SuscripcionAlertas } from "@/lib/api/alertas";
import { NotFound } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { findSuscripcion, presentSuscripcion } from "./suscripcion";

/** GET /v3/alertas/{suscriptor}: 404 when the app has no subscription of that name. */
export async function getSuscripcionAlertas(app: AuthenticatedApp, suscriptor: string): Promise<SuscripcionAlertas> {
  const db = await getDb();
  const row = await findSuscripcion(db, app.id, suscriptor);
  if (!row) throw new NotFound();
  return presentSuscripcion(db, row);
}
