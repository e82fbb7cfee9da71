import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { revisarPagina } from "../support/pagina";
import { type ServicioPanel, startPanelService } from "../support/panel";

/**
 * Issue 9: with the Content-Security-Policy on (no inline script without the per-request nonce, no
 * eval, nothing from another origin), the pages still work in Chromium and report no violation:
 * sign-in, the Panel (react-query, forms), the dev mailbox, a registration page, the API reference,
 * the home page and a 404. And an injected inline script is blocked (the policy is really enforced).
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "CSP E2E";
const PASSWORD = "una-clave-de-prueba";
const ADMIN = "admin@csp-e2e.test";
const AGENCIA = "ventas@csp-e2e.test";

let service: ServicioPanel;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ service, base } = await startPanelService(WORKSPACE, [{ email: ADMIN, role: "admin" }], PASSWORD));
});

test.afterAll(async () => {
  await service?.stop();
});

/**
 * Every CSP violation of the context's pages: the `securitypolicyviolation` events (reported from
 * an init script, which runs before the page's own) and Chromium's console messages about the policy.
 */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("__reportCspViolation", ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const listen = (page: Page) =>
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
  context.on("page", listen);
  for (const page of context.pages()) listen(page);
  return violations;
}

async function signIn(page: Page) {
  await page.goto(`${base}/ingresar`);
  await expect(page.getByRole("heading", { name: "Ingresá al panel" })).toBeVisible();
  await revisarPagina(page, "csp-ingresar");
  // The form's client-side validation needs the page's JavaScript (hydrated with the nonce).
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page.getByText("Ingresá tu e-mail.")).toBeVisible();
  await page.getByLabel("E-mail").fill(ADMIN);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(`${base}/panel`);
}

