import { type Browser, expect, type Page, test } from "@playwright/test";
import { revisarPagina } from "../support/pagina";
import { abrirConSesion, adminCli, type ServicioPanel, startPanelService } from "../support/panel";

/**
 * The Agencias part of the Panel for real: a server of its own on a fresh embedded data directory
 * (e-mail stays in its dev mailbox), a workspace and one user per role made with the operator CLI.
 * The admin invites, the agency registers through the e-mailed link, the admin edits and detaches it;
 * soporte only reads (and a forged mutation is refused); an agencia user sees only its package.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Agencias E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@autos-del-centro.test";
const NOMBRE = "Autos del Centro";
const OPERADOR = { email: "vale@autos-del-centro.test", nombre: "Valeria", apellido: "Ríos" };
const users = {
  admin: { email: "admin@agencias-e2e.test", role: "admin" as const },
  soporte: { email: "soporte@agencias-e2e.test", role: "soporte" as const },
  agencia: { email: OPERADOR.email, role: "agencia" as const, agency: AGENCIA },
};

let service: ServicioPanel;
let base: string;
const detalle = () => `${base}/panel/agencias/${encodeURIComponent(AGENCIA)}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ({ service, base } = await startPanelService(WORKSPACE, Object.values(users), PASSWORD));
});

test.afterAll(async () => {
  await service?.stop();
});

async function ingresar(page: Page, email: string, next: string) {
  await abrirConSesion(page, base, email, PASSWORD, next);
}

/** The registration link of the newest invitation to `mail`, from the server's dev mailbox. */
async function invitationLink(mail: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const messages = JSON.parse(await adminCli(service.info, "mail", "list", "--to", mail, "--json")) as { Texto: string }[];
    const link = messages[0]?.Texto.match(/https?:\/\/\S+\/registro\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No llegó la invitación de ${mail}`);
}

/** The invited person registers in a browser of their own (no panel session). */
async function registrarEnElNavegador(browser: Browser, link: string) {
  const context = await browser.newContext({ locale: "es-AR" });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Registrá tu agencia");
  await expect(page.getByLabel("Nombre de la agencia")).toHaveValue(NOMBRE);
  await page.getByLabel("Teléfono").fill("+54 351 555-0101");
  await page.getByLabel("Provincia").selectOption({ label: "Córdoba" });
  await page.getByLabel("Ciudad").fill("Córdoba");
  await page.getByLabel("Tu nombre").fill("Ana");
  await page.getByLabel("Tu apellido").fill("Pérez");
  await page.getByLabel("Contraseña").fill("clave-muy-segura");
  await page.getByRole("button", { name: "Completar el registro" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Listo! Tu agencia quedó registrada");
  await context.close();
}

/** revisarPagina once the page has its title (Next streams the metadata after a router.refresh()). */
async function revisar(page: Page, nombre: string) {
  await expect(page).toHaveTitle(/\S/);
  await revisarPagina(page, nombre);
}

const filaDe = (page: Page, mail: string) => page.getByTestId("fila-agencia").filter({ hasText: mail });

test("admin invites an agency, it registers through the e-mailed link and appears as registrada", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await ingresar(page, users.admin.email, "/panel/agencias");
  await expect(page.getByRole("heading", { name: "Agencias", level: 1 })).toBeVisible();
  await expect(page.getByText("Todavía no hay agencias")).toBeVisible();
  await revisar(page, "panel-agencias-vacio");

  // Client-side validation with the API's limits.
  const mail = page.getByLabel("E-mail del administrador");
  await mail.fill("no-es-un-mail");
  await page.getByLabel("Teléfono (opcional)").fill("abc");
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText("Ingresá un e-mail válido, p. ej. ventas@agencia.com.ar.")).toBeVisible();
  await expect(page.getByText("Usá de 8 a 20 caracteres: dígitos, espacios, +, -, ( y ).")).toBeVisible();
  await expect(mail).toHaveAttribute("aria-invalid", "true");
  await mail.fill(`${"a".repeat(45)}@x.test`);
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText("El e-mail puede tener hasta 50 caracteres.")).toBeVisible();
  await revisar(page, "panel-agencias-invitar-errores");

  await mail.fill(AGENCIA.toUpperCase());
  await page.getByLabel("Nombre de la agencia (opcional)").fill(NOMBRE);
  await page.getByLabel("Teléfono (opcional)").fill("");
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Enviamos la invitación a ${AGENCIA}.` })).toBeVisible();
  await expect(mail).toHaveValue("");
  await expect(filaDe(page, AGENCIA)).toContainText("Pendiente");
  await revisar(page, "panel-agencias-invitada");

  await registrarEnElNavegador(browser, await invitationLink(AGENCIA));

  await page.goto(`${base}/panel/agencias?estado=registrada`);
  await expect(page.getByLabel("Estado")).toHaveValue("registrada");
  await expect(filaDe(page, AGENCIA)).toContainText("Registrada");
  await expect(filaDe(page, AGENCIA)).toContainText("Córdoba");
  await revisar(page, "panel-agencias-registrada");

  // The search lives in the URL.
  await page.getByLabel("Buscar por e-mail o nombre").fill("centro");
  await page.getByLabel("Estado").selectOption("todas");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/[?&]q=centro/);
  await expect(filaDe(page, AGENCIA)).toBeVisible();
  await page.getByLabel("Buscar por e-mail o nombre").fill("no-existe");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Ninguna agencia coincide con la búsqueda")).toBeVisible();
  await revisar(page, "panel-agencias-sin-resultados");

  // Inviting a registered address: the API's 409 next to the field.
  await page.goto(`${base}/panel/agencias`);
  await mail.fill(AGENCIA);
  await page.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.locator("#invitacion-mail-error")).toHaveText("El e-mail ya está registrado.");
  await expect(mail).toBeFocused();
  await revisar(page, "panel-agencias-invitar-409");
});

