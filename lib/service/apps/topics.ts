import { TOPICS } from "@/lib/api/limites";
import type { AuthenticatedApp } from "./find-app";

export { TOPICS };
export type Topic = (typeof TOPICS)[number];

export function isTopic(value: string): value is Topic {
  return (TOPICS as readonly string[]).includes(value);
}

/** A topic the app may use: one that exists and that the operator enabled for the app (docs/contract.md#webhooks). */
export function isTopicAvailable(app: Pick<AuthenticatedApp, "topics">, topic: string): boolean {
  return isTopic(topic) && app.topics.includes(topic);
}
