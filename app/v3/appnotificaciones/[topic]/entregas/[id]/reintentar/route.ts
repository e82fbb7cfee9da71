import { retryEntregaOp } from "@/lib/api/entregas";
import { accepted } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { retryEntrega } from "@/lib/service/webhooks/retry-entrega";

export const { POST, OPTIONS } = route({
  POST: handle(retryEntregaOp, async ({ app, params }) => {
    const entrega = await retryEntrega(app, params.topic, params.id);
    return accepted(entrega._links.self?.href ?? "", entrega);
  }),
});
