import { putConsultaAtencionOp } from "@/lib/api/consultas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { putConsultaAtencion } from "@/lib/service/consultas/put-consulta-atencion";

export const { PUT, OPTIONS } = route({
  PUT: handle(putConsultaAtencionOp, async ({ app, params, body }) =>
    ok(await putConsultaAtencion(app, params.adminMail, params.sid, body)),
  ),
});
