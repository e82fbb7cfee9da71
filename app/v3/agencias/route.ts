import { agenciaPath, inviteAgenciaOp, listAgenciasOp } from "@/lib/api/agencias";
import { accepted, ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { inviteAgencia } from "@/lib/service/agencias/invite-agencia";
import { listAgencias } from "@/lib/service/agencias/list-agencias";

export const { GET, HEAD, OPTIONS, POST } = route({
  GET: handle(listAgenciasOp, async ({ app, query, self, form }) => {
    const _links = { self: { href: self } };
    if (form === "ref") return ok({ _links, _entries: await listAgencias(app, query, "ref") });
    return ok({ _links, _entries: await listAgencias(app, query, "entry") });
  }),
  POST: handle(inviteAgenciaOp, async ({ app, body }) => accepted(agenciaPath(await inviteAgencia(app, body)))),
});
