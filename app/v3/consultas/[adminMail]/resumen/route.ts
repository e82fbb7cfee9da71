import { getConsultasResumenOp } from "@/lib/api/consultas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { getConsultasResumen } from "@/lib/service/consultas/get-consultas-resumen";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getConsultasResumenOp, async ({ app, params, query }) => ok(await getConsultasResumen(app, params.adminMail, query))),
});
