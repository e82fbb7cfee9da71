import "server-only";
import { and, eq } from "drizzle-orm";
import { NotFound } from "@/lib/api/problem";
import type { AppWebhook, AppWebhookUpsert } from "@/lib/api/webhooks";
import { encryptSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { webhookConfigs } from "@/lib/db/schema";
import { config } from "@/lib/env";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { isTopicAvailable } from "@/lib/service/apps/topics";
import { presentWebhook } from "./present-webhook";

/** The new sealed secret; undefined keeps the current one (Secret null or absent), "" removes it. */
function sealedSecret(secret: string | null | undefined): string | null | undefined {
  if (secret === undefined || secret === null) return undefined;
  if (secret === "") return null;
  return encryptSecret(config().secretsKey, secret);
}

/** Replaces every field but a kept Secret; 404 when the topic is unavailable or never configured. */
export async function updateAppNotificacion(app: AuthenticatedApp, topic: string, input: AppWebhookUpsert): Promise<AppWebhook> {
  if (!isTopicAvailable(app, topic)) throw new NotFound();
  const db = await getDb();
  const secretEnc = sealedSecret(input.Secret);
  const [row] = await db
    .update(webhookConfigs)
    .set({
      callback: input.Callback,
      ...(secretEnc !== undefined && { secretEnc }),
      description: input.Description,
      active: input.Activo,
      headerCustom01: input.HeaderCustom01,
      headerCustom02: input.HeaderCustom02,
      headerCustom03: input.HeaderCustom03,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookConfigs.appId, app.id), eq(webhookConfigs.topic, topic)))
    .returning();
  if (!row) throw new NotFound();
  return presentWebhook(row);
}