test("the Panel works under the CSP: sign-in, agencias (invite), notificaciones, consultas, equipo, conexión; no violation", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(context);

  const response = await page.goto(`${base}/ingresar`);
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  await signIn(page);
  await revisarPagina(page, "csp-panel");

  // Client-side navigation (Next's router, chunks loaded by the nonce'd bootstrap).
  await page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Agencias" }).click();
  await expect(page).toHaveURL(`${base}/panel/agencias`);
  await expect(page.getByRole("heading", { name: "Agencias", level: 1 })).toBeVisible();

  // A react-hook-form form posting JSON to a route handler, then a router refresh.
  await page.getByLabel("E-mail del administrador").fill(AGENCIA);
  await page.getByLabel("Nombre de la agencia (opcional)").fill("Autos CSP");
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Enviamos la invitación a ${AGENCIA}.` })).toBeVisible();
  await expect(page.getByTestId("fila-agencia").filter({ hasText: AGENCIA })).toContainText("Pendiente");
  await expect(page).toHaveTitle(/\S/);
  await revisarPagina(page, "csp-panel-agencias");

  // The agency's detail page (a style="" progress bar: allowed by style-src-attr only).
  await page.getByRole("link", { name: "Autos CSP" }).click();
  await expect(page.getByRole("heading", { name: "Autos CSP", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/\S/);
  await revisarPagina(page, "csp-panel-agencia");

  await page.goto(`${base}/panel/notificaciones`);
  await expect(page.getByRole("heading", { name: "Notificaciones", level: 1 })).toBeVisible();
  await revisarPagina(page, "csp-panel-notificaciones");

  await page.goto(`${base}/panel/consultas`);
  await expect(page.getByRole("heading", { name: "Consultas", level: 1 })).toBeVisible();
  await revisarPagina(page, "csp-panel-consultas");

  // Equipo: a zod/mini form whose password the browser generates (crypto.getRandomValues).
  await page.goto(`${base}/panel/equipo`);
  await page.getByLabel("E-mail").fill("nuevo@csp-e2e.test");
  await page.getByLabel("Nombre", { exact: true }).fill("Nuevo CSP");
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(page.getByTestId("secreto-nuevo")).toBeVisible();
  await revisarPagina(page, "csp-panel-equipo");

  // Conexión: the connection test from the server.
  await page.goto(`${base}/panel/conexion`);
  await page.getByRole("button", { name: "Probar conexión" }).click();
  await expect(page.getByTestId("resultado-prueba")).toContainText("HTTP 200");
  await revisarPagina(page, "csp-panel-conexion");

  expect(violations).toEqual([]);
});

test("the dev mailbox, its message frame and the registration page work under the CSP; no violation", async ({ page, context }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(context);

  // The invitation of the first test, once the mail worker has delivered it to the dev mailbox.
  const mensaje = page.getByRole("link").filter({ hasText: "te invita a registrar tu agencia" }).first();
  await expect(async () => {
    await page.goto(`${base}/dev/mailbox`);
    await expect(mensaje).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await revisarPagina(page, "csp-buzon");
  await mensaje.click();
  await expect(page).toHaveURL(/\/dev\/mailbox\/[^/]+$/);
  // The e-mail's HTML in a sandboxed srcdoc frame (it inherits the page's policy).
  const frame = page.frameLocator('iframe[title="Versión HTML del mensaje"]');
  await expect(frame.locator("a[href*='/registro/']").first()).toBeVisible();
  await revisarPagina(page, "csp-buzon-mensaje");
  const link = ((await page.locator("pre").textContent()) ?? "").match(/https?:\/\/\S+\/registro\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();

  // The registration form works with JavaScript too (it posts a form: form-action 'self').
  await page.goto(link as string);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Registrá tu agencia");
  await revisarPagina(page, "csp-registro");
  await page.getByLabel("Teléfono").fill("+54 351 555-0101");
  await page.getByLabel("Provincia").selectOption({ label: "Córdoba" });
  await page.getByLabel("Ciudad").fill("Córdoba");
  await page.getByLabel("Tu nombre").fill("Ana");
  await page.getByLabel("Tu apellido").fill("Pérez");
  await page.getByLabel("Contraseña").fill("clave-muy-segura");
  await page.getByRole("button", { name: "Completar el registro" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Listo! Tu agencia quedó registrada");
  await revisarPagina(page, "csp-registro-listo");

  expect(violations).toEqual([]);
});

test("the API reference (Scalar) renders and responds to clicks under its own CSP; no violation", async ({ page, context }) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(context);
  const response = await page.goto(`${base}/docs/api`);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self';");
  await expect(page.getByText("Vitrina API v3").first()).toBeVisible({ timeout: 30_000 });
  // Its JavaScript runs: opening a group of the sidebar shows its operations.
  await page.getByRole("button", { name: /^Consultas/ }).click();
  await expect(page.getByRole("button", { name: /^Reenvía el webhook de una consulta reciente/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Developer Tools" })).toHaveCount(0);
  await page.screenshot({ path: "tests/e2e/screenshots/csp-referencia-api.png" });
  expect(violations).toEqual([]);
});

test("the home page and a 404 page: no violation; an injected inline script is blocked", async ({ page, context }) => {
  const violations = await watchViolations(context);

  await page.goto(`${base}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Integración de agencias para apps asociadas");
  await revisarPagina(page, "csp-inicio");

  const missing = await page.goto(`${base}/no-existe`);
  expect(missing?.status()).toBe(404);
  await revisarPagina(page, "csp-404");
  expect(violations).toEqual([]);

  // What a stored or reflected XSS would do: markup with an inline event handler. Without the nonce
  // (and with no 'unsafe-inline') the browser refuses to run it and reports the violation.
  await page.goto(`${base}/`);
  await page.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", '<img src="/no-existe.png" alt="" onerror="window.__inyectado = true">');
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __inyectado?: boolean }).__inyectado)).toBeUndefined();
  expect(violations.join("\n")).toMatch(/script-src/);
});
