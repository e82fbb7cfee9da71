import { getProductosOp } from "@/lib/api/agencias";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { getProductos } from "@/lib/service/agencias/get-productos";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getProductosOp, async ({ app, params }) => ok(await getProductos(app, params.adminMail))),
});
