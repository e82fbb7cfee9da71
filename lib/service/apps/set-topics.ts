import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { apps } from "@/lib/db/schema";
import { UnknownAppError } from "./find-app";
import type { Topic } from "./topics";

export async function setAppTopics(input: { appKey: string; enable: Topic[]; disable: Topic[] }): Promise<string[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [app] = await tx.select({ topics: apps.topics }).from(apps).where(eq(apps.appKey, input.appKey)).for("update");
    if (!app) throw new UnknownAppError(input.appKey);
    const topics = new Set(app.topics);
    for (const topic of input.enable) topics.add(topic);
    for (const topic of input.disable) topics.delete(topic);
    const next = [...topics].sort();
    await tx.update(apps).set({ topics: next }).where(eq(apps.appKey, input.appKey));
    return next;
  });
}
