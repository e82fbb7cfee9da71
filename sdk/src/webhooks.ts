import { Webhook } from "standardwebhooks";
import type { components } from "./openapi.ts";
import { hmacSha256, toBase64 } from "./signing.ts";

export type Notificacion = components["schemas"]["Notificacion"];

/** Seconds a delivery's timestamp may be away from now: Standard Webhooks' fixed tolerance. */
export const TOLERANCIA_SEGUNDOS = 300;

export class WebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookError";
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function headerReader(headers: HeaderSource): (name: string) => string {
  if (headers instanceof Headers) return (name) => headers.get(name) ?? "";
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value[0] : value]));
  return (name) => lower.get(name.toLowerCase()) ?? "";
}

function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let i = 0; i < left.length; i++) difference |= (left[i] ?? 0) ^ (right[i % right.length] ?? 0);
  return difference === 0;
}

/**
 * Verifies a delivery as Vitrina signs it (docs/contract.md#delivery) and returns its payload, typed by Evento:
 * the Standard Webhooks `webhook-signature` (over the body, with the timestamp tolerance) and
 * `Notification-Signature` (over Hook-ID, Timestamp and Topic) must both be right, and the two
 * families of headers and the body must name the same notification. `body` is the raw text as
 * received (parse nothing before verifying). Throws a WebhookError saying what failed.
 */
export async function verifyWebhook(input: { secret: string; headers: HeaderSource; body: string }): Promise<Notificacion> {
  const header = headerReader(input.headers);
  let payload: Notificacion;
  try {
    const webhook = new Webhook(new TextEncoder().encode(input.secret), { format: "raw" });
    payload = webhook.verify(input.body, {
      "webhook-id": header("webhook-id"),
      "webhook-timestamp": header("webhook-timestamp"),
      "webhook-signature": header("webhook-signature"),
    }) as Notificacion;
  } catch (error) {
    throw new WebhookError(`webhook-signature no verifica: ${(error as Error).message}`);
  }
  const id = header("Notification-Hook-ID");
  const timestamp = header("Notification-Timestamp");
  const topic = header("Notification-Topic");
  if (id !== header("webhook-id") || id !== payload.Id) throw new WebhookError("Notification-Hook-ID, webhook-id e Id no coinciden.");
  if (timestamp !== header("webhook-timestamp")) throw new WebhookError("Notification-Timestamp y webhook-timestamp no coinciden.");
  if (topic !== payload.Topic) throw new WebhookError("Notification-Topic no es el Topic del cuerpo.");
  const expected = toBase64(await hmacSha256(input.secret, `${id}.${timestamp}.${topic}`));
  if (!sameText(expected, header("Notification-Signature"))) throw new WebhookError("Notification-Signature no verifica.");
  return payload;
}
