import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { startApiIntermedia } from "../support/api-intermedia";
import { revisarPagina } from "../support/pagina";
import { adminCli, type ServicioPanel, startPanelService } from "../support/panel";

/**
 * The states of a Panel page that only a slow or odd API shows: the inbox while it loads, and the
 * Panel's error page when a page throws. The workspace's API is a server of the test's own in front
 * of the real one (tests/support/api-intermedia.ts), which holds the requests or breaks the answers.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Estados E2E";
const PASSWORD = "una-clave-de-prueba";
const ADMIN = "admin@estados-e2e.test";

let service: ServicioPanel;
let base: string;
let intermedia: Awaited<ReturnType<typeof startApiIntermedia>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  let credentials: { AppKey: string; AppSecret: string };
  ({ service, base, credentials } = await startPanelService(WORKSPACE, [{ email: ADMIN, role: "admin" }], PASSWORD));
  intermedia = await startApiIntermedia(base);
  const conexion = ["--api", intermedia.url, "--app-key", credentials.AppKey, "--app-secret", credentials.AppSecret];
  await adminCli(service.info, "panel", "workspace", "--name", WORKSPACE, ...conexion, "--json");
});

test.afterAll(async () => {
  await intermedia?.close();
  await service?.stop();
});

test.afterEach(() => {
  intermedia.pasar();
});

async function ingresar(page: Page) {
  await page.goto(`${base}/ingresar`);
  await page.getByLabel("E-mail").fill(ADMIN);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL(`${base}/panel`);
}

test("the inbox shows its loading state while the API has not answered, then the enquiries", async ({ page }) => {
  await ingresar(page);
  intermedia.retener();
  // The page streams its loading state first; the rest waits for the API, held by the test.
  await page.goto(`${base}/panel/consultas`, { waitUntil: "commit" });
  await expect(page.getByRole("status").filter({ hasText: "Cargando las consultas…" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Consultas" })).toBeVisible();
  await expect.poll(() => intermedia.retenidas()).toBeGreaterThan(0);
  await revisarPagina(page, "consultas-cargando");

  intermedia.pasar();
  await expect(page.getByRole("heading", { name: "Todavía no hay agencias registradas" })).toBeVisible();
  await expect(page.getByText("Cargando las consultas…")).toHaveCount(0);
});

test("a page that throws shows the Panel's error page, translated, with the digest; retrying shows the page", async ({ page }) => {
  await ingresar(page);
  // An API that answers 200 with nothing the Panel expects: rendering the inbox throws.
  intermedia.romper();
  const inbox = `${base}/panel/consultas?agencia=nadie@estados-e2e.test`;
  await page.goto(inbox);
  await expect(page.getByRole("heading", { level: 1, name: "No pudimos mostrar esta página" })).toBeVisible();
  await expect(page.getByText("Error inesperado", { exact: true })).toBeVisible();
  await expect(page.getByTestId("codigo-error")).toContainText(/Código del error: \S+/);
  // The code is the one the server logged the error with.
  const digest = (await page.getByTestId("codigo-error").locator("code").textContent()) as string;
  await expect.poll(() => readFileSync(service.info.logFile, "utf8")).toContain(digest);
  // Inside the Panel's frame: its header and navigation stay.
  await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();
  await revisarPagina(page, "panel-error-inesperado");

  // The same in English.
  await page.request.post(`${base}/idioma`, { form: { idioma: "en", volver: "/panel" }, headers: { Origin: base } });
  await page.goto(inbox);
  await expect(page.getByRole("heading", { level: 1, name: "We could not show this page" })).toBeVisible();
  await expect(page.getByTestId("codigo-error")).toContainText(/Error code: \S+/);
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
  await revisarPagina(page, "panel-error-inesperado-en");

  // Once the API answers as expected again, retrying renders the page in place.
  intermedia.pasar();
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "We could not show this page" })).toHaveCount(0);
  await expect(page).toHaveURL(inbox);
  await page.request.post(`${base}/idioma`, { form: { idioma: "es-AR", volver: "/panel" }, headers: { Origin: base } });
});
