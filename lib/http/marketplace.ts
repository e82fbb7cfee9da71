import "server-only";
import type { z } from "zod";
import { Problem } from "@/lib/api/problem";
import { checkBearerToken } from "@/lib/crypto/bearer";
import { config } from "@/lib/env";
import { serviceReady } from "@/lib/service/ready";
import type { Reply } from "./reply";
import { errorResponse, instanceOf, logRequest, parseJsonBody, readBody, requestIdOf, validate } from "./request";

/**
 * Ingestion routes of the marketplace (docs/contract.md#marketplace-ingestion): not part of v3, so no ACS-HMAC and no
 * content negotiation. `Authorization: Bearer {MARKETPLACE_TOKEN}`; 503 while the token is not
 * configured, 401 otherwise. The JSON body is validated like the API's (400 with dotted keys).
 */
export type MarketplaceContext<B extends z.ZodType> = { body: z.output<B>; requestId: string };

function checkBearer(header: string | null): void {
  const token = config().marketplaceToken;
  if (!token) throw new Problem(503, "La ingesta del marketplace no está habilitada: falta configurar MARKETPLACE_TOKEN.");
  const unauthorized = (detail: string) => new Problem(401, detail, undefined, { "WWW-Authenticate": "Bearer" });
  const check = checkBearerToken(header, token);
  if (check === "missing") throw unauthorized("Falta el encabezado Authorization: Bearer con el token del marketplace.");
  if (check === "wrong") throw unauthorized("El token del marketplace no es válido.");
}

export function marketplacePost<B extends z.ZodType>(body: B, run: (context: MarketplaceContext<B>) => Promise<Reply>) {
  return async (request: Request): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const instance = instanceOf(request);
    let response: Response;
    try {
      checkBearer(request.headers.get("authorization"));
      await serviceReady();
      const bytes = await readBody(request);
      const parsed = validate(body, parseJsonBody(request, bytes)) as z.output<B>;
      const reply = await run({ body: parsed, requestId });
      const headers = new Headers({ "X-Request-Id": requestId, ...reply.headers });
      if (reply.body === undefined) response = new Response(null, { status: reply.status, headers });
      else {
        headers.set("Content-Type", "application/json; charset=utf-8");
        response = new Response(JSON.stringify(reply.body), { status: reply.status, headers });
      }
    } catch (error) {
      response = errorResponse(error, instance, requestId);
    }
    logRequest(request, requestId, response.status, started);
    return response;
  };
}
