import { listWebhooksOp } from "@/lib/api/webhooks";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { listWebhooks } from "@/lib/service/webhooks/list-webhooks";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(listWebhooksOp, async ({ app }) => ok(await listWebhooks(app))),
});
