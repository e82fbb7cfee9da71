import { detachAgenciaOp } from "@/lib/api/agencias";
import { noContent } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { detachAgencia } from "@/lib/service/agencias/detach-agencia";

export const { OPTIONS, PATCH } = route({
  PATCH: handle(detachAgenciaOp, async ({ app, params }) => {
    await detachAgencia(app, params.adminMail);
    return noContent();
  }),
});
