import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar } from "../support/client";
import { auto, call, enquiry, interesado, list, publish, registered, unique } from "../support/consultas";

/**
 * Attended or not (issue 21, item 3; docs/decisions/0041): PUT …/{sid}/atencion, Atencion on every
 * enquiry, the atendida filter; each app's marks are its own; a collaborator marks only their own.
 */

let appA: Credentials;
let appB: Credentials;
/** Registered with A and B, sharing catalogue enquiries with both. */
let mail: string;
const colaborador = unique("colaborador");
const tag = Math.random().toString(36).slice(2, 8);
const sids = { propia: "", delColaborador: "", catalogo: "", deB: "" };

type Atencion = { Atendida: boolean; Por: string; Momento: string } | null;
type Entry = { Atencion: Atencion; _links: { self: { href: string } } };

const mark = (app: Credentials, sid: string, body: unknown, agency = mail) =>
  call(app, "PUT", `/v3/consultas/${agency}/${sid}/atencion`, body);
const detail = async (app: Credentials, sid: string) => (await (await call(app, "GET", `/v3/consultas/${mail}/${sid}`)).json()) as Entry;
const listed = async (app: Credentials, query: string) => {
  const { response, body } = await list(app, mail, query);
  expect(response.status, query).toBe(200);
  return { total: body.Total as number, sids: (body._entries as Entry[]).map((entry) => entry._links.self.href.split("/").pop()).sort() };
};

beforeAll(async () => {
  [appA, appB] = await Promise.all([createApp("Atención A"), createApp("Atención B")]);
  mail = await registered([
    [appA, true],
    [appB, true],
  ]);
  await operar("agency.operator", { admin: mail, email: colaborador, nombre: "Luis", apellido: "Gómez" });
  expect((await publish(appA, mail, `A-${tag}`)).status).toBe(201);
  expect((await publish(appB, mail, `B-${tag}`)).status).toBe(201);
  const buyer = interesado({ Apellido: `Atendido${tag}` });
  sids.propia = await enquiry({ AdminMail: mail, ExternalId: `A-${tag}`, TipoAnuncio: "publicacion", Interesado: buyer });
  sids.delColaborador = await enquiry({
    AdminMail: mail,
    ExternalId: `A-${tag}`,
    TipoAnuncio: "publicacion",
    OperadorResponsable: colaborador,
    Interesado: buyer,
  });
  sids.catalogo = await enquiry({
    AdminMail: mail,
    ExternalId: "",
    TipoAnuncio: "catalogo",
    Auto: auto("Fiat", "Cronos"),
    Interesado: buyer,
  });
  sids.deB = await enquiry({ AdminMail: mail, ExternalId: `B-${tag}`, TipoAnuncio: "publicacion", Interesado: buyer });
}, 120_000);

