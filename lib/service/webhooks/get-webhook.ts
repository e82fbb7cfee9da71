import "server-only";
import { and, eq } from "drizzle-orm";
import type { AppWebhook } from "@/lib/api/webhooks";
import { getDb } from "@/lib/db";
import { webhookConfigs } from "@/lib/db/schema";
import { NotFound } from "@/lib/http/problem";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { presentWebhook } from "./present-webhook";
import { isTopicAvailable } from "./topic-available";

/** 404 when the topic is unavailable to the app or was never configured. */
export async function getWebhook(app: AuthenticatedApp, topic: string): Promise<AppWebhook> {
  if (!isTopicAvailable(app, topic)) throw new NotFound();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookConfigs)
    .where(and(eq(webhookConfigs.appId, app.id), eq(webhookConfigs.topic, topic)));
  if (!row) throw new NotFound();
  return presentWebhook(row);
}
