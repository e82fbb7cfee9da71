import { getConsultasResumenOp } from "@/lib/api/consultas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { summarizeConsultas } from "@/lib/service/consultas/summarize-consultas";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getConsultasResumenOp, async ({ app, params, query }) => ok(await summarizeConsultas(app, params.adminMail, query))),
});
