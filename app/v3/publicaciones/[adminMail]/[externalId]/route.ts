import { archivePublicacionOp, editWithUrlPolicy, getPublicacionOp } from "@/lib/api/publicaciones";
import { origenOf } from "@/lib/http/origen";
import { noContent, ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { archivePublicacion } from "@/lib/service/publicaciones/archive-publicacion";
import { editPublicacion } from "@/lib/service/publicaciones/edit-publicacion";
import { getPublicacion } from "@/lib/service/publicaciones/get-publicacion";
import { callbackPolicy } from "@/lib/service/webhooks/sendable-webhook";

export const { GET, HEAD, OPTIONS, PUT, DELETE } = route({
  GET: handle(getPublicacionOp, async ({ app, params, form }) => ok(await getPublicacion(app, params.adminMail, params.externalId, form))),
  PUT: handle(editWithUrlPolicy(callbackPolicy), async ({ app, params, body, form, request }) =>
    ok(await editPublicacion(app, params.adminMail, params.externalId, body, origenOf(request), form)),
  ),
  DELETE: handle(archivePublicacionOp, async ({ app, params, request }) => {
    await archivePublicacion(app, params.adminMail, params.externalId, origenOf(request));
    return noContent();
  }),
});
