import { exportarConsultasOp } from "@/lib/api/consultas";
import { okLines } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { exportConsultas } from "@/lib/service/consultas/export-consultas";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(exportarConsultasOp, async ({ app, params, query }) => okLines(await exportConsultas(app, params.adminMail, query))),
});
