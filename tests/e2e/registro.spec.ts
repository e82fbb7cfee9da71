import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import { promisify } from "node:util";
import { type Browser, expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { signRequest } from "../../lib/http/signing";
import { revisarPagina } from "../support/pagina";
import { freePort, startTestServer } from "../support/test-server";

/**
 * The whole invitation path for real: a real SMTP server on loopback receives the invitation sent
 * through SMTP_URL, Chromium follows the link and registers through the form, and the API sees the
 * agency registered. With and without JavaScript, and with the SMTP server down at first.
 */

const run = promisify(execFile);
const screenshots = "tests/e2e/screenshots";
mkdirSync(screenshots, { recursive: true });

test.describe.configure({ mode: "serial" });

type Received = { to: string; raw: string };
let smtpPort: number;
let smtp: SMTPServer | undefined;
const inbox: Received[] = [];
let service: Awaited<ReturnType<typeof startTestServer>>;
type Credentials = { AppKey: string; AppSecret: string };
let credentials: Credentials;
let otherApp: Credentials;

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        for (const recipient of session.envelope.rcptTo) inbox.push({ to: recipient.address.toLowerCase(), raw });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    smtp?.once("error", reject);
    smtp?.listen(smtpPort, "127.0.0.1", () => resolve());
  });
}

const stopSmtp = () => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));

