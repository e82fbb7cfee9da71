import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp } from "../support/client";
import { call, enquiry, list, publish, registered } from "../support/consultas";

/**
 * Issue 17, "also decide": when two apps share an agency, an ExternalId names one listing of that
 * agency, whichever app published it (docs/decisions/0023). The marketplace names a listing by
 * AdminMail and ExternalId only, so an enquiry always reaches the app that published it.
 */

const NAMES = { A: "Publica Primero", B: "Publica Después" } as const;
let appA: Credentials;
let appB: Credentials;

beforeAll(async () => {
  [appA, appB] = await Promise.all([createApp(NAMES.A), createApp(NAMES.B)]);
});

describe("an ExternalId names one listing of an agency", () => {
  it("another app cannot publish an ExternalId the agency already has (409), so an enquiry reaches the app that published it", async () => {
    const mail = await registered([
      [appA, false],
      [appB, false],
    ]);
    expect((await publish(appA, mail, "AUTO-77")).status).toBe(201);
    const taken = await publish(appB, mail, "auto-77");
    expect(taken.status).toBe(409);
    const problem = await taken.json();
    expect(problem).toMatchObject({ Status: 409, Title: "Entidad duplicada" });
    expect(Object.keys(problem.Errors)).toEqual(["ExternalId"]);
    expect(JSON.stringify(problem)).not.toContain(NAMES.A);
    expect(JSON.stringify(problem)).not.toContain(appA.AppKey);
    expect((await publish(appA, mail, "Auto-77")).status).toBe(201);
    expect((await publish(appB, mail, "AUTO-78")).status).toBe(201);
    expect((await publish(appA, mail, "auto-78")).status).toBe(409);

    const toA = await enquiry({ AdminMail: mail, ExternalId: "auto-77", TipoAnuncio: "publicacion" });
    const toB = await enquiry({ AdminMail: mail, ExternalId: "Auto-78", TipoAnuncio: "publicacion" });
    const sids = async (app: Credentials) =>
      ((await list(app, mail)).body._entries as { _links: { self: { href: string } } }[]).map((entry) =>
        entry._links.self.href.split("/").pop(),
      );
    expect(await sids(appA)).toEqual([toA]);
    expect(await sids(appB)).toEqual([toB]);

    // A's listings are suspended when A detaches, and still hold their ExternalId: they come back if A returns.
    expect((await call(appA, "PATCH", `/v3/agencias/${mail}/desasociar`)).status).toBe(204);
    expect((await publish(appB, mail, "AUTO-77")).status).toBe(409);
  });
});
