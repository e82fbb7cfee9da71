import { bestMatchModeloOp, presentModelo } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { matchModelo } from "@/lib/service/catalogo/match";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(
    handle(bestMatchModeloOp, async ({ query, form }) => ok(presentModelo(await matchModelo(query.make, query.model), form))),
  ),
});
