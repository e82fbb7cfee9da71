import "server-only";
import { and, eq } from "drizzle-orm";
import { decryptSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db";
import { apps, type WebhookHeader, webhookConfigs } from "@/lib/db/schema";
import { config } from "@/lib/env";

/** Where and how one app's notifications of one topic are delivered. */
export type DeliveryTarget = {
  configId: string;
  appName: string;
  contactEmail: string | null;
  topic: string;
  callback: string;
  secret: string | null;
  active: boolean;
  headers: (WebhookHeader | null)[];
};

export async function loadDeliveryTarget(appId: string, topic: string): Promise<DeliveryTarget | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ config: webhookConfigs, appName: apps.name, contactEmail: apps.contactEmail })
    .from(webhookConfigs)
    .innerJoin(apps, eq(apps.id, webhookConfigs.appId))
    .where(and(eq(webhookConfigs.appId, appId), eq(webhookConfigs.topic, topic)));
  if (!row) return undefined;
  const { config: hook } = row;
  return {
    configId: hook.id,
    appName: row.appName,
    contactEmail: row.contactEmail,
    topic: hook.topic,
    callback: hook.callback,
    secret: hook.secretEnc ? decryptSecret(config().secretsKey, hook.secretEnc) : null,
    active: hook.active,
    headers: [hook.headerCustom01, hook.headerCustom02, hook.headerCustom03],
  };
}
