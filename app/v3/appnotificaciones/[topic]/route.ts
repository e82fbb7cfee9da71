import { createWebhookOp, deleteWebhookOp, getWebhookOp, updateWebhookOp, withCallbackPolicy } from "@/lib/api/webhooks";
import { created, noContent, ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { createWebhook } from "@/lib/service/webhooks/create-webhook";
import { deleteWebhook } from "@/lib/service/webhooks/delete-webhook";
import { getWebhook } from "@/lib/service/webhooks/get-webhook";
import { webhookPath } from "@/lib/service/webhooks/present-webhook";
import { callbackPolicy } from "@/lib/service/webhooks/sendable-webhook";
import { updateWebhook } from "@/lib/service/webhooks/update-webhook";

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE } = route({
  GET: handle(getWebhookOp, async ({ app, params }) => ok(await getWebhook(app, params.topic))),
  POST: handle(withCallbackPolicy(createWebhookOp, callbackPolicy), async ({ app, params, body }) => {
    const webhook = await createWebhook(app, params.topic, body);
    return created(webhook, webhookPath(webhook.Topic));
  }),
  PUT: handle(withCallbackPolicy(updateWebhookOp, callbackPolicy), async ({ app, params, body }) =>
    ok(await updateWebhook(app, params.topic, body)),
  ),
  DELETE: handle(deleteWebhookOp, async ({ app, params }) => {
    await deleteWebhook(app, params.topic);
    return noContent();
  }),
});
