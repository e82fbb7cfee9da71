import { createWithUrlPolicy, listPublicacionesOp, publicacionPath } from "@/lib/api/publicaciones";
import { origenOf } from "@/lib/http/origen";
import { created, okKept } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { createPublicacion } from "@/lib/service/publicaciones/create-publicacion";
import { listPublicaciones } from "@/lib/service/publicaciones/list-publicaciones";
import { photoUrlPolicy } from "@/lib/service/webhooks/sendable-webhook";

export const { GET, HEAD, OPTIONS, POST } = route({
  GET: handle(listPublicacionesOp, async ({ app, params, query, self, form }) =>
    okKept(await listPublicaciones(app, params.adminMail, query, self, form)),
  ),
  POST: handle(createWithUrlPolicy(photoUrlPolicy), async ({ app, params, body, form, request }) => {
    const publicacion = await createPublicacion(app, params.adminMail, body, origenOf(request), form);
    return created(publicacion, publicacionPath(params.adminMail, body.ExternalId));
  }),
});
