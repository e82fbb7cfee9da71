import "server-only";
import { eq } from "drizzle-orm";
import type { AppWebhooks } from "@/lib/api/webhooks";
import { getDb } from "@/lib/db";
import { webhookConfigs } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { isTopicAvailable, TOPICS } from "@/lib/service/apps/topics";
import { webhookPath } from "./present-webhook";

/** Known topics in their documented order, then any other alphabetically. */
function rank(topic: string): number {
  const index = (TOPICS as readonly string[]).indexOf(topic);
  return index === -1 ? TOPICS.length : index;
}

/** Every topic the app may use, plus any it configured (a topic may have been disabled since). */
export async function listAppNotificaciones(app: AuthenticatedApp): Promise<AppWebhooks> {
  const db = await getDb();
  const rows = await db
    .select({ topic: webhookConfigs.topic, active: webhookConfigs.active })
    .from(webhookConfigs)
    .where(eq(webhookConfigs.appId, app.id));
  const configured = new Map(rows.map((row) => [row.topic, row.active]));
  const topics = [...new Set([...app.topics, ...configured.keys()])].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return {
    _links: { self: { href: "/v3/appnotificaciones" } },
    _entries: topics.map((topic) => ({
      Topic: topic,
      Disponible: isTopicAvailable(app, topic),
      Configurado: configured.has(topic),
      Activo: configured.get(topic) ?? null,
      _links: { self: { href: webhookPath(topic) } },
    })),
  };
}
