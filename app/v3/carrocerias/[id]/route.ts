import { getCarroceriaOp, presentCarroceria } from "@/lib/api/catalogo";
import { found, ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { findCarroceria } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(getCarroceriaOp, async ({ params }) => ok(presentCarroceria(found(await findCarroceria(params.id)))))),
});
