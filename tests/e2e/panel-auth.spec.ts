import { expect, type Page, test } from "@playwright/test";
import { revisarPagina } from "../support/pagina";
import { type ServicioPanel, startPanelService } from "../support/panel";

/**
 * Signing in to the dashboard for real: a server of its own on a fresh embedded data directory, a
 * workspace and one user per role created with the operator CLI (`panel workspace`, `panel user`).
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Concesionarias E2E";
const PASSWORD = "una-clave-de-prueba";
const users = {
  admin: { email: "admin@panel-e2e.test", role: "admin" as const },
  soporte: { email: "soporte@panel-e2e.test", role: "soporte" as const },
  agencia: { email: "vendedor@agencia-e2e.test", role: "agencia" as const, agency: "ventas@agencia-e2e.test" },
  bloqueo: { email: "bloqueo@panel-e2e.test", role: "admin" as const },
};

let service: ServicioPanel;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ service, base } = await startPanelService(WORKSPACE, Object.values(users), PASSWORD));
});

test.afterAll(async () => {
  await service?.stop();
});

/** Fills and sends the form, and waits for the server's answer. */
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Ingresar" }).click();
  await answered;
}

/** The form's error (Next's route announcer is another role=alert element on the page). */
const formError = (page: Page) => page.locator("#ingreso-error[role=alert]");

test("a panel URL typed while signed out goes to /ingresar and comes back after signing in", async ({ page }) => {
  await page.goto(`${base}/panel/agencias`);
  await expect(page).toHaveURL(`${base}/ingresar?next=${encodeURIComponent("/panel/agencias")}`);
  await expect(page.getByRole("heading", { name: "Ingresá al panel" })).toBeVisible();
  await revisarPagina(page, "panel-ingresar");

  await signIn(page, users.soporte.email, PASSWORD);
  await expect(page).toHaveURL(`${base}/panel/agencias`);
  await expect(page.getByRole("heading", { name: "Agencias" })).toBeVisible();
});

test("a wrong password shows the error, announced as an alert", async ({ page }) => {
  await page.goto(`${base}/ingresar`);
  await signIn(page, users.admin.email, "no-es-la-clave");
  await expect(formError(page)).toHaveText("El e-mail o la contraseña no son correctos.");
  await expect(page).toHaveURL(`${base}/ingresar`);
  await revisarPagina(page, "panel-ingresar-error");
});

test("an error next-auth puts in the URL is shown by its code, never as the URL's text", async ({ page }) => {
  await page.goto(`${base}/ingresar?error=CredentialsSignin`);
  await expect(formError(page)).toHaveText("El e-mail o la contraseña no son correctos.");
  await page.goto(`${base}/ingresar?error=IngresoBloqueado%3A15`);
  await expect(formError(page)).toContainText("el ingreso queda bloqueado 15 minutos");
  await revisarPagina(page, "panel-ingresar-bloqueado");
  await page.goto(`${base}/ingresar?error=${encodeURIComponent("Llamá al 0800-ESTAFA")}`);
  await expect(formError(page)).toHaveText("No pudimos iniciar la sesión. Probá de nuevo.");
});

test("the form checks its fields and works with the keyboard alone", async ({ page }) => {
  await page.goto(`${base}/ingresar`);
  await page.getByLabel("E-mail").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Ingresá tu e-mail.")).toBeVisible();
  await expect(page.getByText("Ingresá tu contraseña.")).toBeVisible();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("E-mail").focus();
  await page.keyboard.type(users.admin.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Contraseña")).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${base}/panel`);
});

test("signing in lands on the panel with the header of the user; signing out ends the session", async ({ page, context }) => {
  await page.goto(`${base}/ingresar`);
  await signIn(page, users.admin.email, PASSWORD);
  await expect(page).toHaveURL(`${base}/panel`);
  await expect(page.getByTestId("espacio")).toHaveText(WORKSPACE);
  await expect(page.getByTestId("usuario")).toHaveText(users.admin.email);
  await expect(page.getByTestId("rol")).toHaveText("Administración");
  const nav = page.getByRole("navigation", { name: "Secciones del panel" });
  await expect(nav.getByRole("link")).toHaveText([
    "Agencias",
    "Notificaciones",
    "Consultas",
    "Publicaciones",
    "Alertas",
    "Equipo",
    "Conexión",
  ]);
  await revisarPagina(page, "panel-inicio");

  const session = (await context.cookies()).find((cookie) => cookie.name.endsWith("next-auth.session-token"));
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });

  await page.getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(`${base}/ingresar`);
  expect((await context.cookies()).some((cookie) => cookie.name.endsWith("next-auth.session-token"))).toBe(false);
  await page.goto(`${base}/panel`);
  await expect(page).toHaveURL(`${base}/ingresar?next=${encodeURIComponent("/panel")}`);
});

