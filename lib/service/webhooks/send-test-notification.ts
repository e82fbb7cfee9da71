import "server-only";
import { validationProblem } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import type { Topic } from "@/lib/service/apps/topics";
import { formatDateTime } from "@/lib/time";
import { configuredWebhook } from "./configured-webhook";
import { enqueueNotification } from "./enqueue-notification";
import { assertSendable } from "./sendable-webhook";

/**
 * Queues a sample notification (Evento "prueba") for the topic's configuration; it is delivered,
 * signed, retried and logged like any other. 400 when the configuration is not active, or cannot
 * be sent as it is stored.
 */
export async function sendTestNotification(app: AuthenticatedApp, topic: string) {
  assertSendable(await configuredWebhook(app, topic));
  const now = new Date();
  const payload = await enqueueNotification(await getDb(), {
    appId: app.id,
    topic: topic as Topic,
    evento: "prueba",
    momento: formatDateTime(now, config().timeZone),
    datos: {
      Prueba: true,
      Mensaje: `Notificación de prueba del tópico ${topic} enviada por Vitrina a pedido de la app ${app.name}.`,
    },
  });
  if (!payload) {
    throw validationProblem({ _: [`La configuración del tópico ${topic} no está activa: activala con PUT para recibir notificaciones.`] });
  }
  return payload;
}
