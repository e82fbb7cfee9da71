import { createHmac } from "node:crypto";
import type { WebhookHeader } from "@/lib/db/schema";

export const WEBHOOK_USER_AGENT = "VitrinaWebhooks/3";

/** base64(HMAC-SHA256(UTF-8 secret, message)). */
function hmac(secret: string, message: string): string {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(message, "utf8").digest("base64");
}

/** Notification-Signature of docs/contract.md#delivery: signs `{Hook-ID}.{Timestamp}.{Topic}`. */
export function notificationSignature(secret: string, id: string, timestamp: number, topic: string): string {
  return hmac(secret, `${id}.${timestamp}.${topic}`);
}

/** Standard Webhooks webhook-signature: `v1,` + signature of `{id}.{timestamp}.{body}`. */
export function standardWebhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${hmac(secret, `${id}.${timestamp}.${body}`)}`;
}

/**
 * Every header of one delivery attempt: the custom ones first, so the reserved ones (which the
 * configuration cannot name anyway) always win.
 */
export function notificationHeaders(input: {
  id: string;
  topic: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  body: string;
  secret: string | null;
  custom: (WebhookHeader | null)[];
}): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const header of input.custom) if (header) headers[header.Name] = header.Value;
  Object.assign(headers, {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    "Notification-Hook-ID": input.id,
    "Notification-Timestamp": String(input.timestamp),
    "Notification-Topic": input.topic,
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestamp),
  });
  if (input.secret) {
    headers["Notification-Signature"] = notificationSignature(input.secret, input.id, input.timestamp, input.topic);
    headers["webhook-signature"] = standardWebhookSignature(input.secret, input.id, input.timestamp, input.body);
  }
  return headers;
}
