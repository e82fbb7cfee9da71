import { exportarConsultasOp } from "@/lib/api/consultas";
import { okLines } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { exportarConsultas } from "@/lib/service/consultas/exportar-consultas";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(exportarConsultasOp, async ({ app, params, query }) => okLines(await exportarConsultas(app, params.adminMail, query))),
});
