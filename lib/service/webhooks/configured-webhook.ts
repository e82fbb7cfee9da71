import "server-only";
import { and, eq } from "drizzle-orm";
import { NotFound } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { webhookConfigs } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { isTopicAvailable } from "@/lib/service/apps/topics";
import type { WebhookRow } from "./present-webhook";

/** The app's configuration of the topic; 404 when the topic is unavailable or never configured. */
export async function configuredWebhook(app: AuthenticatedApp, topic: string): Promise<WebhookRow> {
  if (!isTopicAvailable(app, topic)) throw new NotFound();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookConfigs)
    .where(and(eq(webhookConfigs.appId, app.id), eq(webhookConfigs.topic, topic)));
  if (!row) throw new NotFound();
  return row;
}
