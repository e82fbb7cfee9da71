import { listCambiosPublicacionOp } from "@/lib/api/publicaciones";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { listCambiosPublicacion } from "@/lib/service/publicaciones/list-cambios-publicacion";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(listCambiosPublicacionOp, async ({ app, params, query }) =>
    ok(await listCambiosPublicacion(app, params.adminMail, params.externalId, query.pagina)),
  ),
});
