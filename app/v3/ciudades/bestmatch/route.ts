import { bestMatchCiudadOp, presentCiudad } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { matchCiudad } from "@/lib/service/catalogo/match";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(
    handle(bestMatchCiudadOp, async ({ query, form }) => ok(presentCiudad(await matchCiudad(query.state, query.city), form))),
  ),
});
