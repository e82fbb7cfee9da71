import "server-only";
import { validationProblem } from "@/lib/api/problem";
import { type CallbackPolicy, unsendableReasons } from "@/lib/api/webhooks";
import { config } from "@/lib/env";
import type { WebhookRow } from "./present-webhook";

type Stored = Pick<WebhookRow, "topic" | "callback" | "headerCustom01" | "headerCustom02" | "headerCustom03">;

/**
 * A request that asks to send (resendwebhook, prueba, reintentar) answers 400 with the reasons
 * when the stored configuration cannot be sent as it is (saved before the rule existed), instead of
 * queueing what can only fail, or a 500. Automatic deliveries still try and fail as attempts: a PUT
 * that fixes the configuration lets their retries through (decisions 0025).
 */
export function assertSendable(stored: Stored): void {
  const reasons = unsendableReasons({
    Callback: stored.callback,
    HeaderCustom01: stored.headerCustom01,
    HeaderCustom02: stored.headerCustom02,
    HeaderCustom03: stored.headerCustom03,
  });
  if (reasons.length === 0) return;
  throw validationProblem({
    _: [
      `La configuración del tópico ${stored.topic} no puede enviarse como está guardada: corregila con PUT /v3/appnotificaciones/${stored.topic}.`,
      ...reasons,
    ],
  });
}

/** The operator's settings for Callbacks, which the contract's upsert schema applies (lib/api/webhooks.ts). */
export function callbackPolicy(): CallbackPolicy {
  const { webhookAllowHttp, webhookAllowPrivateNetworks } = config();
  return { allowHttp: webhookAllowHttp, allowPrivateNetworks: webhookAllowPrivateNetworks };
}
