import { beforeAll, describe, expect, it } from "vitest";
import { server } from "../support/client";
import { unique } from "../support/consultas";
import { adminCli, createPanelUser, createPanelWorkspace, signInPanel, signInResponse } from "../support/panel";

/** A password set again ends the sessions signed in with the old one, and only those of that user. */

const base = () => server().baseUrl;
const panel = (cookie: string) => fetch(`${base()}/panel`, { headers: { Cookie: cookie }, redirect: "manual" });
const signedIn = async (cookie: string) => (await panel(cookie)).status === 200;

let workspace: string;
const admin = { email: unique("sesiones-admin"), password: "clave-del-admin-01" };
const soporte = { email: unique("sesiones-soporte"), password: "clave-de-soporte-01" };

beforeAll(async () => {
  workspace = (await createPanelWorkspace(server(), `Sesiones ${Date.now()}`)).name;
  await createPanelUser(server(), { workspace, role: "admin", ...admin });
  await createPanelUser(server(), { workspace, role: "soporte", ...soporte });
}, 60_000);

describe("Panel sessions after a password is set again", () => {
  it("the operator CLI's `panel user` ends the user's open sessions; a new sign-in works", async () => {
    const [adminCookie, soporteCookie] = [
      await signInPanel(base(), admin.email, admin.password),
      await signInPanel(base(), soporte.email, soporte.password),
    ];
    expect(await signedIn(soporteCookie)).toBe(true);

    await createPanelUser(server(), { workspace, role: "soporte", email: soporte.email, password: "clave-de-soporte-02" });

    const refused = await panel(soporteCookie);
    expect(refused.status).toBe(307);
    expect(refused.headers.get("location")).toMatch(/\/ingresar\?next=%2Fpanel$/);
    expect(await signedIn(adminCookie)).toBe(true);
    expect((await signInResponse(base(), soporte.email, soporte.password)).headers.getSetCookie().join()).not.toMatch(/session-token/);
    soporte.password = "clave-de-soporte-02";
    expect(await signedIn(await signInPanel(base(), soporte.email, soporte.password))).toBe(true);
  }, 60_000);

  it("an admin's new password for a member ends that member's sessions, not the admin's", async () => {
    const adminCookie = await signInPanel(base(), admin.email, admin.password);
    const soporteCookie = await signInPanel(base(), soporte.email, soporte.password);
    const members = JSON.parse(await adminCli(server(), "panel", "users", "--workspace", workspace, "--json")) as {
      Id: string;
      Email: string;
    }[];
    const id = members.find((member) => member.Email === soporte.email)?.Id;

    const reset = await fetch(`${base()}/panel/equipo/${id}/contrasena`, {
      method: "POST",
      headers: { Cookie: adminCookie, Origin: base(), "Content-Type": "application/json" },
      body: JSON.stringify({ Contrasena: "clave-de-soporte-03" }),
    });
    expect(reset.status).toBe(204);

    expect(await signedIn(soporteCookie)).toBe(false);
    expect(await signedIn(adminCookie)).toBe(true);
    expect(await signedIn(await signInPanel(base(), soporte.email, "clave-de-soporte-03"))).toBe(true);
  }, 60_000);
});
