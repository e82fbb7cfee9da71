import { listColoresOp, presentColor, presentList } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, referenceData, route } from "@/lib/http/route";
import { listColores } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: referenceData(
    handle(listColoresOp, async ({ query, self, form }) =>
      ok(presentList(self, await listColores(query), (row) => presentColor(row, form))),
    ),
  ),
});
