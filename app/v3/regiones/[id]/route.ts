import { getRegionOp, presentRegion } from "@/lib/api/catalogo";
import { found, ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { findRegion } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(getRegionOp, async ({ params, form }) => ok(presentRegion(found(await findRegion(params.id)), form)))),
});
