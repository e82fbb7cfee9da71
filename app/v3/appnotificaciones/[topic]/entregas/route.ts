import { listEntregasOp } from "@/lib/api/entregas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { listEntregas } from "@/lib/service/webhooks/list-entregas";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(listEntregasOp, async ({ app, params, query }) => ok(await listEntregas(app, params.topic, query))),
});
