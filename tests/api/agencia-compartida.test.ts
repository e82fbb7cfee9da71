import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp } from "../support/client";
import { call, unique } from "../support/consultas";
import { eventually, startReceiver } from "../support/receiver";
import { invitationMail, registroValido } from "../support/registro";

/**
 * Issue 17, item 1: two apps that invite the same address. An invitation's data belongs to the app
 * that sent it; before the agency accepts an app's invitation, nothing that app can call reveals
 * or changes what another app or the agency wrote; only the app that created the account edits it
 * (docs/decisions/0022).
 */

const NAMES = { A: "Concesiones Norte", B: "Clasificados Sur", C: "Tercera App" } as const;
let appA: Credentials;
let appB: Credentials;
let appC: Credentials;

beforeAll(async () => {
  [appA, appB, appC] = await Promise.all([createApp(NAMES.A), createApp(NAMES.B), createApp(NAMES.C)]);
});

const invite = (app: Credentials, body: Record<string, unknown>) => call(app, "POST", "/v3/agencias", body);

const accept = (link: string, body: Record<string, unknown>) =>
  fetch(`${link}/aceptar`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

const agencia = async (app: Credentials, mail: string) => {
  const response = await call(app, "GET", `/v3/agencias/${mail}`);
  expect(response.status, `GET /v3/agencias/${mail}`).toBe(200);
  return response.json();
};

const entriesOf = async (app: Credentials, query: string, accept = "application/json") => {
  const response = await call(app, "GET", `/v3/agencias${query}`, undefined, { Accept: accept });
  expect(response.status, query).toBe(200);
  return (await response.json())._entries as Record<string, unknown>[];
};

/** What the agency writes when it registers: every value unique to this test. */
const perfil = {
  ...registroValido,
  Nombre: "Perfil Registrado SA",
  AdminNombre: "Adela",
  AdminApellido: "Registrante",
  Telefono: "+54 351 999-0000",
  Region: "mendoza",
  Ciudad: "godoy cruz",
};
const PERFIL_SECRETOS = [perfil.Nombre, perfil.AdminNombre, perfil.AdminApellido, perfil.Telefono, "Mendoza", "Godoy Cruz"];

function expectNoneOf(text: string, secrets: string[], what: string) {
  expect(
    secrets.filter((secret) => text.includes(secret)),
    what,
  ).toEqual([]);
}

/** A invited and B invited (each with its own data); the agency registered through A's link. B's link is returned. */
async function registeredThroughA() {
  const mail = unique("compartida");
  expect((await invite(appA, { AdminMail: mail, Nombre: "Invitación de A", Telefono: "0351 111-1111" })).status).toBe(202);
  expect((await invite(appB, { AdminMail: mail, Nombre: "Invitación de B", Telefono: "0351 222-2222" })).status).toBe(202);
  const [linkA, linkB] = [(await invitationMail(mail, { from: NAMES.A })).link, (await invitationMail(mail, { from: NAMES.B })).link];
  expect((await accept(linkA, perfil)).status).toBe(200);
  return { mail, linkB };
}

describe("two apps invite the same address", () => {
  it("each app's invitation keeps its own Nombre and Telefono: GET, the list, the ref title, the e-mail and the form show only them", async () => {
    const mail = unique("dos-invitaciones");
    expect((await invite(appA, { AdminMail: mail, Nombre: "Invitación de A", Telefono: "0351 111-1111" })).status).toBe(202);
    const mailA = await invitationMail(mail, { from: NAMES.A });
    expect((await invite(appB, { AdminMail: mail, Nombre: "Invitación de B", Telefono: "0351 222-2222" })).status).toBe(202);
    const mailB = await invitationMail(mail, { from: NAMES.B });
    expect((await invite(appC, { AdminMail: mail })).status).toBe(202);
    const mailC = await invitationMail(mail, { from: NAMES.C });

    expect(await agencia(appA, mail)).toMatchObject({ Estado: "pendiente", Nombre: "Invitación de A", Telefono: "0351 111-1111" });
    expect(await agencia(appB, mail)).toMatchObject({ Estado: "pendiente", Nombre: "Invitación de B", Telefono: "0351 222-2222" });
    expect(await agencia(appC, mail)).toMatchObject({ Estado: "pendiente", Nombre: null, Telefono: null });
    expect(await entriesOf(appB, "?estado=pendiente", "application/vnd.service.ref+json")).toContainEqual({
      href: `/v3/agencias/${mail}`,
      title: `Invitación de B (${mail})`,
    });
    expect((await entriesOf(appB, "?estado=pendiente")).find((entry) => entry.AdminMail === mail)).toMatchObject({
      Nombre: "Invitación de B",
      Telefono: "0351 222-2222",
    });

    expect(mailA.Texto).toContain("Hola, equipo de Invitación de A:");
    expect(mailB.Texto).toContain("Hola, equipo de Invitación de B:");
    expect(mailC.Texto.startsWith("Hola:\n")).toBe(true);
    expectNoneOf(mailB.Texto + mailB.Html, ["Invitación de A", "0351 111-1111"], "B's e-mail");
    expectNoneOf(mailC.Texto + mailC.Html, ["Invitación de A", "Invitación de B"], "C's e-mail");

    // A new invitation of B without data keeps what B wrote before, and A's stays A's.
    expect((await invite(appB, { AdminMail: mail })).status).toBe(202);
    const again = await invitationMail(mail, { from: NAMES.B, previous: mailB.link });
    expect(again.Texto).toContain("Hola, equipo de Invitación de B:");
    expect(await agencia(appB, mail)).toMatchObject({ Nombre: "Invitación de B", Telefono: "0351 222-2222" });
    expect(await agencia(appA, mail)).toMatchObject({ Nombre: "Invitación de A", Telefono: "0351 111-1111" });

    // Each app's registration form is filled in with what that app wrote.
    const formB = await (await fetch(again.link)).text();
    expect(formB).toContain('value="Invitación de B"');
    expectNoneOf(formB, ["Invitación de A", "0351 111-1111"], "B's registration form");
  });

  it("registered through A's link: B's pending invitation shows only what B wrote, and nothing B calls reveals or changes the profile", async () => {
    const { mail } = await registeredThroughA();
    expect(await agencia(appA, mail)).toMatchObject({
      Estado: "registrada",
      Nombre: perfil.Nombre,
      Region: "Mendoza",
      Operadores: [{ Email: mail, Nombre: "Adela", Apellido: "Registrante", EsAdministrador: true }],
    });

    const seenByB = await agencia(appB, mail);
    expect(seenByB).toEqual({
      AdminMail: mail,
      Nombre: "Invitación de B",
      Estado: "pendiente",
      Telefono: "0351 222-2222",
      WhatsApp: null,
      Region: null,
      Ciudad: null,
      Direccion: null,
      Invitada: seenByB.Invitada,
      Registrada: null,
      Operadores: [],
      _links: seenByB._links,
    });
    const reads = [
      `/v3/agencias/${mail}`,
      "/v3/agencias?estado=pendiente",
      "/v3/agencias?estado=registrada",
      "/v3/agencias",
      `/v3/agencias?estado=pendiente&operador=${mail}`,
      `/v3/agencias?operador=${mail}`,
      `/v3/agencias/${mail}/productos`,
      `/v3/consultas/${mail}`,
    ];
    for (const path of reads) {
      for (const accept of ["application/json", "application/vnd.service.ref+json"]) {
        const response = await call(appB, "GET", path, undefined, { Accept: accept });
        expect(response.status, path).toBeLessThan(500);
        expectNoneOf((await response.text()).split(path).join(""), PERFIL_SECRETOS, `B GET ${path} (${accept})`);
      }
    }
    expect(await entriesOf(appB, `?estado=pendiente&operador=${mail}`)).toEqual([]);
    expect((await entriesOf(appB, "")).map((entry) => entry.AdminMail)).not.toContain(mail);
    const options = await call(appB, "OPTIONS", `/v3/agencias/${mail}`);
    expect(options.headers.get("agencia-estado")).toBe("pendiente");
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await call(appB, "GET", `/v3/agencias/${mail}/productos`)).status).toBe(404);
    expect((await call(appB, "GET", `/v3/consultas/${mail}`)).status).toBe(404);

    const put = await call(appB, "PUT", `/v3/agencias/${mail}`, { Nombre: "Cambio de B", Telefono: "0351 333-3333" });
    expect(put.status).toBe(403);
    expect((await call(appB, "PATCH", `/v3/agencias/${mail}/desasociar`)).status).toBe(204);
    expect((await invite(appB, { AdminMail: mail, Nombre: "Otra vez B" })).status).toBe(202);
    expect(await agencia(appB, mail)).toMatchObject({ Estado: "pendiente", Nombre: "Otra vez B", Operadores: [] });
    expect(await agencia(appA, mail)).toMatchObject({ Estado: "registrada", Nombre: perfil.Nombre, Telefono: perfil.Telefono });
  });

  it("the agency accepts B's invitation through B's link: the existing account is attached to B as it is", async () => {
    const receiver = await startReceiver();
    try {
      expect((await call(appB, "POST", "/v3/appnotificaciones/agencias", { Callback: receiver.url("/agencias-b") })).status).toBe(201);
      const { mail, linkB } = await registeredThroughA();
      const page = await fetch(linkB);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Conectá tu agencia con ${NAMES.B}`);
      expect(html).not.toContain('name="Password"');

      const accepted = await accept(linkB, { CompartirConsultasCatalogo: true });
      expect(accepted.status, await accepted.clone().text()).toBe(200);
      expect(await accepted.json()).toEqual({ AdminMail: mail, Estado: "registrada" });
      const profile = { Estado: "registrada", Nombre: perfil.Nombre, Telefono: perfil.Telefono, Region: "Mendoza", Ciudad: "Godoy Cruz" };
      expect(await agencia(appA, mail)).toMatchObject(profile);
      expect(await agencia(appB, mail)).toMatchObject({
        ...profile,
        Operadores: [{ Email: mail, Nombre: "Adela", Apellido: "Registrante", EsAdministrador: true }],
      });
      expect((await fetch(linkB)).status).toBe(410);
      const delivery = await eventually(async () => receiver.received.find((entry) => entry.path === "/agencias-b"));
      expect(JSON.parse(delivery.body)).toMatchObject({
        Evento: "agencia.registrada",
        Datos: { AdminMail: mail, Agencia: { Estado: "registrada", Nombre: perfil.Nombre } },
      });
    } finally {
      await call(appB, "DELETE", "/v3/appnotificaciones/agencias");
      await receiver.close();
    }
  });

  it("a whole registration form sent through B's link attaches the account and changes none of its data", async () => {
    const { mail, linkB } = await registeredThroughA();
    const otro = { ...registroValido, Nombre: "Cambio por B", AdminNombre: "Otro", Telefono: "+54 11 4444-4444" };
    expect((await accept(linkB, otro)).status).toBe(200);
    for (const app of [appA, appB]) {
      expect(await agencia(app, mail)).toMatchObject({
        Estado: "registrada",
        Nombre: perfil.Nombre,
        Telefono: perfil.Telefono,
        Operadores: [{ Email: mail, Nombre: "Adela", Apellido: "Registrante", EsAdministrador: true }],
      });
    }
  });

  it("both links accepted at once register the account once: one creator, whose data both apps see", async () => {
    const mail = unique("a-la-vez");
    expect((await invite(appA, { AdminMail: mail })).status).toBe(202);
    expect((await invite(appB, { AdminMail: mail })).status).toBe(202);
    const links = { A: (await invitationMail(mail, { from: NAMES.A })).link, B: (await invitationMail(mail, { from: NAMES.B })).link };
    const forms = { A: { ...perfil, Nombre: "Registrada por A" }, B: { ...perfil, Nombre: "Registrada por B" } };
    const answers = await Promise.all([accept(links.A, forms.A), accept(links.B, forms.B)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [seenByA, seenByB] = [await agencia(appA, mail), await agencia(appB, mail)];
    expect(seenByB).toMatchObject({ Estado: "registrada", Nombre: seenByA.Nombre });
    const creator = seenByA.Nombre === forms.A.Nombre ? appA : appB;
    const other = creator === appA ? appB : appA;
    expect((await call(creator, "PUT", `/v3/agencias/${mail}`, { Nombre: "Del creador" })).status).toBe(200);
    expect((await call(other, "PUT", `/v3/agencias/${mail}`, { Nombre: "Del otro" })).status).toBe(403);
  });

  it("only the app that created the account edits it: the others get 403 with a Detail that says why", async () => {
    const { mail, linkB } = await registeredThroughA();
    expect((await accept(linkB, { CompartirConsultasCatalogo: false })).status).toBe(200);

    const refused = await call(appB, "PUT", `/v3/agencias/${mail}`, { Nombre: "Cambio de B" });
    expect(refused.status).toBe(403);
    const problem = await refused.json();
    expect(problem).toMatchObject({ Status: 403, Title: "Operación prohibida" });
    expect(problem.Detail).toContain("solo la modifica la app con la que se registró");
    expectNoneOf(JSON.stringify(problem), [NAMES.A], "the 403");
    expect((await call(appB, "OPTIONS", `/v3/agencias/${mail}`)).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await call(appA, "OPTIONS", `/v3/agencias/${mail}`)).headers.get("allow")).toBe("GET, HEAD, PUT, OPTIONS");
    expect(await agencia(appA, mail)).toMatchObject({ Nombre: perfil.Nombre });

    expect((await call(appA, "PUT", `/v3/agencias/${mail}`, { Nombre: "Cambio de A" })).status).toBe(200);
    expect(await agencia(appB, mail)).toMatchObject({ Nombre: "Cambio de A", Telefono: null });

    // A detaches: B still may not edit. A invites again: until the agency accepts, A sees only what it wrote
    // in its invitations (the Telefono of the first one, which the new one leaves out).
    expect((await call(appA, "PATCH", `/v3/agencias/${mail}/desasociar`)).status).toBe(204);
    expect((await call(appB, "PUT", `/v3/agencias/${mail}`, { Nombre: "Cambio de B" })).status).toBe(403);
    const before = (await invitationMail(mail, { from: NAMES.A })).link;
    expect((await invite(appA, { AdminMail: mail, Nombre: "Reinvitación de A" })).status).toBe(202);
    const seenByA = await agencia(appA, mail);
    expect(seenByA).toMatchObject({
      Estado: "pendiente",
      Nombre: "Reinvitación de A",
      Telefono: "0351 111-1111",
      Region: null,
      Registrada: null,
      Operadores: [],
    });
    const linkA = (await invitationMail(mail, { from: NAMES.A, previous: before })).link;
    expect((await accept(linkA, { CompartirConsultasCatalogo: true })).status).toBe(200);
    expect(await agencia(appA, mail)).toMatchObject({ Estado: "registrada", Nombre: "Cambio de A" });
    expect((await call(appA, "PUT", `/v3/agencias/${mail}`, { Nombre: "De nuevo A" })).status).toBe(200);
    expect(await agencia(appB, mail)).toMatchObject({ Nombre: "De nuevo A" });
  });
});
