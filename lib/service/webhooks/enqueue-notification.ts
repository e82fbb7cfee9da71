import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { notificaciones, webhookConfigs } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { Topic } from "@/lib/service/apps/topics";

export type NotificationPayload<I extends NotificationInput = NotificationInput> = {
  Id: string;
  Topic: I["topic"];
  Evento: I["evento"];
  Momento: string;
  Reenvio: boolean;
  Datos: I["datos"];
};

const BATCH = 5_000;

export type NotificationInput = { topic: Topic; evento: string; datos: unknown; momento: string; reenvio?: boolean };

/**
 * Queues one notification of the event for each app, inside the caller's transaction (the outbox of
 * docs/contract.md#delivery), in one statement. The caller has checked that each app's configuration is active.
 */
export async function insertNotifications<I extends NotificationInput>(
  tx: Db,
  appIds: string[],
  input: I,
): Promise<NotificationPayload<I>[]> {
  return insertEachNotification(
    tx,
    appIds.map((appId) => ({ appId, input })),
  );
}

/** The rows of notifications of different events (or apps), each payload with its own Id; insertEachNotification inserts them. */
export function notificationRows<I extends NotificationInput>(events: { appId: string; input: I }[]) {
  return events.map(({ appId, input }) => {
    const payload: NotificationPayload<I> = {
      Id: newId(),
      Topic: input.topic,
      Evento: input.evento,
      Momento: input.momento,
      Reenvio: input.reenvio ?? false,
      Datos: input.datos,
    };
    return { id: payload.Id, appId, topic: input.topic, payload };
  });
}

export type NotificationRow = ReturnType<typeof notificationRows>[number];

/** Queues notifications of different events (or apps) together, in one statement; see insertNotifications. */
export async function insertEachNotification<I extends NotificationInput>(
  tx: Db,
  events: { appId: string; input: I }[],
): Promise<NotificationPayload<I>[]> {
  const rows = notificationRows(events);
  // A statement takes at most 65,535 parameters: a detachment may notify thousands of listings.
  for (let start = 0; start < rows.length; start += BATCH) {
    await tx.insert(notificaciones).values(rows.slice(start, start + BATCH));
  }
  return rows.map(({ payload }) => payload);
}

/**
 * Queues a webhook notification inside the caller's transaction when the app has an active
 * configuration for the topic. Returns the payload, or undefined when the app is not subscribed.
 */
export async function enqueueNotification<const I extends NotificationInput>(
  tx: Db,
  input: I & { appId: string },
): Promise<NotificationPayload<I> | undefined> {
  const [config] = await tx
    .select({ active: webhookConfigs.active })
    .from(webhookConfigs)
    .where(and(eq(webhookConfigs.appId, input.appId), eq(webhookConfigs.topic, input.topic)));
  if (!config?.active) return undefined;
  const [payload] = await insertNotifications(tx, [input.appId], input);
  return payload;
}

/** The body of a notification in the documented member order (jsonb does not keep it). */
export function notificationBody(payload: Record<string, unknown>): string {
  const { Id, Topic, Evento, Momento, Reenvio, Datos, ...rest } = payload;
  return JSON.stringify({ Id, Topic, Evento, Momento, Reenvio, Datos, ...rest });
}
