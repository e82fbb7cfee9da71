import { server } from "./client";
import { checkResponse } from "./contract";

/**
 * Setup of the API tests: every answer of the test service's /v3 that a test receives through
 * fetch (the signed client, the Panel's helpers, raw requests) is checked against the OpenAPI
 * document first, so the document can never drift from the code (tests/support/contract.ts).
 * A test receiving an answer the document does not describe fails with ContractViolation. The
 * service is the shared one, or the file's own (startOwnServer).
 */
const realFetch = globalThis.fetch;

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const response = await realFetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (url.startsWith(`${server().baseUrl}/v3`)) {
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    await checkResponse(method, url, response);
  }
  return response;
};
