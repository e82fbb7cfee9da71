import { getConsultaOp } from "@/lib/api/consultas";
import { okKept } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { getConsulta } from "@/lib/service/consultas/get-consulta";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getConsultaOp, async ({ app, params, form }) => okKept(await getConsulta(app, params.adminMail, params.sid, form))),
});
