import { resendConsultaWebhookOp } from "@/lib/api/consultas";
import { accepted } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { resendConsulta } from "@/lib/service/consultas/resend-consulta";

export const { POST, OPTIONS } = route({
  POST: handle(resendConsultaWebhookOp, async ({ app, params }) => {
    const { payload, callback } = await resendConsulta(app, params.adminMail, params.sid);
    return accepted(callback, payload);
  }),
});
