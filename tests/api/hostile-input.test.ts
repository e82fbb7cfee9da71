import { beforeAll, describe, expect, it } from "vitest";
import { MAX_ANIDAMIENTO } from "@/lib/api/limites";
import { type Credentials, createApp, server } from "../support/client";
import { auto, call, enquiry, interesado, list, market, publish, registered, unique } from "../support/consultas";
import { deepArray, deepObject } from "../support/fuzz";
import { createPanelUser, createPanelWorkspace, signInPanel } from "../support/panel";
import { invitationLink, registroValido } from "../support/registro";

/**
 * Issue 17, item 6: inputs that reached a 500. A NUL in a path or query parameter went on to the
 * database, which cannot store it; a free-form member nested 5,000 levels overflowed the stack of
 * JSON.stringify when the enquiry was stored. Each is now a 400 naming the field, and changes nothing.
 */

let app: Credentials;
let mail: string;

const PROBLEM = "application/problem+json; charset=utf-8";

async function expectRefused(response: Response, field: string) {
  const text = await response.text();
  expect(response.status, text).toBe(400);
  expect(response.headers.get("content-type")).toBe(PROBLEM);
  expect(Object.keys(JSON.parse(text).Errors)).toEqual([field]);
}

const enquiryAbout = (externalId: string, infoOperacion: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  AdminMail: mail,
  ExternalId: externalId,
  TipoAnuncio: "publicacion",
  OrigenLead: "form",
  Interesado: interesado({ InfoOperacion: infoOperacion }),
  ...extra,
});

/** The JSON text of `body` with the string "__nested__" replaced by a JSON text (too deep for JSON.stringify to build). */
const withRaw = (body: unknown, raw: string) => JSON.stringify(body).replace('"__nested__"', () => raw);

const total = async () => (await list(app, mail)).body.Total as number;

beforeAll(async () => {
  app = await createApp("Entrada hostil");
  mail = await registered([[app, true]]);
  expect((await publish(app, mail, "EXT-1")).status).toBe(201);
  await enquiry({ AdminMail: mail, ExternalId: "EXT-1", TipoAnuncio: "publicacion" });
  const webhook = { Callback: "https://crm.example/hooks", Activo: false };
  expect((await call(app, "POST", "/v3/appnotificaciones/consultas", webhook)).status).toBe(201);
});

describe("a NUL in a path or query parameter", () => {
  it("GET /v3/consultas/{adminMail}?externalid=%00 is a 400 naming externalid", async () => {
    await expectRefused(await call(app, "GET", `/v3/consultas/${mail}?externalid=%00`), "externalid");
  });

  it("GET /v3/consultas/{adminMail}/ and twenty %00 is a 400 naming sid", async () => {
    await expectRefused(await call(app, "GET", `/v3/consultas/${mail}/${"%00".repeat(20)}`), "sid");
  });

  it("GET /v3/appnotificaciones/consultas/entregas/%00 is a 400 naming id", async () => {
    await expectRefused(await call(app, "GET", "/v3/appnotificaciones/consultas/entregas/%00"), "id");
  });
});

describe("free-form members nested too deep", () => {
  it.each([
    [
      "Interesado.InfoOperacion.QuiereCotizacionSeguro",
      (raw: string) => withRaw(enquiryAbout("EXT-1", { QuiereCotizacionSeguro: "__nested__" }), raw),
    ],
    [
      "Interesado.InfoOperacion.FinanciacionDeseada.Adelanto",
      (raw: string) => withRaw(enquiryAbout("EXT-1", { FinanciacionDeseada: { Adelanto: "__nested__", Cuota: null } }), raw),
    ],
    [
      "Auto.Anticipo",
      (raw: string) => withRaw(enquiryAbout("", {}, { TipoAnuncio: "catalogo", Auto: { ...auto(), Anticipo: "__nested__" } }), raw),
    ],
    [
      "Auto.Cuota",
      (raw: string) => withRaw(enquiryAbout("", {}, { TipoAnuncio: "catalogo", Auto: { ...auto(), Cuota: "__nested__" } }), raw),
    ],
  ])("POST /marketplace/consultas with %s nested 5,000 levels is a 400 naming it, and stores nothing", async (field, body) => {
    const before = await total();
    for (const raw of [deepArray(5_000), deepObject(5_000), deepArray(MAX_ANIDAMIENTO + 1)]) {
      await expectRefused(await market("consultas", body(raw)), field);
    }
    expect(await total()).toBe(before);
  });

  it(`accepts ${MAX_ANIDAMIENTO} levels and gives them back as sent`, async () => {
    const nested = JSON.parse(deepObject(MAX_ANIDAMIENTO));
    const response = await market("consultas", enquiryAbout("EXT-1", { QuiereCotizacionSeguro: nested }));
    expect(response.status, await response.clone().text()).toBe(201);
    const { Sid } = await response.json();
    const stored = await (await call(app, "GET", `/v3/consultas/${mail}/${Sid}`)).json();
    expect(stored.Interesado.InfoOperacion.QuiereCotizacionSeguro).toEqual(nested);
  });

  it("a NUL anywhere in a free-form value is a 400 naming the member (jsonb cannot store it either)", async () => {
    const before = await total();
    for (const value of [{ a: ["\u0000"] }, { "\u0000": 1 }, "x\u0000"]) {
      await expectRefused(
        await market("consultas", enquiryAbout("EXT-1", { QuiereCotizacionSeguro: value })),
        "Interesado.InfoOperacion.QuiereCotizacionSeguro",
      );
    }
    expect(await total()).toBe(before);
  });
});

describe("the registration form, which the v3 kernel does not validate", () => {
  it("a NUL in a field is a 400 naming it, and the invitation can still be used", async () => {
    const invited = unique("registro-nul");
    expect((await call(app, "POST", "/v3/agencias", { AdminMail: invited })).status).toBe(202);
    const link = await invitationLink(invited);
    const post = (body: unknown) =>
      fetch(`${link}/aceptar`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    await expectRefused(await post({ ...registroValido, Nombre: "Autos\u0000Córdoba" }), "Nombre");
    expect((await post(registroValido)).status).toBe(200);
  });
});

describe("the Panel's own forms, which write the Panel's tables without the v3 API", () => {
  it("a NUL in a new team member's field is a 400 naming it, and the member is not added", async () => {
    const { name } = await createPanelWorkspace(server(), `Entrada hostil ${Date.now()}`);
    const adminEmail = unique("panel-admin");
    await createPanelUser(server(), { workspace: name, email: adminEmail, role: "admin", password: "clave-del-admin-larga" });
    const cookie = await signInPanel(server().baseUrl, adminEmail, "clave-del-admin-larga");
    const member = {
      Email: unique("miembro"),
      Nombre: "Miembro\u0000Nuevo",
      Rol: "soporte",
      Agencia: "",
      Contrasena: "clave-del-miembro-nuevo",
    };
    const add = (body: unknown) =>
      fetch(`${server().baseUrl}/panel/equipo/agregar`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: server().baseUrl, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const refused = await add(member);
    expect(refused.status).toBe(400);
    expect((await refused.json()).Errors).toEqual({ Nombre: ["No puede contener el carácter nulo (U+0000)."] });
    expect((await add({ ...member, Nombre: "Miembro Nuevo" })).status).toBe(201);
  });
});
