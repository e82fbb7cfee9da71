import "server-only";
import { conflictProblem, forbiddenProblem } from "@/lib/api/problem";
import type { AppWebhook, AppWebhookUpsert } from "@/lib/api/webhooks";
import { encryptSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { webhookConfigs } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { isTopicAvailable } from "@/lib/service/apps/topics";
import { presentWebhook } from "./present-webhook";

/** 403 when the topic is unavailable to the app; 409 when it is already configured. */
export async function createAppNotificacion(app: AuthenticatedApp, topic: string, input: AppWebhookUpsert): Promise<AppWebhook> {
  if (!isTopicAvailable(app, topic)) {
    throw forbiddenProblem(`El tópico ${topic} no está disponible para la app.`);
  }
  const db = await getDb();
  const [row] = await db
    .insert(webhookConfigs)
    .values({
      id: newId(),
      appId: app.id,
      topic,
      callback: input.Callback,
      secretEnc: input.Secret ? encryptSecret(config().secretsKey, input.Secret) : null,
      description: input.Description,
      active: input.Activo,
      headerCustom01: input.HeaderCustom01,
      headerCustom02: input.HeaderCustom02,
      headerCustom03: input.HeaderCustom03,
    })
    .onConflictDoNothing({ target: [webhookConfigs.appId, webhookConfigs.topic] })
    .returning();
  if (!row) {
    throw conflictProblem(
      { _: [`El webhook del tópico ${topic} ya está configurado; para modificarlo se usa PUT.`] },
      "La configuración ya existe.",
    );
  }
  return presentWebhook(row);
}
