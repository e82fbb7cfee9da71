import "server-only";
import { and, eq } from "drizzle-orm";
import type { Entrega } from "@/lib/api/entregas";
import { NotFound } from "@/lib/api/problem";
import { inSnapshot } from "@/lib/db";
import { notificaciones } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { configuredWebhook } from "./configured-webhook";
import { presentEntregas } from "./present-entrega";

/** One notification of the app's topic with its attempts; 404 when it or the configuration is missing. */
export async function getEntrega(app: AuthenticatedApp, topic: string, id: string): Promise<Entrega> {
  await configuredWebhook(app, topic);
  // One snapshot: a worker committing an attempt between the two reads would show it next to the
  // notification's state from before it.
  const [entrega] = await inSnapshot(async (db) => {
    const rows = await db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.id, id), eq(notificaciones.appId, app.id), eq(notificaciones.topic, topic)));
    return presentEntregas(db, rows);
  });
  if (!entrega) throw new NotFound();
  return entrega;
}
