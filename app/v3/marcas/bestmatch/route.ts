import { bestMatchMarcaOp, presentMarca } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { matchMarca } from "@/lib/service/catalogo/match";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(bestMatchMarcaOp, async ({ query, form }) => ok(presentMarca(await matchMarca(query.make), form)))),
});
