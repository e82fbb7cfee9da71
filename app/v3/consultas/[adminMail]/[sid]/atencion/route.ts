import { putConsultaAtencionOp } from "@/lib/api/consultas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { attendConsulta } from "@/lib/service/consultas/attend-consulta";

export const { PUT, OPTIONS } = route({
  PUT: handle(putConsultaAtencionOp, async ({ app, params, body }) => ok(await attendConsulta(app, params.adminMail, params.sid, body))),
});
