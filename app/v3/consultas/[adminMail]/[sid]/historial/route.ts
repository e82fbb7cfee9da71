import { getConsultaHistorialOp } from "@/lib/api/historial";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { getConsultaHistorial } from "@/lib/service/consultas/get-consulta-historial";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getConsultaHistorialOp, async ({ app, params }) => ok(await getConsultaHistorial(app, params.adminMail, params.sid))),
});
