import { bestMatchCarroceriaOp, presentCarroceria } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { matchCarroceria } from "@/lib/service/catalogo/match";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(bestMatchCarroceriaOp, async ({ query }) => ok(presentCarroceria(await matchCarroceria(query.bodystyle))))),
});
