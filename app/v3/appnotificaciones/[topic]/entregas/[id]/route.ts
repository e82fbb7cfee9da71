import { getEntregaOp } from "@/lib/api/entregas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { getEntrega } from "@/lib/service/webhooks/get-entrega";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getEntregaOp, async ({ app, params }) => ok(await getEntrega(app, params.topic, params.id))),
});