test("the detail shows data, operators and package; the city is edited with the API's best match", async ({ page }) => {
  await adminCli(
    service.info,
    "agency",
    "operator",
    "--admin",
    AGENCIA,
    "--email",
    OPERADOR.email,
    "--nombre",
    OPERADOR.nombre,
    "--apellido",
    OPERADOR.apellido,
    "--json",
  );
  await adminCli(
    service.info,
    "agency",
    "plan",
    "--admin",
    AGENCIA,
    "--plan",
    "Concesionaria Plus",
    "--estado",
    "activo",
    "--publicaciones",
    "20",
    "--desde",
    "2026-01-01",
    "--hasta",
    "2026-12-31",
    "--json",
  );

  await ingresar(page, users.admin.email, "/panel/agencias");
  await page.getByRole("link", { name: NOMBRE }).click();
  await expect(page).toHaveURL(detalle());
  await expect(page.getByRole("heading", { name: NOMBRE, level: 1 })).toBeVisible();
  await expect(page.getByTestId("dato-ciudad")).toHaveText("Córdoba");
  const operadores = page.getByRole("table", { name: `Operadores de ${NOMBRE}` });
  await expect(operadores.getByRole("row")).toHaveCount(3);
  await expect(operadores).toContainText("Ana Pérez");
  await expect(operadores).toContainText(`${OPERADOR.nombre} ${OPERADOR.apellido}`);
  await expect(page.getByText("Concesionaria Plus")).toBeVisible();
  const publicaciones = page.getByRole("progressbar", { name: "Publicaciones activas" });
  await expect(publicaciones).toHaveAttribute("aria-valuemax", "20");
  await expect(publicaciones).toHaveAttribute("aria-valuetext", /de 20 usadas/);
  for (const nivel of ["Alta", "Media", "Baja"]) await expect(page.getByRole("progressbar", { name: `Exposición ${nivel}` })).toBeVisible();
  await revisar(page, "panel-agencia-detalle");

  // The data once: the form opens on demand.
  await expect(page.getByLabel("Provincia")).toHaveCount(0);
  await page.getByRole("link", { name: "Editar datos" }).click();
  await expect(page).toHaveURL(/\?editar=1$/);
  await expect(page.getByTestId("dato-ciudad")).toHaveCount(0);
  await expect(page.getByLabel("Provincia")).toHaveValue("Córdoba");
  // A city that is not in the catalogue as typed: what would be saved is said, and can be taken.
  await page.getByLabel("Ciudad", { exact: true }).fill("Rosario");
  const aproximada = page.getByTestId("ciudad-aproximada");
  await expect(aproximada).toContainText(
    "No encontramos «Rosario» tal cual en el catálogo. La más parecida es Villa del Rosario (Córdoba)",
  );
  await revisar(page, "panel-agencia-editar-aproximada");
  await aproximada.getByRole("button", { name: "Usar Villa del Rosario" }).click();
  await expect(page.getByLabel("Ciudad", { exact: true })).toHaveValue("Villa del Rosario");
  await expect(page.locator("#edicion-ciudad-coincidencia")).toHaveText("✓ Coincidencia en el catálogo: Villa del Rosario (Córdoba)");
  await page.getByLabel("Ciudad", { exact: true }).fill("villa maria");
  await expect(page.locator("#edicion-ciudad-coincidencia")).toHaveText("✓ Coincidencia en el catálogo: Villa María (Córdoba)");
  await revisar(page, "panel-agencia-editar-coincidencia");
  await page.getByLabel("WhatsApp").fill("123");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Usá + seguido de 8 a 19 dígitos, p. ej. +5493515550101.")).toBeVisible();
  await page.getByLabel("WhatsApp").fill("+5493515550101");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Guardamos los cambios." })).toContainText("Villa María (Córdoba)");
  await expect(page).toHaveURL(/\?guardado=1$/);
  await expect(page.getByTestId("dato-ciudad")).toHaveText("Villa María");
  await expect(page.getByLabel("Ciudad", { exact: true })).toHaveCount(0);
  await revisar(page, "panel-agencia-editada");

  await page.reload();
  await expect(page.getByTestId("dato-ciudad")).toHaveText("Villa María");
  await expect(page.getByTestId("dato-whatsapp")).toHaveText("+5493515550101");
});

