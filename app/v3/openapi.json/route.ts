import { getOpenApiOp } from "@/lib/api/home";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { config } from "@/lib/env";
import { ok } from "@/lib/http/reply";
import { handle, route } from "@/lib/http/route";

let document: Record<string, unknown> | undefined;

export const { GET, HEAD, OPTIONS } = route({
  GET: handle(getOpenApiOp, async () => {
    document ??= { ...buildOpenApiDocument(config().publicBaseUrl) };
    return ok(document);
  }),
});
