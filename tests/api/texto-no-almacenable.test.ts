import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, server } from "../support/client";
import { call, interesado, market, publish, registered, unique } from "../support/consultas";
import { createPanelUser, createPanelWorkspace, signInPanel } from "../support/panel";
import { invitationLink, registroValido } from "../support/registro";

/**
 * Issue 17, item 2, for what clients send: besides a NUL (tests/api/hostile-input.test.ts), a lone
 * UTF-16 surrogate is text PostgreSQL cannot store in jsonb, and what a client sends often ends up
 * there (an enquiry's webhook payload, a free-form member). A 400 naming the field, never a failed
 * insert: an enquiry with one in its Comentario answered 500, and the Panel's team form saved one as
 * U+FFFD. A browser never sends one; a script may.
 */

const SURROGATE = /sustituto UTF-16 suelto/;
let app: Credentials;

beforeAll(async () => {
  app = await createApp("Texto no almacenable", { topics: ["agencias", "consultas"] });
  // Subscribed: registering and receiving enquiries also write their notifications' jsonb payload.
  for (const topic of ["agencias", "consultas"]) {
    expect((await call(app, "POST", `/v3/appnotificaciones/${topic}`, { Callback: "https://crm.example/hooks" })).status).toBe(201);
  }
});

describe("the invitation's registration", () => {
  it("a lone surrogate in Nombre is a 400 naming it, and the invitation still registers afterwards", async () => {
    const mail = unique("registro");
    expect((await call(app, "POST", "/v3/agencias", { AdminMail: mail })).status).toBe(202);
    const link = await invitationLink(mail);
    const send = (body: Record<string, unknown>) =>
      fetch(`${link}/aceptar`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

    const refused = await send({ ...registroValido, Nombre: "Autos \uD800 Córdoba" });
    expect(refused.status).toBe(400);
    expect((await refused.json()).Errors).toEqual({ Nombre: [expect.stringMatching(SURROGATE)] });
    const estado = async () => (await call(app, "OPTIONS", `/v3/agencias/${mail}`)).headers.get("agencia-estado");
    expect(await estado()).toBe("pendiente");
    expect((await send(registroValido)).status).toBe(200);
    expect(await estado()).toBe("registrada");
  });

  it("a NUL in a form post goes back to the form, not to a 500", async () => {
    const mail = unique("registro-form");
    expect((await call(app, "POST", "/v3/agencias", { AdminMail: mail })).status).toBe(202);
    const link = await invitationLink(mail);
    const form = new URLSearchParams({ ...registroValido, CompartirConsultasCatalogo: "on", AdminApellido: "Pé\u0000rez" });
    const response = await fetch(`${link}/aceptar`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(new URL(link).pathname);
  });
});

describe("the marketplace ingestion", () => {
  it("a lone surrogate in Interesado.Comentario, or inside a free-form member, is a 400 naming it; nothing is stored", async () => {
    const mail = await registered([[app, false]]);
    expect((await publish(app, mail, "SURR-1")).status).toBe(201);
    const enquiry = { AdminMail: mail, ExternalId: "SURR-1", TipoAnuncio: "publicacion", OrigenLead: "form" };
    const refused = await market("consultas", JSON.stringify({ ...enquiry, Interesado: interesado({ Comentario: "hola \uDC00" }) }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).Errors).toEqual({ "Interesado.Comentario": [expect.stringMatching(SURROGATE)] });
    const free = await market(
      "consultas",
      JSON.stringify({ ...enquiry, Interesado: interesado({ InfoOperacion: { QuiereCotizacionSeguro: { Nota: ["\uD83D"] } } }) }),
    );
    expect(free.status).toBe(400);
    expect((await free.json()).Errors).toEqual({ "Interesado.InfoOperacion.QuiereCotizacionSeguro": [expect.stringMatching(SURROGATE)] });
    expect((await (await call(app, "GET", `/v3/consultas/${mail}`)).json()).Total).toBe(0);
    expect((await market("consultas", JSON.stringify({ ...enquiry, Interesado: interesado() }))).status).toBe(201);
  });
});

describe("the Panel's own forms", () => {
  it("a lone surrogate in a new team member's Nombre is a 400 under Nombre; the member is not added", async () => {
    const { name } = await createPanelWorkspace(server(), `Texto no almacenable ${Date.now()}`);
    const adminEmail = unique("panel-admin");
    await createPanelUser(server(), { workspace: name, email: adminEmail, role: "admin", password: "clave-del-admin-larga" });
    const cookie = await signInPanel(server().baseUrl, adminEmail, "clave-del-admin-larga");
    const member = { Email: unique("miembro"), Nombre: "Ana \uD800", Rol: "soporte", Agencia: "", Contrasena: "clave-del-miembro-nuevo" };
    const add = (body: unknown) =>
      fetch(`${server().baseUrl}/panel/equipo/agregar`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: server().baseUrl, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const refused = await add(member);
    expect(refused.status).toBe(400);
    expect((await refused.json()).Errors).toEqual({ Nombre: [expect.stringMatching(SURROGATE)] });
    const added = await add({ ...member, Nombre: "Ana Paz" });
    expect(added.status).toBe(201);
    expect((await added.json()).Nombre).toBe("Ana Paz");
  });
});
