import "server-only";
import type { CallbackPolicy } from "@/lib/api/webhooks";
import { config } from "@/lib/env";

/** The operator's settings for Callbacks, which the contract's upsert schema applies (lib/api/webhooks.ts). */
export function callbackPolicy(): CallbackPolicy {
  const { webhookAllowHttp, webhookAllowPrivateNetworks } = config();
  return { allowHttp: webhookAllowHttp, allowPrivateNetworks: webhookAllowPrivateNetworks };
}
