import { entryPoints, getHomeOp } from "@/lib/api/home";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getHomeOp, async () => ok(entryPoints())),
});
