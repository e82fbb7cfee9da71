import "server-only";
import { segment } from "@/lib/api/links";
import type { AppWebhook } from "@/lib/api/webhooks";
import type { webhookConfigs } from "@/lib/db/schema";

export type WebhookRow = typeof webhookConfigs.$inferSelect;

export function webhookPath(topic: string): string {
  return `/v3/appnotificaciones/${segment(topic)}`;
}

/** A configuration as AppWebhook; the Secret is never returned, only whether there is one (Firmado). */
export function presentWebhook(row: WebhookRow): AppWebhook {
  return {
    Topic: row.topic,
    Callback: row.callback,
    Secret: null,
    Firmado: row.secretEnc !== null,
    Description: row.description,
    Activo: row.active,
    HeaderCustom01: row.headerCustom01,
    HeaderCustom02: row.headerCustom02,
    HeaderCustom03: row.headerCustom03,
    _links: { self: { href: webhookPath(row.topic) } },
  };
}
