import { bestMatchCiudadOp, presentCiudad } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { matchCiudad } from "@/lib/service/catalogo/match";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(bestMatchCiudadOp, async ({ query, form }) => ok(presentCiudad(await matchCiudad(query.state, query.city), form))),
});
