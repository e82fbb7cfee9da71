import { getColorOp, presentColor } from "@/lib/api/catalogo";
import { found, ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { findColor } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(getColorOp, async ({ params, form }) => ok(presentColor(found(await findColor(params.id)), form)))),
});
