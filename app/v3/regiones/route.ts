import { listRegionesOp, presentList, presentRegion } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { listRegiones } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(
    handle(listRegionesOp, async ({ self, form }) => ok(presentList(self, await listRegiones(), (row) => presentRegion(row, form)))),
  ),
});
