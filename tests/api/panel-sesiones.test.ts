import { readFileSync } from "node:fs";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { operar, server } from "../support/client";
import { unique } from "../support/consultas";
import { createPanelUser, createPanelWorkspace, signInPanel, signInResponse } from "../support/panel";

/** A password set again ends the sessions signed in with the old one, and only those of that user. */

const base = () => server().baseUrl;
const panel = (cookie: string) => fetch(`${base()}/panel`, { headers: { Cookie: cookie }, redirect: "manual" });
const signedIn = async (cookie: string) => (await panel(cookie)).status === 200;

let workspace: string;
const admin = { email: unique("sesiones-admin"), password: "clave-del-admin-01" };
const soporte = { email: unique("sesiones-soporte"), password: "clave-de-soporte-01" };
// Each of these is signed out, or has its sessions forged, by one test only.
const saliente = { email: unique("sesiones-salir"), password: "clave-de-salir-01" };
const salienteNextAuth = { email: unique("sesiones-signout"), password: "clave-de-salir-02" };
const vigente = { email: unique("sesiones-vigencia"), password: "clave-de-vigencia-01" };

beforeAll(async () => {
  workspace = (await createPanelWorkspace(server(), `Sesiones ${Date.now()}`)).name;
  await createPanelUser(server(), { workspace, role: "admin", ...admin });
  await createPanelUser(server(), { workspace, role: "soporte", ...soporte });
  for (const user of [saliente, salienteNextAuth, vigente]) await createPanelUser(server(), { workspace, role: "admin", ...user });
}, 240_000);

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

  it("the same password set again (as `seed demo` resets the demo users) ends no session (issue 34, part 5)", async () => {
    const adminCookie = await signInPanel(base(), admin.email, admin.password);
    await createPanelUser(server(), { workspace, role: "admin", ...admin });
    expect(await signedIn(adminCookie)).toBe(true);
  }, 60_000);

  it("an admin's new password for a member ends that member's sessions, not the admin's", async () => {
    const adminCookie = await signInPanel(base(), admin.email, admin.password);
    const soporteCookie = await signInPanel(base(), soporte.email, soporte.password);
    const id = await userId(soporte.email);

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

/** Issue 17, item 5 (docs/decisions/0029): signing out ends the session; no session outlives 12 hours. */

const session = (cookie: string) => fetch(`${base()}/api/auth/session`, { headers: { Cookie: cookie } });
const HOUR = 60 * 60 * 1000;

/** The server's AUTH_SECRET: given with DATABASE_URL, generated into DATA_DIR when embedded. */
function authSecret(): string {
  const { AUTH_SECRET, DATA_DIR } = server().env;
  return (
    AUTH_SECRET ?? (JSON.parse(readFileSync(path.join(DATA_DIR as string, "secrets.json"), "utf8")) as { AUTH_SECRET: string }).AUTH_SECRET
  );
}

/** A session cookie as the server would have issued it to `user` at `signedInAt`. */
async function cookieSignedInAt(user: { id: string; email: string }, signedInAt: number): Promise<string> {
  const token = await encode({
    token: { sub: user.id, email: user.email, name: null, signedInAt },
    secret: authSecret(),
    maxAge: 12 * 60 * 60,
  });
  return `next-auth.session-token=${token}`;
}

async function userId(email: string): Promise<string> {
  const members = await operar<{ Id: string; Email: string }[]>("panel.users", { workspace });
  return members.find((member) => member.Email === email)?.Id as string;
}

describe("Signing out", () => {
  it("after Salir, a copy of the session cookie opens nothing, and the session endpoint does not renew it", async () => {
    const copied = await signInPanel(base(), saliente.email, saliente.password);
    expect(await signedIn(copied)).toBe(true);

    const salir = await fetch(`${base()}/panel/salir`, { method: "POST", headers: { Cookie: copied, Origin: base() }, redirect: "manual" });
    expect(salir.status).toBe(303);

    const refused = await panel(copied);
    expect(refused.status).toBe(307);
    expect(refused.headers.get("location")).toMatch(/\/ingresar\?next=%2Fpanel$/);
    const renewal = await session(copied);
    expect(await renewal.json()).toEqual({});
    expect(renewal.headers.getSetCookie().join()).toMatch(/next-auth\.session-token=;/);
    // Signing in again works.
    expect(await signedIn(await signInPanel(base(), saliente.email, saliente.password))).toBe(true);
  }, 60_000);

  it("next-auth's own sign-out endpoint ends the session on the server too", async () => {
    const copied = await signInPanel(base(), salienteNextAuth.email, salienteNextAuth.password);
    const csrf = await fetch(`${base()}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
    const signOut = await fetch(`${base()}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: [copied, ...csrfCookie].join("; "), "Content-Type": "application/x-www-form-urlencoded", Origin: base() },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
    expect(signOut.status).toBeLessThan(400);
    expect(await signedIn(copied)).toBe(false);
  }, 60_000);
});

describe("A session's absolute lifetime: 12 hours from its sign-in", () => {
  it("a session signed in 11 hours ago works, and its renewal says it ends 12 hours after its sign-in", async () => {
    const user = { id: await userId(vigente.email), email: vigente.email };
    const signedInAt = Date.now() - 11 * HOUR;
    const cookie = await cookieSignedInAt(user, signedInAt);
    expect(await signedIn(cookie)).toBe(true);
    const renewed = (await (await session(cookie)).json()) as { expires: string };
    expect(Date.parse(renewed.expires)).toBeLessThanOrEqual(signedInAt + 12 * HOUR);
  }, 60_000);

  it("past 12 hours from its sign-in, a session opens nothing and is not renewed, however recently it was", async () => {
    const user = { id: await userId(vigente.email), email: vigente.email };
    // A cookie renewed a minute ago (its own expiry 12 hours away) for a sign-in 12 hours and a minute ago.
    const cookie = await cookieSignedInAt(user, Date.now() - 12 * HOUR - 60_000);
    expect((await panel(cookie)).status).toBe(307);
    const renewal = await session(cookie);
    expect(await renewal.json()).toEqual({});
    expect(renewal.headers.getSetCookie().join()).toMatch(/next-auth\.session-token=;/);
  }, 60_000);
});
