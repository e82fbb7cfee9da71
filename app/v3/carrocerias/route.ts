import { listCarroceriasOp, presentCarroceria, presentList } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { listCarrocerias } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(handle(listCarroceriasOp, async ({ self }) => ok(presentList(self, await listCarrocerias(), presentCarroceria)))),
});
