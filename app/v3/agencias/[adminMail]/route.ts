import { editAgenciaOp, getAgenciaOp, optionsAgenciaOp } from "@/lib/api/agencias";
import { noContent, ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { editAgencia } from "@/lib/service/agencias/edit-agencia";
import { getAgencia, optionsAgencia } from "@/lib/service/agencias/get-agencia";

export const { GET, HEAD, OPTIONS, PUT } = route({
  GET: handle(getAgenciaOp, async ({ app, params, form }) => ok(await getAgencia(app, params.adminMail, form))),
  PUT: handle(editAgenciaOp, async ({ app, params, body, form }) => ok(await editAgencia(app, params.adminMail, body, form))),
  OPTIONS: handle(optionsAgenciaOp, async ({ app, params }) => {
    const { allow, estado } = await optionsAgencia(app, params.adminMail);
    return noContent({ Allow: allow, "Agencia-Estado": estado });
  }),
});