test("soporte reads the list and the detail, sees no mutation, and a forged request is refused", async ({ page }) => {
  await ingresar(page, users.soporte.email, "/panel/agencias");
  await expect(filaDe(page, AGENCIA)).toContainText("Registrada");
  await expect(page.getByRole("heading", { name: "Invitar una agencia" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enviar invitación" })).toHaveCount(0);
  await revisar(page, "panel-agencias-soporte");

  await page.getByRole("link", { name: NOMBRE }).click();
  await expect(page.getByRole("heading", { name: NOMBRE, level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: `Operadores de ${NOMBRE}` })).toContainText("Ana Pérez");
  await expect(page.getByRole("progressbar", { name: "Publicaciones activas" })).toBeVisible();
  await expect(page.getByText("modo lectura")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Editar datos" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Desasociar/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Guardar cambios" })).toHaveCount(0);
  await revisar(page, "panel-agencia-soporte");

  // The same requests the admin's page sends, with soporte's session: refused on the server.
  const headers = { Origin: base };
  const invitar = await page.request.post(`${base}/panel/agencias/invitar`, { data: { AdminMail: "forjada@agencia.test" }, headers });
  expect(invitar.status()).toBe(403);
  const editar = await page.request.put(`${detalle()}/datos`, { data: { Nombre: "Forjada" }, headers });
  expect(editar.status()).toBe(403);
  const desasociar = await page.request.patch(`${detalle()}/desasociar`, { headers });
  expect(desasociar.status()).toBe(403);
  const ciudad = await page.request.get(`${base}/panel/agencias/ciudad?region=cordoba&ciudad=rio+cuarto`);
  expect(ciudad.status()).toBe(403);

  const paquete = await page.goto(`${base}/panel/paquete`);
  expect(paquete?.status()).toBe(403);

  // Nothing changed.
  await page.goto(`${base}/panel/agencias?estado=pendiente`);
  await expect(page.getByText("Ninguna agencia coincide con la búsqueda")).toBeVisible();
  await page.goto(detalle());
  await expect(page.getByRole("heading", { name: NOMBRE, level: 1 })).toBeVisible();
  await expect(page.getByTestId("dato-ciudad")).toHaveText("Villa María");
});

test("an agencia user is refused /panel/agencias and sees its package at /panel/paquete", async ({ page }) => {
  await ingresar(page, users.agencia.email, "/panel");
  const nav = page.getByRole("navigation", { name: "Secciones del panel" });
  await expect(nav.getByRole("link", { name: "Paquete" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Agencias" })).toHaveCount(0);

  for (const path of ["/panel/agencias", `/panel/agencias/${encodeURIComponent(AGENCIA)}`]) {
    const response = await page.goto(`${base}${path}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "No tenés permiso para ver esta página" })).toBeVisible();
  }
  await revisar(page, "panel-agencias-agencia-403");
  const forjada = await page.request.post(`${base}/panel/agencias/invitar`, {
    data: { AdminMail: "otra@agencia.test" },
    headers: { Origin: base },
  });
  expect(forjada.status()).toBe(403);

  await nav.getByRole("link", { name: "Paquete" }).click();
  await expect(page).toHaveURL(`${base}/panel/paquete`);
  await expect(page.getByRole("heading", { name: "Paquete", level: 1 })).toBeVisible();
  await expect(page.getByText(`El paquete de publicaciones de ${AGENCIA}.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Concesionaria Plus" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Publicaciones activas" })).toHaveAttribute("aria-valuemax", "20");
  await expect(page.getByText("Activo", { exact: true })).toBeVisible();
  await revisar(page, "panel-paquete");
});

test("admin detaches the agency after confirming, and it leaves the list", async ({ page }) => {
  await ingresar(page, users.admin.email, `/panel/agencias/${encodeURIComponent(AGENCIA)}`);
  await expect(page.getByRole("heading", { name: NOMBRE, level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Desasociar agencia…" }).click();
  const dialogo = page.getByRole("dialog", { name: `¿Desasociar ${NOMBRE}?` });
  await expect(dialogo).toBeVisible();
  await expect(dialogo.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await revisar(page, "panel-agencia-desasociar-confirmar");
  await page.keyboard.press("Escape");
  await expect(dialogo).toBeHidden();
  await expect(page).toHaveURL(detalle());

  await page.getByRole("button", { name: "Desasociar agencia…" }).click();
  await dialogo.getByRole("button", { name: "Sí, desasociar" }).click();
  await expect(page).toHaveURL(`${base}/panel/agencias?desasociada=${encodeURIComponent(AGENCIA)}`);
  await expect(page.getByText("Agencia desasociada")).toBeVisible();
  await expect(filaDe(page, AGENCIA)).toHaveCount(0);
  await revisar(page, "panel-agencias-desasociada");

  const response = await page.goto(detalle());
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No encontramos esa agencia" })).toBeVisible();
  await revisar(page, "panel-agencia-no-encontrada");
});
