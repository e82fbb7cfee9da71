import {
  createAppNotificacionOp,
  deleteAppNotificacionOp,
  getAppNotificacionOp,
  updateAppNotificacionOp,
  withCallbackPolicy,
} from "@/lib/api/webhooks";
import { created, noContent, ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { createAppNotificacion } from "@/lib/service/webhooks/create-app-notificacion";
import { deleteAppNotificacion } from "@/lib/service/webhooks/delete-app-notificacion";
import { getAppNotificacion } from "@/lib/service/webhooks/get-app-notificacion";
import { webhookPath } from "@/lib/service/webhooks/present-webhook";
import { callbackPolicy } from "@/lib/service/webhooks/sendable-webhook";
import { updateAppNotificacion } from "@/lib/service/webhooks/update-app-notificacion";

export const { GET, HEAD, OPTIONS, POST, PUT, DELETE } = route({
  GET: handle(getAppNotificacionOp, async ({ app, params }) => ok(await getAppNotificacion(app, params.topic))),
  POST: handle(withCallbackPolicy(createAppNotificacionOp, callbackPolicy), async ({ app, params, body }) => {
    const webhook = await createAppNotificacion(app, params.topic, body);
    return created(webhook, webhookPath(webhook.Topic));
  }),
  PUT: handle(withCallbackPolicy(updateAppNotificacionOp, callbackPolicy), async ({ app, params, body }) =>
    ok(await updateAppNotificacion(app, params.topic, body)),
  ),
  DELETE: handle(deleteAppNotificacionOp, async ({ app, params }) => {
    await deleteAppNotificacion(app, params.topic);
    return noContent();
  }),
});
