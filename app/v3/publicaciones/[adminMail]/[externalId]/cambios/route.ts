import { listCambiosPublicacionOp } from "@/lib/api/publicaciones";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { listCambios } from "@/lib/service/publicaciones/list-cambios";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(listCambiosPublicacionOp, async ({ app, params, query }) =>
    ok(await listCambios(app, params.adminMail, params.externalId, query.pagina)),
  ),
});
