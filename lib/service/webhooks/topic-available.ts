import "server-only";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { isTopic } from "@/lib/service/apps/topics";

/** A topic the app may use: one that exists and that the operator enabled for the app (docs/contract.md#webhooks). */
export function isTopicAvailable(app: Pick<AuthenticatedApp, "topics">, topic: string): boolean {
  return isTopic(topic) && app.topics.includes(topic);
}
