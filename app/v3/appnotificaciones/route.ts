import { listAppNotificacionesOp } from "@/lib/api/webhooks";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { listAppNotificaciones } from "@/lib/service/webhooks/list-app-notificaciones";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(listAppNotificacionesOp, async ({ app }) => ok(await listAppNotificaciones(app))),
});
