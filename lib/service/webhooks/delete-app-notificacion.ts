import "server-only";
import { and, eq } from "drizzle-orm";
import { NotFound } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { webhookConfigs } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { isTopicAvailable } from "@/lib/service/apps/topics";

/** 404 when the topic is unavailable to the app or was never configured. */
export async function deleteAppNotificacion(app: AuthenticatedApp, topic: string): Promise<void> {
  if (!isTopicAvailable(app, topic)) throw new NotFound();
  const db = await getDb();
  const deleted = await db
    .delete(webhookConfigs)
    .where(and(eq(webhookConfigs.appId, app.id), eq(webhookConfigs.topic, topic)))
    .returning({ id: webhookConfigs.id });
  if (deleted.length === 0) throw new NotFound();
}