/** The registration link of the newest message to `mail` (quoted-printable soft breaks undone). */
async function invitationLink(mail: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const message = inbox.filter((item) => item.to === mail).at(-1);
    const link = message?.raw.replace(/=\r?\n/g, "").match(/https?:\/\/[^\s"<>]+\/registro\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No llegó la invitación de ${mail}`);
}

function api(method: string, pathAndQuery: string, body?: unknown, app: Credentials = credentials) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signRequest({
    method,
    pathAndQuery,
    appKey: app.AppKey,
    appSecret: app.AppSecret,
    body: text,
    headers: text ? { "Content-Type": "application/json" } : {},
  });
  return fetch(service.info.baseUrl + pathAndQuery, { method, headers, body: text });
}

async function invite(mail: string) {
  const response = await api("POST", "/v3/agencias", { AdminMail: mail, Nombre: "Automotores del Sur" });
  expect(response.status).toBe(202);
  expect(response.headers.get("location")).toBe(`/v3/agencias/${mail}`);
}

async function registerInBrowser(browser: Browser, link: string, options: { javaScriptEnabled: boolean; screenshot?: string }) {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled, locale: "es-AR" });
  const page = await context.newPage();
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Registrá tu agencia");
  await expect(page.getByLabel("Nombre de la agencia")).toHaveValue("Automotores del Sur");
  await page.getByLabel("Teléfono").fill("+54 299 555-0101");
  await page.getByLabel("Provincia").selectOption({ label: "Neuquén" });
  await page.getByLabel("Ciudad").fill("Neuquén");
  await page.getByLabel("Tu nombre").fill("Carla");
  await page.getByLabel("Tu apellido").fill("Sosa");
  await page.getByLabel("Contraseña").fill("clave-muy-segura");
  await page.getByLabel("Compartir consultas de catálogo con Concesionarias Online").check();
  if (options.screenshot) await page.screenshot({ path: `${screenshots}/${options.screenshot}`, fullPage: true });
  await page.getByRole("button", { name: "Completar el registro" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Listo! Tu agencia quedó registrada");
  expect(new URL(page.url()).pathname).toMatch(/\/registro\/[A-Za-z0-9_-]+\/listo$/);
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await context.close();
}

async function expectRegistered(mail: string) {
  const response = await api("GET", `/v3/agencias/${mail}`);
  expect(response.status).toBe(200);
  const agencia = await response.json();
  expect(agencia).toMatchObject({ AdminMail: mail, Estado: "registrada", Region: "Neuquén", Ciudad: "Neuquén" });
  expect(agencia.Operadores).toEqual([{ Email: mail, Nombre: "Carla", Apellido: "Sosa", EsAdministrador: true }]);
}

test.beforeAll(async () => {
  // Booting a server and creating two apps took over a minute on a loaded 2-core machine.
  test.setTimeout(180_000);
  smtpPort = await freePort();
  await startSmtp();
  service = await startTestServer({ embedded: true, env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
  const createApp = async (name: string) =>
    JSON.parse(
      (
        await run("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/admin.ts", "app", "create", "--name", name, "--json"], {
          env: { ...process.env, ...service.info.env },
        })
      ).stdout,
    );
  [credentials, otherApp] = [await createApp("Concesionarias Online"), await createApp("Clasificados del Valle")];
});

test.afterAll(async () => {
  await service?.stop();
  await stopSmtp();
});

test("the invitation arrives by SMTP and the agency registers through the form", async ({ browser }) => {
  const mail = "ventas@automotoresdelsur.test";
  await invite(mail);
  const link = await invitationLink(mail);
  const message = inbox.filter((item) => item.to === mail).at(-1)?.raw ?? "";
  expect(message).toContain("Concesionarias Online");
  expect(message).toMatch(/Content-Type: text\/html/i);
  expect(message).toMatch(/Content-Type: text\/plain/i);
  expect((await (await api("GET", `/v3/agencias/${mail}`)).json()).Estado).toBe("pendiente");
  await registerInBrowser(browser, link, { javaScriptEnabled: true, screenshot: "registro.png" });
  await expectRegistered(mail);
});

test("the same registration works with JavaScript disabled (plain form post)", async ({ browser }) => {
  const mail = "sinjs@automotoresdelsur.test";
  await invite(mail);
  await registerInBrowser(browser, await invitationLink(mail), { javaScriptEnabled: false });
  await expectRegistered(mail);
});

test("with the SMTP server down the invitation waits, and arrives once it is back", async ({ browser }) => {
  const mail = "reintento@automotoresdelsur.test";
  await stopSmtp();
  await invite(mail);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(inbox.some((item) => item.to === mail)).toBe(false);
  await startSmtp();
  const link = await invitationLink(mail, 30_000);
  await registerInBrowser(browser, link, { javaScriptEnabled: false });
  await expectRegistered(mail);
});

test("a password that is easy to guess is refused in the browser, saying what to do, and nothing is sent (issue 17, item 9)", async ({
  page,
}) => {
  const mail = "debil@automotoresdelsur.test";
  await invite(mail);
  await page.goto(await invitationLink(mail));
  await page.getByLabel("Teléfono").fill("+54 299 555-0102");
  await page.getByLabel("Provincia").selectOption({ label: "Neuquén" });
  await page.getByLabel("Ciudad").fill("Neuquén");
  await page.getByLabel("Tu nombre").fill("Carla");
  await page.getByLabel("Tu apellido").fill("Sosa");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel("Contraseña").fill(" ".repeat(10));
  await page.getByLabel("Tu apellido").focus();
  await expect(page.locator("#Password-debil")).toHaveText(/fácil de adivinar: usá tres o cuatro palabras/);
  await expect(page.getByLabel("Contraseña")).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Completar el registro" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Registrá tu agencia");
  expect(posts).toEqual([]);

  await page.getByLabel("Contraseña").fill("clave-muy-segura");
  await page.getByRole("button", { name: "Completar el registro" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Listo! Tu agencia quedó registrada");
});

test("unknown registration links get the 404 page", async ({ page }) => {
  const response = await page.goto(`${service.info.baseUrl}/registro/${"x".repeat(43)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No encontramos esta invitación");
});

test("invited by a second app, an agency already registered connects its account (390 px)", async ({ browser }) => {
  const mail = "conectar@automotoresdelsur.test";
  await invite(mail);
  const first = await invitationLink(mail);
  const response = await api("POST", "/v3/agencias", { AdminMail: mail, Nombre: "Sur Usados" }, otherApp);
  expect(response.status).toBe(202);
  await expect.poll(() => inbox.filter((item) => item.to === mail).length).toBe(2);
  const second = await invitationLink(mail);
  expect(second).not.toBe(first);
  // The second app's e-mail, through SMTP, greets with what that app wrote, never with the first app's name for the agency.
  const message = (inbox.filter((item) => item.to === mail).at(-1)?.raw ?? "").replace(/=\r?\n/g, "");
  expect(message).toContain("Hola, equipo de Sur Usados:");
  expect(message).not.toContain("Automotores del Sur");
  await registerInBrowser(browser, first, { javaScriptEnabled: false });

  const context = await browser.newContext({ locale: "es-AR", viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  expect((await page.goto(second))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conectá tu agencia con Clasificados del Valle");
  await expect(page.getByLabel("Contraseña")).toHaveCount(0);
  await revisarPagina(page, "registro-conectar");
  await page.getByLabel("Compartir consultas de catálogo con Clasificados del Valle").check();
  await page.getByRole("button", { name: "Conectar con Clasificados del Valle" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Listo! Tu agencia quedó conectada con Clasificados del Valle");
  await expect(page.getByText("tu contraseña de siempre")).toBeVisible();
  await context.close();
  const agencia = await (await api("GET", `/v3/agencias/${mail}`, undefined, otherApp)).json();
  expect(agencia).toMatchObject({ Estado: "registrada", Nombre: "Automotores del Sur", Region: "Neuquén" });
});

test("the form says in Spanish, under each field, what is missing or wrong: no browser bubbles, nothing sent (issue 20)", async ({
  page,
}) => {
  const mail = "enlinea@automotoresdelsur.test";
  await invite(mail);
  await page.goto(await invitationLink(mail));
  expect(await page.locator("form").evaluate((form) => (form as HTMLFormElement).noValidate)).toBe(true);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.getByLabel("Nombre de la agencia").fill("");
  await page.getByLabel("Teléfono").fill("12");
  await page.getByRole("button", { name: "Completar el registro" }).click();
  await expect(page.locator("#Nombre-error-local")).toHaveText("Completá «Nombre de la agencia».");
  await expect(page.locator("#Telefono-error-local")).toHaveText("«Teléfono» necesita al menos 8 caracteres.");
  await expect(page.locator("#Region-error-local")).toHaveText("Elegí una opción en «Provincia».");
  await expect(page.locator("#Password-error-local")).toHaveText("Completá «Contraseña».");
  await expect(page.getByLabel("Nombre de la agencia")).toBeFocused();
  await expect(page.getByLabel("Nombre de la agencia")).toHaveAttribute("aria-invalid", "true");
  await revisarPagina(page, "registro-errores-en-linea");
  expect(posts).toEqual([]);

  // A message leaves as its field is edited; a pattern says what the field takes.
  await page.getByLabel("Nombre de la agencia").fill("Automotores del Sur");
  await expect(page.locator("#Nombre-error-local")).toHaveCount(0);
  await page.getByLabel("Teléfono").fill("teléfono: 1234");
  await page.getByRole("button", { name: "Completar el registro" }).click();
  await expect(page.locator("#Telefono-error-local")).toHaveText("Usá de 8 a 20 caracteres: dígitos, espacios, +, -, ( y ).");
  expect(posts).toEqual([]);

  await page.getByLabel("Teléfono").fill("+54 299 555-0103");
  await page.getByLabel("Provincia").selectOption({ label: "Neuquén" });
  await page.getByLabel("Ciudad").fill("Neuquén");
  await page.getByLabel("Tu nombre").fill("Carla");
  await page.getByLabel("Tu apellido").fill("Sosa");
  await page.getByLabel("Contraseña").fill("clave-muy-segura");
  await page.getByRole("button", { name: "Completar el registro" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Listo! Tu agencia quedó registrada");
});
