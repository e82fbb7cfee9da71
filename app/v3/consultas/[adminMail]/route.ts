import { listConsultasOp } from "@/lib/api/consultas";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { listConsultas } from "@/lib/service/consultas/list-consultas";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(listConsultasOp, async ({ app, params, query, form }) => ok(await listConsultas(app, params.adminMail, query, form))),
});
