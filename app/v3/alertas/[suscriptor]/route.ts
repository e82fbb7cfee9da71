import { deleteSuscripcionAlertasOp, getSuscripcionAlertasOp, putSuscripcionAlertasOp, withPushPolicy } from "@/lib/api/alertas";
import { noContent, ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { deleteSuscripcionAlertas } from "@/lib/service/alertas/delete-suscripcion-alertas";
import { getSuscripcionAlertas } from "@/lib/service/alertas/get-suscripcion-alertas";
import { putSuscripcionAlertas } from "@/lib/service/alertas/put-suscripcion-alertas";
import { callbackPolicy } from "@/lib/service/webhooks/sendable-webhook";

export const { GET, HEAD, OPTIONS, PUT, DELETE } = route({
  GET: handle(getSuscripcionAlertasOp, async ({ app, params }) => ok(await getSuscripcionAlertas(app, params.suscriptor))),
  PUT: handle(withPushPolicy(putSuscripcionAlertasOp, callbackPolicy), async ({ app, params, body }) =>
    ok(await putSuscripcionAlertas(app, params.suscriptor, body)),
  ),
  DELETE: handle(deleteSuscripcionAlertasOp, async ({ app, params }) => {
    await deleteSuscripcionAlertas(app, params.suscriptor);
    return noContent();
  }),
});
