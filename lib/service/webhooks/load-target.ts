import "server-only";
import { and, eq, or } from "drizzle-orm";
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

type TargetKey = { appId: string; topic: string };

/** How loadDeliveryTargets names the target of an app and topic. */
export const targetKey = ({ appId, topic }: TargetKey): string => `${appId}\u0000${topic}`;

/**
 * The configurations of several apps and topics in one query, each Secret decrypted once: a claimed
 * batch's notifications share a few (decision 0131). One missing from the map is gone.
 */
export async function loadDeliveryTargets(keys: TargetKey[]): Promise<Map<string, DeliveryTarget>> {
  const unique = new Map(keys.map((key) => [targetKey(key), key]));
  const targets = new Map<string, DeliveryTarget>();
  if (unique.size === 0) return targets;
  const db = await getDb();
  const rows = await db
    .select({ config: webhookConfigs, appName: apps.name, contactEmail: apps.contactEmail })
    .from(webhookConfigs)
    .innerJoin(apps, eq(apps.id, webhookConfigs.appId))
    .where(or(...[...unique.values()].map((key) => and(eq(webhookConfigs.appId, key.appId), eq(webhookConfigs.topic, key.topic)))));
  for (const { config: hook, appName, contactEmail } of rows) {
    targets.set(targetKey(hook), {
      configId: hook.id,
      appName,
      contactEmail,
      topic: hook.topic,
      callback: hook.callback,
      secret: hook.secretEnc ? decryptSecret(config().secretsKey, hook.secretEnc) : null,
      active: hook.active,
      headers: [hook.headerCustom01, hook.headerCustom02, hook.headerCustom03],
    });
  }
  return targets;
}

export async function loadDeliveryTarget(appId: string, topic: string): Promise<DeliveryTarget | undefined> {
  return (await loadDeliveryTargets([{ appId, topic }])).get(targetKey({ appId, topic }));
}
