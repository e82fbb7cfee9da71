import { describe, expect, it } from "vitest";
import { type Credentials, createApp, signedFetch } from "../support/client";
import { ContractViolation, checkResponse } from "../support/contract";

const problem = (status: number) =>
  JSON.stringify({ Type: `https://httpstatuses.com/${status}`, Title: "x", Status: status, Detail: "x", Instance: "/v3", Extensions: {} });
const problemHeaders = { "Content-Type": "application/problem+json; charset=utf-8" };

describe("the API tests' response validation (tests/support/contract.ts)", () => {
  it("passes what the service really answers (every fetch of the API tests goes through it)", async () => {
    const app: Credentials = await createApp("Contrato");
    const home = await signedFetch(app, "GET", "/v3");
    expect(home.status).toBe(200);
    await expect(checkResponse("GET", home.url, home)).resolves.toBeUndefined();
    const unauthenticated = await fetch(home.url);
    expect(unauthenticated.status).toBe(401);
  });

  it("fails on a status the document does not declare for the operation", async () => {
    const teapot = new Response(problem(418), { status: 418, headers: problemHeaders });
    await expect(checkResponse("GET", "http://localhost/v3", teapot)).rejects.toThrow(ContractViolation);
    await expect(checkResponse("GET", "http://localhost/v3", teapot)).rejects.toThrow(/418 \(getHome\): status not declared/);
    // 415 is declared only where there is a request body.
    const unsupported = new Response(problem(415), { status: 415, headers: problemHeaders });
    await expect(checkResponse("DELETE", "http://localhost/v3/appnotificaciones/consultas", unsupported)).rejects.toThrow(
      /\(deleteAppNotificacion\): status not declared/,
    );
  });

  it("fails on a missing declared header, an undeclared media type or a body off its schema", async () => {
    const noAuthenticate = new Response(problem(401), { status: 401, headers: problemHeaders });
    await expect(checkResponse("GET", "http://localhost/v3", noAuthenticate)).rejects.toThrow(/WWW-Authenticate missing/);
    const html = new Response("<p>hola</p>", { status: 200, headers: { "Content-Type": "text/html", ETag: '"a"' } });
    await expect(checkResponse("GET", "http://localhost/v3", html)).rejects.toThrow(/Content-Type text\/html not declared/);
    const links = { self: { href: "/v3" } }; // the EntryPoints' other relations are required
    const partial = new Response(JSON.stringify({ Version: "v3", _links: links }), {
      status: 200,
      headers: { "Content-Type": "application/json; charset=utf-8", ETag: '"a"' },
    });
    await expect(checkResponse("GET", "http://localhost/v3", partial)).rejects.toThrow(/does not match the schema.*agencias/);
    const bodyOn204 = new Response("{}", { status: 200 });
    await expect(checkResponse("DELETE", "http://localhost/v3/appnotificaciones/consultas", bodyOn204)).rejects.toThrow(
      /status not declared/,
    );
  });
});