describe("PUT /v3/consultas/{adminMail}/{sid}/atencion", () => {
  it("200 with the enquiry and its Atencion; the detail and the list show it; atendida filters by it", async () => {
    expect((await detail(appA, sids.propia)).Atencion).toBeNull();
    const before = Date.now();
    const response = await mark(appA, sids.propia, { Atendida: true, Por: "Vendedor@Agencia.test" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Entry;
    expect(body._links.self.href).toBe(`/v3/consultas/${mail}/${sids.propia}`);
    expect(body.Atencion).toMatchObject({ Atendida: true, Por: "vendedor@agencia.test" });
    const momento = Date.parse((body.Atencion as { Momento: string }).Momento);
    expect(momento).toBeGreaterThanOrEqual(before - 1000);
    expect(momento).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await detail(appA, sids.propia)).Atencion).toEqual(body.Atencion);
    const { body: page } = await list(appA, mail);
    expect((page._entries as Entry[]).find((entry) => entry._links.self.href.endsWith(sids.propia))?.Atencion).toEqual(body.Atencion);
    expect(await listed(appA, "?atendida=true")).toEqual({ total: 1, sids: [sids.propia] });
    expect(await listed(appA, "?atendida=false")).toEqual({ total: 2, sids: [sids.delColaborador, sids.catalogo].sort() });
    const { body: filtered } = await list(appA, mail, "?atendida=true");
    expect(new URL(filtered._links.self.href, "http://x").searchParams.get("atendida")).toBe("true");
  });

  it("marking the same state again keeps who and when; the other state is a new mark", async () => {
    const first = (await (await mark(appA, sids.catalogo, { Atendida: true, Por: "primera@agencia.test" })).json()) as Entry;
    const again = (await (await mark(appA, sids.catalogo, { Atendida: true, Por: "segunda@agencia.test" })).json()) as Entry;
    expect(again.Atencion).toEqual(first.Atencion);
    const undone = (await (await mark(appA, sids.catalogo, { Atendida: false, Por: "segunda@agencia.test" })).json()) as Entry;
    expect(undone.Atencion).toMatchObject({ Atendida: false, Por: "segunda@agencia.test" });
    expect((await listed(appA, "?atendida=false")).sids).toContain(sids.catalogo);
    expect((await listed(appA, "?atendida=true")).sids).not.toContain(sids.catalogo);
  });

  it("each app's marks are its own: B never sees A's on the catalogue enquiry both see", async () => {
    expect((await mark(appA, sids.catalogo, { Atendida: true, Por: "de-a@agencia.test" })).status).toBe(200);
    expect((await detail(appB, sids.catalogo)).Atencion).toBeNull();
    expect((await listed(appB, "?atendida=true")).sids).toEqual([]);
    expect((await listed(appB, "?atendida=false")).sids).toEqual([sids.catalogo, sids.deB].sort());
    const deB = (await (await mark(appB, sids.catalogo, { Atendida: false, Por: "de-b@agencia.test" })).json()) as Entry;
    expect(deB.Atencion).toMatchObject({ Atendida: false, Por: "de-b@agencia.test" });
    expect((await detail(appA, sids.catalogo)).Atencion).toMatchObject({ Atendida: true, Por: "de-a@agencia.test" });
    // An enquiry of B's listing does not exist for A.
    expect((await mark(appA, sids.deB, { Atendida: true, Por: "de-a@agencia.test" })).status).toBe(404);
  });

  it("a collaborator marks only the enquiries they see; the administrator and anyone else, any", async () => {
    const refused = await mark(appA, sids.propia, { Atendida: true, Por: colaborador });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ Status: 403 });
    expect((await mark(appA, sids.delColaborador, { Atendida: true, Por: colaborador.toUpperCase() })).status).toBe(200);
    expect((await mark(appA, sids.delColaborador, { Atendida: false, Por: mail })).status).toBe(200);
    expect((await mark(appA, sids.delColaborador, { Atendida: true, Por: "soporte@partner.test" })).status).toBe(200);
    expect((await listed(appA, `?operador=${colaborador}&atendida=true`)).sids).toEqual([sids.delColaborador]);
  });

  it("400 naming Atendida or Por; 404 with no body for an unknown enquiry or agency", async () => {
    for (const [body, keys] of [
      [{}, ["Atendida", "Por"]],
      [{ Atendida: "sí", Por: "a@b.test" }, ["Atendida"]],
      [{ Atendida: true, Por: "no-es-mail" }, ["Por"]],
      [{ Atendida: true, Por: `${"x".repeat(250)}@b.test` }, ["Por"]],
    ] as const) {
      const response = await mark(appA, sids.propia, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await response.json()).Errors).sort(), JSON.stringify(body)).toEqual([...keys].sort());
    }
    for (const [sid, agency] of [
      ["01ARZ3NDEKTSV4RRFFQ69G5FAV", mail],
      [sids.propia, unique("nadie")],
    ]) {
      const response = await mark(appA, sid as string, { Atendida: true, Por: "a@b.test" }, agency);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("");
    }
    const { response } = await list(appA, mail, "?atendida=si");
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).Errors)).toEqual(["atendida"]);
  });

  it("the search across agencies shows and filters by the app's marks", async () => {
    const search = async (app: Credentials, query: string) =>
      ((await (await call(app, "GET", `/v3/consultas?q=atendido${tag}${query}`)).json())._entries as Entry[]).map((entry) =>
        entry._links.self.href.split("/").pop(),
      );
    expect((await search(appA, "&atendida=true")).sort()).toEqual([sids.propia, sids.delColaborador, sids.catalogo].sort());
    expect(await search(appB, "&atendida=true")).toEqual([]);
    expect((await search(appB, "&atendida=false")).sort()).toEqual([sids.catalogo, sids.deB].sort());
  });
});
