import { listCarroceriasOp, presentCarroceria, presentList } from "@/lib/api/catalogo";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";
import { listCarrocerias } from "@/lib/service/catalogo/queries";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(listCarroceriasOp, async ({ self }) => ok(presentList(self, await listCarrocerias(), presentCarroceria))),
});