test("an agencia user lands on its home, reaches its enquiries and is refused the other sections", async ({ page }) => {
  await page.goto(`${base}/ingresar`);
  await signIn(page, users.agencia.email, PASSWORD);
  await expect(page).toHaveURL(`${base}/panel`);
  // Its home (the agency is not registered with this app here: the numbers' place says so).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Hola\b/);
  await expect(page.getByText(`La agencia ${users.agencia.agency} no existe`)).toBeVisible();
  await page.goto(`${base}/panel/consultas`);
  await expect(page.getByText(`Consultas de ${users.agencia.agency} que ve ${users.agencia.email}.`)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link")).toHaveText([
    "Consultas",
    "Publicaciones",
    "Paquete",
    "Alertas",
  ]);

  for (const path of ["/panel/notificaciones", "/panel/agencias"]) {
    const response = await page.goto(`${base}${path}`);
    await expect(page.getByRole("heading", { name: "No tenés permiso para ver esta página" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Notificaciones" })).toHaveCount(0);
    expect(response?.status()).toBe(403);
  }
  await revisarPagina(page, "panel-sin-permiso");
});

test("an admin typing the agencia-only /panel/paquete gets the Panel's 403 page", async ({ page }) => {
  await page.goto(`${base}/ingresar?next=${encodeURIComponent("/panel/paquete")}`);
  await signIn(page, users.admin.email, PASSWORD);
  await page.waitForURL((url) => url.pathname !== "/ingresar");
  const response = await page.goto(`${base}/panel/paquete`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "No tenés permiso para ver esta página" })).toBeVisible();
  await expect(page.getByText("Error 403")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Paquete" })).toHaveCount(0);
  // Inside the Panel's frame: its header and the way back to its start.
  await expect(page.getByTestId("rol")).toHaveText("Administración");
  await expect(page.getByRole("link", { name: "Volver al inicio del panel" })).toBeVisible();
  await revisarPagina(page, "panel-admin-paquete-sin-permiso");
});

test("an unknown Panel address and an impossible topic get the Panel's own 404 page", async ({ page }) => {
  await page.goto(`${base}/ingresar`);
  await signIn(page, users.soporte.email, PASSWORD);
  await page.waitForURL((url) => url.pathname !== "/ingresar");
  for (const path of ["/panel/no-existe/tampoco", "/panel/notificaciones/-otro-/entregas"]) {
    const response = await page.goto(`${base}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No encontramos esta página" })).toBeVisible();
    await expect(page.getByTestId("rol")).toHaveText("Soporte");
  }
  await revisarPagina(page, "panel-no-encontrada");
  await page.getByRole("link", { name: "Volver al inicio del panel" }).click();
  await expect(page).toHaveURL(`${base}/panel`);
});

test("after 5 failures from one address the e-mail is blocked there for the rest of the window, with a clear message", async ({ page }) => {
  await page.goto(`${base}/ingresar`);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await signIn(page, users.bloqueo.email, `mala-${attempt}`);
    await expect(formError(page)).toHaveText("El e-mail o la contraseña no son correctos.");
  }
  await signIn(page, users.bloqueo.email, PASSWORD);
  await expect(formError(page)).toContainText("Demasiados intentos fallidos");
  await expect(formError(page)).toContainText("15 minutos");
  await expect(page).toHaveURL(`${base}/ingresar`);
  await revisarPagina(page, "panel-ingresar-bloqueado-formulario");

  // The server sends a code, not a sentence: in English the same refusal reads in English.
  await page.getByRole("button", { name: "English" }).click();
  await page.getByLabel("E-mail").fill(users.bloqueo.email);
  await page.getByLabel("Password").fill(PASSWORD);
  const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await answered;
  await expect(formError(page)).toContainText("Too many failed attempts");
  await expect(formError(page)).toContainText(/1[45] minutes/);
  await expect(formError(page)).not.toContainText("Demasiados");
});
