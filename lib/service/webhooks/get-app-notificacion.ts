import "server-only";
import type { AppWebhook } from "@/lib/api/webhooks";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { configuredWebhook } from "./configured-webhook";
import { presentWebhook } from "./present-webhook";

/** 404 when the topic is unavailable to the app or was never configured. */
export async function getAppNotificacion(app: AuthenticatedApp, topic: string): Promise<AppWebhook> {
  return presentWebhook(await configuredWebhook(app, topic));
}
