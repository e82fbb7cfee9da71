import { getAgenciaProductosOp } from "@/lib/api/agencias";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { getAgenciaProductos } from "@/lib/service/agencias/get-agencia-productos";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getAgenciaProductosOp, async ({ app, params }) => ok(await getAgenciaProductos(app, params.adminMail))),
});
