import "server-only";
import { and, eq } from "drizzle-orm";
import { NotFound } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { alertasSuscripciones } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";

/** DELETE /v3/alertas/{suscriptor}: its agencies and unsent alerts go with it (cascade); 404 when there is none. */
export async function deleteSuscripcionAlertas(app: AuthenticatedApp, suscriptor: string): Promise<void> {
  const db = await getDb();
  const deleted = await db
    .delete(alertasSuscripciones)
    .where(and(eq(alertasSuscripciones.appId, app.id), eq(alertasSuscripciones.suscriptor, suscriptor)))
    .returning({ id: alertasSuscripciones.id });
  if (deleted.length === 0) throw new NotFound();
}
