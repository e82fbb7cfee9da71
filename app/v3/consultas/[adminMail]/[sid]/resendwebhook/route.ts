import { resendConsultaWebhookOp } from "@/lib/api/consultas";
import { accepted } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { resendConsultaWebhook } from "@/lib/service/consultas/resend-consulta-webhook";

export const { POST, OPTIONS } = route({
  POST: handle(resendConsultaWebhookOp, async ({ app, params }) => {
    const { payload, callback } = await resendConsultaWebhook(app, params.adminMail, params.sid);
    return accepted(callback, payload);
  }),
});
