import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar, server } from "../support/client";
import { call, unique } from "../support/consultas";
import { adminCli, adminCliConEntrada, createPanelUser, createPanelWorkspace, signInPanel } from "../support/panel";
import { invitationLink, registroValido } from "../support/registro";

/**
 * Issue 17, item 9: registration accepted ten spaces and a Panel member twelve. The server refuses a
 * password that is easy to guess (lib/api/contrasena.ts, the browser forms' rule too), with a 400
 * naming the field and saying what to do, and changes nothing; a strong one goes through. Issue 29,
 * item 7: the operator CLI (`panel user`) took twelve spaces; it refuses them with the same message.
 */

const DEBIL = /fácil de adivinar: usá tres o cuatro palabras/;
let app: Credentials;

/** The e-mails of a workspace's Panel users, as the operator's `panel users` lists them. */
const emailsOf = async (workspace: string) => (await operar<{ Email: string }[]>("panel.users", { workspace })).map((user) => user.Email);

beforeAll(async () => {
  app = await createApp("Contraseñas débiles");
});

describe("the agency's registration", () => {
  it("ten spaces are a 400 naming Password, the invitation stays pending; a strong password registers", async () => {
    const mail = unique("registro-debil");
    expect((await call(app, "POST", "/v3/agencias", { AdminMail: mail })).status).toBe(202);
    const link = await invitationLink(mail);
    const send = (Password: string) =>
      fetch(`${link}/aceptar`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...registroValido, Password }),
      });
    const estado = async () => (await call(app, "OPTIONS", `/v3/agencias/${mail}`)).headers.get("agencia-estado");

    for (const weak of [" ".repeat(10), "Password123!"]) {
      const refused = await send(weak);
      expect(refused.status).toBe(400);
      expect((await refused.json()).Errors).toEqual({ Password: [expect.stringMatching(DEBIL)] });
    }
    expect(await estado()).toBe("pendiente");
    expect((await send("tres-palabras-raras")).status).toBe(200);
    expect(await estado()).toBe("registrada");
  });
});

describe("a Panel member's password", () => {
  let cookie: string;
  let workspace: string;
  const base = () => server().baseUrl;
  const post = (path: string, body: unknown) =>
    fetch(`${base()}${path}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: base(), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    workspace = (await createPanelWorkspace(server(), `Contraseñas ${Date.now()}`)).name;
    const adminEmail = unique("contrasenas-admin");
    await createPanelUser(server(), { workspace, email: adminEmail, role: "admin", password: "clave-del-admin-larga" });
    cookie = await signInPanel(base(), adminEmail, "clave-del-admin-larga");
  }, 120_000);

  it("twelve spaces are a 400 naming Contrasena when adding a member and when setting a password; strong ones go through", async () => {
    const member = { Email: unique("miembro-debil"), Nombre: "Miembro", Rol: "soporte", Agencia: "" };
    const refused = await post("/panel/equipo/agregar", { ...member, Contrasena: " ".repeat(12) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).Errors).toEqual({ Contrasena: [expect.stringMatching(DEBIL)] });
    expect(await emailsOf(workspace)).not.toContain(member.Email);

    const added = await post("/panel/equipo/agregar", { ...member, Contrasena: "clave-del-miembro-nuevo" });
    expect(added.status).toBe(201);
    const { Id } = (await added.json()) as { Id: string };

    const weakReset = await post(`/panel/equipo/${Id}/contrasena`, { Contrasena: " ".repeat(12) });
    expect(weakReset.status).toBe(400);
    expect((await weakReset.json()).Errors).toEqual({ Contrasena: [expect.stringMatching(DEBIL)] });
    expect(await signInPanel(base(), member.Email, "clave-del-miembro-nuevo")).toMatch(/session-token/);

    expect((await post(`/panel/equipo/${Id}/contrasena`, { Contrasena: "otra-clave-larga" })).status).toBe(204);
  });
});

describe("the operator CLI's panel user (issue 29, item 7)", () => {
  let workspace: string;
  const base = () => server().baseUrl;

  /** How the CLI ended: its exit code and what it wrote (the command is expected to fail). */
  async function fallo(command: Promise<string>): Promise<{ code: number; stdout: string; stderr: string }> {
    const error = await command.then(
      () => undefined,
      (failure: { code: number; stdout: string; stderr: string }) => failure,
    );
    expect(error, "el comando terminó bien").toBeDefined();
    return error as { code: number; stdout: string; stderr: string };
  }

  const userArgs = (email: string) => ["panel", "user", "--workspace", workspace, "--email", email, "--role", "soporte"];

  beforeAll(async () => {
    workspace = (await createPanelWorkspace(server(), `Contraseñas CLI ${Date.now()}`)).name;
  }, 120_000);

  it("twelve spaces (--password, --password-stdin, with --json) exit 1 saying what to do, and create no user", async () => {
    const email = unique("cli-debil");
    for (const weak of [" ".repeat(12), "Password123!"]) {
      // Started one at a time: a command started before the previous one is awaited rejects unhandled.
      for (const run of [
        () => adminCli(server(), ...userArgs(email), "--password", weak),
        () => adminCliConEntrada(server(), weak, ...userArgs(email), "--password-stdin", "--json"),
      ]) {
        const { code, stdout, stderr } = await fallo(run());
        expect(code).toBe(1);
        expect(stdout).toBe("");
        expect(stderr).toMatch(/^Error: La contraseña es fácil de adivinar: usá tres o cuatro palabras/);
      }
    }
    expect(await emailsOf(workspace)).not.toContain(email);
  });

  it("a weak password for an existing user changes nothing: the old one still signs in, its sessions stay open", async () => {
    const email = unique("cli-existente");
    await createPanelUser(server(), { workspace, email, role: "soporte", password: "clave-de-soporte-03" });
    const cookie = await signInPanel(base(), email, "clave-de-soporte-03");
    const { code, stderr } = await fallo(adminCli(server(), ...userArgs(email), "--password", " ".repeat(12)));
    expect(code).toBe(1);
    expect(stderr).toMatch(DEBIL);
    expect((await fetch(`${base()}/panel`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(200);
    expect(await signInPanel(base(), email, "clave-de-soporte-03")).toMatch(/session-token/);
  });
});
