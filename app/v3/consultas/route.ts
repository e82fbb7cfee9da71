import { searchConsultasOp } from "@/lib/api/consultas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { searchConsultas } from "@/lib/service/consultas/search-consultas";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(searchConsultasOp, async ({ app, query, form }) => ok(await searchConsultas(app, query, form))),
});
