import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notificaciones, webhookConfigs } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { Topic } from "@/lib/service/apps/topics";

export type NotificationPayload = {
  Id: string;
  Topic: Topic;
  Evento: string;
  Momento: string;
  Reenvio: boolean;
  Datos: unknown;
};

/**
 * Queues a webhook notification inside the caller's transaction (the outbox of decisions §9), when
 * the app has an active configuration for the topic. Returns the payload, or undefined when the app
 * is not subscribed.
 */
export async function enqueueNotification(
  tx: Db,
  input: { appId: string; topic: Topic; evento: string; datos: unknown; momento: string; reenvio?: boolean },
): Promise<NotificationPayload | undefined> {
  const [config] = await tx
    .select({ active: webhookConfigs.active })
    .from(webhookConfigs)
    .where(and(eq(webhookConfigs.appId, input.appId), eq(webhookConfigs.topic, input.topic)));
  if (!config?.active) return undefined;
  const id = newId();
  const payload: NotificationPayload = {
    Id: id,
    Topic: input.topic,
    Evento: input.evento,
    Momento: input.momento,
    Reenvio: input.reenvio ?? false,
    Datos: input.datos,
  };
  await tx.insert(notificaciones).values({ id, appId: input.appId, topic: input.topic, payload });
  return payload;
}
