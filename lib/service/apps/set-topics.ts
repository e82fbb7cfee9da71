import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { apps, webhookConfigs } from "@/lib/db/schema";
import { UnknownAppError } from "./find-app";
import type { Topic } from "./topics";

/**
 * The operator's choice of the topics an app may use. A topic disabled also deactivates the app's
 * configuration of it, in the same transaction: a topic the app may not use sends it nothing, and
 * enabling it again leaves the configuration for the partner to reactivate (decision 0094).
 */
export async function setAppTopics(input: { appKey: string; enable: Topic[]; disable: Topic[] }): Promise<string[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [app] = await tx.select({ id: apps.id, topics: apps.topics }).from(apps).where(eq(apps.appKey, input.appKey)).for("update");
    if (!app) throw new UnknownAppError(input.appKey);
    const topics = new Set(app.topics);
    for (const topic of input.enable) topics.add(topic);
    for (const topic of input.disable) topics.delete(topic);
    const next = [...topics].sort();
    await tx.update(apps).set({ topics: next }).where(eq(apps.appKey, input.appKey));
    const disabled = input.disable.filter((topic) => !topics.has(topic));
    if (disabled.length > 0) {
      await tx
        .update(webhookConfigs)
        .set({ active: false, updatedAt: new Date() })
        .where(and(eq(webhookConfigs.appId, app.id), inArray(webhookConfigs.topic, disabled), eq(webhookConfigs.active, true)));
    }
    return next;
  });
}
