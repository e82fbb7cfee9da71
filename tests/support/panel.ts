import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { operarEn, type ServerEnv } from "./operador";
import { startTestServer } from "./test-server";

/**
 * Panel fixtures by the operator's operations, as `panel workspace` and `panel user` create them
 * against a running test server's data (tests/support/operador.ts), and the operator CLI itself for
 * the tests of the CLI.
 */

const run = promisify(execFile);

export type { ServerEnv };
export type PanelRole = "admin" | "soporte" | "agencia";

export async function adminCli(server: ServerEnv, ...args: string[]): Promise<string> {
  return adminCliConEntrada(server, "", ...args);
}

/** adminCli with `entrada` on the command's stdin (e.g. a password for `panel user --password-stdin`). */
export async function adminCliConEntrada(server: ServerEnv, entrada: string, ...args: string[]): Promise<string> {
  const { DATABASE_URL: _embedded, ...inherited } = process.env;
  const pending = run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/admin.ts", ...args], {
    env: { ...inherited, ...server.env },
  });
  pending.child.stdin?.end(entrada);
  return (await pending).stdout;
}

/** An app of the service and a workspace of the panel signing with it. */
export async function createPanelWorkspace(
  server: ServerEnv,
  name: string,
): Promise<{ name: string; appKey: string; credentials: { AppKey: string; AppSecret: string } }> {
  const app = await operarEn<{ AppKey: string; AppSecret: string }>(server, "app.create", { name: `App de ${name}` });
  await operarEn(server, "panel.workspace", { name, api: server.baseUrl, appKey: app.AppKey, appSecret: app.AppSecret });
  return { name, appKey: app.AppKey, credentials: { AppKey: app.AppKey, AppSecret: app.AppSecret } };
}

export async function createPanelUser(
  server: ServerEnv,
  user: { workspace: string; email: string; role: PanelRole; password: string; agency?: string; name?: string },
): Promise<void> {
  await operarEn(server, "panel.user", user);
}

/**
 * Signs in to the Panel over plain HTTP, as the sign-in form does: next-auth's CSRF token (and its
 * cookie), then the credentials callback, whose answer sets the session cookie.
 */
export async function signInResponse(
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...headers,
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookiePairs(csrf.headers.getSetCookie()).join("; "),
      Origin: baseUrl,
    },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${baseUrl}/panel`, json: "true" }),
  });
}

const cookiePairs = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0] as string);

/** Signs in (signInResponse) and returns the Cookie header of the session. */
export async function signInPanel(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await signInResponse(baseUrl, email, password);
  const session = cookiePairs(response.headers.getSetCookie()).filter((pair) =>
    /^(?:__Secure-)?next-auth\.session-token(?:\.\d+)?=/.test(pair),
  );
  if (session.length === 0) throw new Error(`No se pudo ingresar al panel como ${email}: ${response.status} ${await response.text()}`);
  return session.join("; ");
}

/**
 * Opens `destino` in `page` signed in as `email`: the session of a sign-in over HTTP (signInPanel) set
 * as the browser's cookie, one page load instead of the sign-in form's three (form, callback, the
 * destination). The form itself is what panel-auth.spec.ts, panel-equipo.spec.ts and
 * panel-idioma.spec.ts exercise.
 */
export async function abrirConSesion(page: Page, base: string, email: string, password: string, destino: string): Promise<void> {
  const sesion = await signInPanel(base, email, password);
  const cookies = sesion.split("; ").map((pair) => {
    const igual = pair.indexOf("=");
    return { name: pair.slice(0, igual), value: pair.slice(igual + 1), url: base };
  });
  await page.context().addCookies(cookies);
  await page.goto(new URL(destino, base).toString());
}

type NewUser = { email: string; role: PanelRole; agency?: string; name?: string };
export type ServicioPanel = Awaited<ReturnType<typeof startTestServer>>;

/**
 * An e2e spec's own service: an embedded server on a fresh data directory, an app and a Panel
 * workspace signing with it, and these users (all with one password). Stop it with `service.stop()`.
 */
export async function startPanelService(workspace: string, users: NewUser[], password: string) {
  const service = await startTestServer({ embedded: true });
  const { credentials } = await createPanelWorkspace(service.info, workspace);
  for (const user of users) await createPanelUser(service.info, { workspace, password, ...user });
  return { service, base: service.info.baseUrl, credentials };
}
