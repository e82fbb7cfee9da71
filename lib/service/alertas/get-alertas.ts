import "server-only";
import type { Alertas } from "@/lib/api/alertas";
import { links } from "@/lib/api/links";
import { vapidKeys } from "@/lib/crypto/vapid";
import { config } from "@/lib/env";

/** GET /v3/alertas: the public VAPID key browsers subscribe with. */
export function getAlertas(): Alertas {
  return { ClavePush: vapidKeys(config().secretsKey).publicKey, _links: links({ self: "/v3/alertas" }) };
}
