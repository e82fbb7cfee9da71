import { sendTestNotificationOp } from "@/lib/api/entregas";
import { accepted } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { entregaPath } from "@/lib/service/webhooks/present-entrega";
import { sendTestNotification } from "@/lib/service/webhooks/send-test-notification";

export const { POST, OPTIONS } = route({
  POST: handle(sendTestNotificationOp, async ({ app, params }) => {
    const payload = await sendTestNotification(app, params.topic);
    return accepted(entregaPath(payload.Topic, payload.Id), payload);
  }),
});
