import { type Browser, expect, type Page, test } from "@playwright/test";
import { revisarPagina } from "../support/pagina";
import { adminCli, createPanelUser, createPanelWorkspace, type ServicioPanel, signInPanel, startPanelService } from "../support/panel";
import { agregarOperador, type Credenciales, registrarAgencia } from "../support/panel-consultas";

/**
 * The admin's Equipo and Conexión pages for real (issue 7, decisions 0015): a server of its own on a fresh
 * embedded data directory, a workspace and one user per role made with the operator CLI, a registered
 * agency with an operator. The admin adds members (who then sign in), changes a role, gives a new
 * password, removes a member; cannot demote or remove themselves; soporte and agencia are refused
 * both pages; the connection is tested, a wrong AppSecret refused, a rotated one saved.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Equipo E2E";
const OTRO_ESPACIO = "Otro espacio E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@autos-del-equipo.test";
const NOMBRE_AGENCIA = "Autos del Equipo";
const OPERADOR = "marta@autos-del-equipo.test";
const NUEVO = { email: "nuevo.soporte@equipo-e2e.test", nombre: "Nuevo Soporte" };
const users = {
  admin: { email: "admin@equipo-e2e.test", role: "admin" as const, name: "Ana Admin" },
  soporte: { email: "soporte@equipo-e2e.test", role: "soporte" as const, name: "Sergio Soporte" },
  agencia: { email: AGENCIA, role: "agencia" as const, agency: AGENCIA },
};
const AJENO = "ajeno@otro-espacio-e2e.test";

let service: ServicioPanel;
let base: string;
let credentials: Credenciales;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ({ service, base, credentials } = await startPanelService(WORKSPACE, Object.values(users), PASSWORD));
  await registrarAgencia(service.info, credentials, AGENCIA, NOMBRE_AGENCIA);
  await agregarOperador(service.info, AGENCIA, OPERADOR, "Marta", "Gómez");
  await createPanelWorkspace(service.info, OTRO_ESPACIO);
  await createPanelUser(service.info, { workspace: OTRO_ESPACIO, email: AJENO, role: "soporte", password: PASSWORD });
});

test.afterAll(async () => {
  await service?.stop();
});

async function ingresar(page: Page, email: string, password: string, next = "/panel") {
  await page.goto(`${base}/ingresar?next=${encodeURIComponent(next)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Ingresar" }).click();
  await answered;
  // In the Panel (its header names the user), or refused on the sign-in page: never both pages at once.
  await expect(page.locator("#ingreso-error[role=alert]").or(page.getByTestId("usuario"))).toBeVisible();
}

/** Signs in in a browser of its own (another person, no admin session): where it lands and as what, or null when refused. */
async function ingresaEnOtroNavegador(browser: Browser, email: string, password: string): Promise<string | null> {
  const context = await browser.newContext({ locale: "es-AR" });
  const page = await context.newPage();
  try {
    await ingresar(page, email, password);
    if (await page.locator("#ingreso-error[role=alert]").isVisible()) return null;
    await expect(page.getByTestId("usuario")).toHaveText(email);
    return `${new URL(page.url()).pathname} ${await page.getByTestId("rol").textContent()}`;
  } finally {
    await context.close();
  }
}

/** revisarPagina once the page has its title (Next streams the metadata after a router.refresh()). */
async function revisar(page: Page, nombre: string) {
  await expect(page).toHaveTitle(/\S/);
  await revisarPagina(page, nombre);
}

const fila = (page: Page, email: string) => page.getByTestId("fila-miembro").filter({ hasText: email });
const dialogo = (page: Page) => page.getByRole("dialog");
const rol = (scope: Page | ReturnType<typeof dialogo>, nombre: string) => scope.getByRole("radio", { name: new RegExp(`^${nombre}\\b`) });

/** The members of a workspace as the operator CLI lists them (their ids). */
async function miembros(workspace = WORKSPACE): Promise<{ Id: string; Email: string; Role: string; Agency: string | null }[]> {
  return JSON.parse(await adminCli(service.info, "panel", "users", "--workspace", workspace, "--json"));
}

/** A request from the admin's own page (same origin, the session's cookie), as a forged form would send it. */
async function desdeLaPagina(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as { Errors?: Record<string, string[]> } | null };
    },
    { method, path, body },
  );
}

test("the admin sees the team; adds a soporte member with a generated password, who signs in with it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await ingresar(page, users.admin.email, PASSWORD, "/panel/equipo");
  await expect(page).toHaveURL(`${base}/panel/equipo`);
  const secciones = page.getByRole("navigation", { name: "Secciones del panel" });
  await expect(secciones.getByRole("link")).toHaveText([
    "Agencias",
    "Notificaciones",
    "Consultas",
    "Publicaciones",
    "Alertas",
    "Equipo",
    "Conexión",
  ]);
  await expect(secciones.getByRole("link", { name: "Equipo" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Equipo", level: 1 })).toBeVisible();
  await expect(page.getByRole("table")).toContainText("3 personas en el equipo.");
  await expect(fila(page, users.admin.email)).toContainText("Ana Admin");
  await expect(fila(page, users.admin.email)).toContainText("vos");
  await expect(fila(page, users.admin.email)).toContainText("Administración");
  await expect(fila(page, users.soporte.email)).toContainText("Soporte");
  await expect(fila(page, users.soporte.email)).not.toContainText("vos");
  await expect(fila(page, AGENCIA)).toContainText(NOMBRE_AGENCIA);
  await expect(page.getByRole("table")).not.toContainText(AJENO);
  await revisar(page, "panel-equipo");
  // What each role may do, as the server enforces it (decision 0097: soporte does not mark enquiries).
  await expect(rol(page, "Soporte")).toHaveAccessibleName(/solo lectura: no marca ni desmarca consultas como atendidas/);

  // The form checks its fields in the browser first.
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(page.locator("#miembro-email-error")).toHaveText("Ingresá el e-mail.");
  await expect(page.locator("#miembro-nombre-error")).toHaveText("Ingresá el nombre.");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await rol(page, "Agencia").check();
  await page.getByRole("radio", { name: /^Escribirla yo/ }).check();
  await page.getByLabel("Contraseña nueva").fill("corta");
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(page.locator("#miembro-agencia-error")).toHaveText("Elegí la agencia de la persona.");
  await expect(page.locator("#miembro-contrasena-error")).toHaveText("La contraseña tiene que tener al menos 8 caracteres.");
  await revisar(page, "panel-equipo-agregar-errores");
  // The strength rule runs in the browser too (its dictionaries load on first use).
  await page.getByLabel("Contraseña nueva").fill(" ".repeat(12));
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(page.locator("#miembro-contrasena-error")).toHaveText(/fácil de adivinar: usá tres o cuatro palabras/);

  // A soporte member, with the password the browser generates.
  await page.getByLabel("E-mail").fill(NUEVO.email.toUpperCase());
  await page.getByLabel("Nombre", { exact: true }).fill(NUEVO.nombre);
  await rol(page, "Soporte").check();
  await page.getByRole("radio", { name: /^Generar una contraseña segura/ }).check();
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Agregaste a ${NUEVO.nombre} (${NUEVO.email}) al equipo con el rol Soporte.` }),
  ).toBeVisible();
  const generada = (await page.getByTestId("secreto-nuevo").textContent()) ?? "";
  expect(generada).toMatch(/^[A-Za-z2-9]{4}(?:-[A-Za-z2-9]{4}){3}$/);
  await expect(page.getByText("Copiá la contraseña ahora: no la vas a poder ver de nuevo.")).toBeVisible();
  await expect(fila(page, NUEVO.email)).toContainText("Soporte");
  await revisar(page, "panel-equipo-agregado");

  expect(await ingresaEnOtroNavegador(browser, NUEVO.email, generada)).toBe("/panel Soporte");

  // Shown once: the page never has it again.
  await page.reload();
  await expect(fila(page, NUEVO.email)).toBeVisible();
  expect(await page.content()).not.toContain(generada);

  // An e-mail already in the team, and one of another workspace: taken, without saying where.
  await page.getByLabel("E-mail").fill(NUEVO.email);
  await page.getByLabel("Nombre", { exact: true }).fill("Otra vez");
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(page.locator("#miembro-email-error")).toHaveText("Esa persona ya es parte del equipo.");
  await page.getByLabel("E-mail").fill(AJENO);
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(page.locator("#miembro-email-error")).toHaveText("Ese e-mail ya tiene un usuario en el panel: usá otro.");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  expect(await page.content()).not.toContain(OTRO_ESPACIO);
  await revisar(page, "panel-equipo-email-en-uso");
  expect((await miembros(OTRO_ESPACIO)).map((miembro) => miembro.Email)).toEqual([AJENO]);
});

test("an agencia member must be an operator of a registered agency; with a typed password", async ({ page, browser }) => {
  await ingresar(page, users.admin.email, PASSWORD, "/panel/equipo");
  // The form takes choices once its JavaScript runs (the button is enabled then): a radio clicked
  // while React hydrates the form is set back to its default.
  await expect(page.getByRole("button", { name: "Agregar al equipo" })).toBeEnabled();
  await page.getByLabel("E-mail").fill("alguien@otra-parte.test");
  await page.getByLabel("Nombre", { exact: true }).fill("Alguien");
  await rol(page, "Agencia").check();
  const agencia = page.getByRole("combobox", { name: "Agencia" });
  await expect(agencia.getByRole("option")).toHaveText(["Elegí una agencia", `${NOMBRE_AGENCIA} (${AGENCIA})`]);
  await agencia.selectOption(AGENCIA);
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(page.locator("#miembro-email-error")).toContainText(`alguien@otra-parte.test no es operador de ${NOMBRE_AGENCIA}`);
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await revisar(page, "panel-equipo-no-operador");

  await page.getByLabel("E-mail").fill(OPERADOR);
  await page.getByLabel("Nombre", { exact: true }).fill("Marta Gómez");
  await page.getByRole("radio", { name: /^Escribirla yo/ }).check();
  await page.getByLabel("Contraseña nueva").fill("marta-elige-esta");
  await page.getByRole("button", { name: "Agregar al equipo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "con el rol Agencia." })).toBeVisible();
  await expect(page.getByTestId("secreto-nuevo")).toHaveText("marta-elige-esta");
  await expect(fila(page, OPERADOR)).toContainText(NOMBRE_AGENCIA);
  await expect(fila(page, OPERADOR)).toContainText("Agencia");

  expect(await ingresaEnOtroNavegador(browser, OPERADOR, "marta-elige-esta")).toBe("/panel Agencia");
  const marta = (await miembros()).find((miembro) => miembro.Email === OPERADOR);
  expect(marta).toMatchObject({ Role: "agencia", Agency: AGENCIA });
});

test("the admin changes a role, gives a new password and removes a member after confirming", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await ingresar(page, users.admin.email, PASSWORD, "/panel/equipo");

  // Role: soporte → admin, in a modal dialog.
  const cambiar = page.getByRole("button", { name: `Cambiar rol de ${NUEVO.nombre}` });
  await cambiar.click();
  await expect(dialogo(page)).toBeVisible();
  await expect(dialogo(page).getByRole("heading")).toHaveText(`Cambiar el rol de ${NUEVO.nombre}`);
  await expect(rol(dialogo(page), "Soporte")).toBeChecked();
  await revisar(page, "panel-equipo-cambiar-rol");
  // Escape closes it without changes, and the focus goes back to the button.
  await page.keyboard.press("Escape");
  await expect(dialogo(page)).toBeHidden();
  await expect(cambiar).toBeFocused();
  await cambiar.click();
  await rol(dialogo(page), "Administración").check();
  await dialogo(page).getByRole("button", { name: "Guardar el rol" }).click();
  await expect(dialogo(page)).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `${NUEVO.nombre} ahora tiene el rol Administración.` })).toBeVisible();
  await expect(fila(page, NUEVO.email)).toContainText("Administración");
  expect(await ingresaEnOtroNavegador(browser, NUEVO.email, "no-es-la-clave")).toBeNull();

  // A new password, shown once in the dialog; the old one no longer signs in.
  await page.getByRole("button", { name: `Nueva contraseña de ${NUEVO.nombre}` }).click();
  await expect(dialogo(page).getByRole("heading")).toHaveText(`Nueva contraseña para ${NUEVO.nombre}`);
  await dialogo(page).getByRole("button", { name: "Cambiar la contraseña" }).click();
  await expect(dialogo(page).getByText(`La contraseña de ${NUEVO.nombre} cambió.`)).toBeVisible();
  const nueva = (await dialogo(page).getByTestId("secreto-nuevo").textContent()) ?? "";
  expect(nueva).toMatch(/^[A-Za-z2-9-]{19}$/);
  await revisar(page, "panel-equipo-nueva-contrasena");
  await dialogo(page).getByRole("button", { name: "Listo" }).click();
  await expect(dialogo(page)).toBeHidden();
  expect(await page.content()).not.toContain(nueva);
  expect(await ingresaEnOtroNavegador(browser, NUEVO.email, nueva)).toBe("/panel Administración");

  // Removal: Cancel keeps them; confirming removes them, and they can no longer sign in.
  const quitar = page.getByRole("button", { name: `Quitar a ${NUEVO.nombre}` });
  await quitar.click();
  await expect(dialogo(page).getByRole("heading")).toHaveText(`¿Quitar a ${NUEVO.nombre} del equipo?`);
  await expect(dialogo(page).getByRole("button", { name: "Cancelar" })).toBeFocused();
  await revisar(page, "panel-equipo-quitar");
  await dialogo(page).getByRole("button", { name: "Cancelar" }).click();
  await expect(fila(page, NUEVO.email)).toBeVisible();
  await quitar.click();
  await dialogo(page).getByRole("button", { name: "Sí, quitar" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${NUEVO.nombre} ya no es parte del equipo.` })).toBeVisible();
  await expect(fila(page, NUEVO.email)).toHaveCount(0);
  await revisar(page, "panel-equipo-quitado");
  expect(await ingresaEnOtroNavegador(browser, NUEVO.email, nueva)).toBeNull();
  expect((await miembros()).map((miembro) => miembro.Email)).not.toContain(NUEVO.email);
});

test("an admin can neither demote nor remove themselves, nor touch another workspace's members", async ({ page }) => {
  await ingresar(page, users.admin.email, PASSWORD, "/panel/equipo");
  const propia = fila(page, users.admin.email);
  await expect(propia.getByRole("button", { name: "Cambiar rol de Ana Admin" })).toBeDisabled();
  await expect(propia.getByRole("button", { name: "Quitar a Ana Admin" })).toBeDisabled();
  await expect(propia).toContainText("Tu rol y tu lugar en el equipo los cambia otra persona con rol de administración.");

  // The server refuses it too, with the reason under the field.
  const yo = (await miembros()).find((miembro) => miembro.Email === users.admin.email)?.Id as string;
  const degradar = await desdeLaPagina(page, "PUT", `/panel/equipo/${yo}`, { Rol: "soporte", Agencia: "" });
  expect(degradar.status).toBe(409);
  expect(degradar.body?.Errors?.Rol).toEqual(["No podés quitarte el rol de administración: pedíselo a otra persona con ese rol."]);
  const aAgencia = await desdeLaPagina(page, "PUT", `/panel/equipo/${yo}`, { Rol: "agencia", Agencia: AGENCIA });
  expect([aAgencia.status, aAgencia.body?.Errors?.Rol]).toEqual([409, degradar.body?.Errors?.Rol]);
  const irme = await desdeLaPagina(page, "DELETE", `/panel/equipo/${yo}`);
  expect(irme.status).toBe(409);
  expect(irme.body?.Errors?._).toEqual(["No podés quitarte del equipo: pedíselo a otra persona con rol de administración."]);

  // Another workspace's member is not found, and stays as it was.
  const ajeno = (await miembros(OTRO_ESPACIO))[0]?.Id as string;
  expect((await desdeLaPagina(page, "PUT", `/panel/equipo/${ajeno}`, { Rol: "admin", Agencia: "" })).status).toBe(404);
  expect((await desdeLaPagina(page, "POST", `/panel/equipo/${ajeno}/contrasena`, { Contrasena: "otra-clave-larga" })).status).toBe(404);
  expect((await desdeLaPagina(page, "DELETE", `/panel/equipo/${ajeno}`)).status).toBe(404);
  expect(await miembros(OTRO_ESPACIO)).toMatchObject([{ Email: AJENO, Role: "soporte" }]);
  expect((await miembros()).find((miembro) => miembro.Id === yo)?.Role).toBe("admin");
});

test("soporte and agencia users are refused both pages (403) and do not see them in the navigation", async ({ page }) => {
  for (const user of [users.soporte, users.agencia]) {
    await page.context().clearCookies();
    await ingresar(page, user.email, PASSWORD);
    await expect(page.getByTestId("usuario")).toHaveText(user.email);
    const secciones = page.getByRole("navigation", { name: "Secciones del panel" });
    await expect(secciones.getByRole("link", { name: "Equipo" })).toHaveCount(0);
    await expect(secciones.getByRole("link", { name: "Conexión" })).toHaveCount(0);
    for (const path of ["/panel/equipo", "/panel/conexion"]) {
      const response = await page.goto(`${base}${path}`);
      expect(response?.status(), `${user.role} ${path}`).toBe(403);
      await expect(page.getByRole("heading", { name: "No tenés permiso para ver esta página" })).toBeVisible();
    }
    await revisar(page, `panel-equipo-403-${user.role}`);
    const forjada = await desdeLaPagina(page, "POST", "/panel/conexion/prueba");
    expect(forjada.status).toBe(403);
  }
});

test("the connection: tested with a signed GET /v3; a wrong AppSecret is refused and changes nothing; a rotated one is saved", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await ingresar(page, users.admin.email, PASSWORD, "/panel/conexion");
  await expect(page).toHaveURL(`${base}/panel/conexion`);
  await expect(page.getByRole("heading", { name: "Conexión con la API", level: 1 })).toBeVisible();
  await expect(page.getByText(credentials.AppKey).first()).toBeVisible();
  await expect(page.getByText(base).first()).toBeVisible();
  await expect(page.getByLabel("AppSecret nuevo (opcional)")).toHaveValue("");
  expect(await page.content()).not.toContain(credentials.AppSecret);
  await revisar(page, "panel-conexion");

  const probar = async () => {
    await page.getByRole("button", { name: "Probar conexión" }).click();
    const resultado = page.getByTestId("resultado-prueba");
    await expect(resultado).toContainText("HTTP 200");
    await expect(resultado).toContainText("versión v3");
    await expect(resultado).toContainText(/\d+ ms/);
  };
  await probar();
  await expect(page.getByRole("status").filter({ hasText: "Conexión correcta" })).toBeVisible();
  await revisar(page, "panel-conexion-prueba");

  // A wrong AppSecret: the API's 401 says which check failed, and nothing is saved.
  const secreto = page.getByLabel("AppSecret nuevo (opcional)");
  await secreto.fill("0".repeat(64));
  await page.getByRole("button", { name: "Probar y guardar" }).click();
  const error = page.getByRole("alert").filter({ hasText: "No guardamos los cambios" });
  await expect(error).toContainText("La API respondió 401");
  await expect(error).toContainText("La firma no es válida para esta solicitud.");
  await expect(error).toContainText("No se guardó ningún cambio.");
  await revisar(page, "panel-conexion-rechazada");
  await page.reload();
  await probar();

  // An unreachable URL is refused under its field (this server's own origin, another port).
  const url = page.getByLabel("URL base de la API");
  await url.fill(`${base.replace(/:\d+$/, ":9")}`);
  await page.getByRole("button", { name: "Probar y guardar" }).click();
  await expect(page.locator("#conexion-apibaseurl-error")).not.toBeEmpty();
  await expect(url).toBeFocused();
  await url.fill(base);

  // The app's secret rotated with the CLI: the new one is tried, saved, and the Panel keeps working.
  const rotado = JSON.parse(await adminCli(service.info, "app", "rotate-secret", "--app", credentials.AppKey, "--json")) as {
    AppSecret: string;
  };
  await secreto.fill(rotado.AppSecret);
  await page.getByRole("button", { name: "Probar y guardar" }).click();
  await expect(page.getByText("Guardamos la conexión nueva: la API la aceptó.")).toBeVisible();
  await expect(secreto).toHaveValue("");
  await revisar(page, "panel-conexion-guardada");
  // Another rotation retires the first secret: the Panel signs with the one it saved.
  await adminCli(service.info, "app", "rotate-secret", "--app", credentials.AppKey, "--json");
  await page.reload();
  expect(await page.content()).not.toContain(rotado.AppSecret);
  await probar();
  await page.goto(`${base}/panel/agencias`);
  await expect(page.getByTestId("fila-agencia").filter({ hasText: AGENCIA })).toContainText("Registrada");
});

test("both pages in English", async ({ page }) => {
  const hidratacion: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|react\.dev\/errors\/418\b/i.test(message.text())) hidratacion.push(message.text());
  });
  await ingresar(page, users.admin.email, PASSWORD, "/panel/equipo");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expect(page.getByRole("table")).toContainText("people in the team.");
  await expect(fila(page, users.admin.email)).toContainText("you");
  await page.getByRole("button", { name: "Add to the team" }).click();
  await expect(page.locator("#miembro-email-error")).toHaveText("Enter the e-mail.");
  await page.getByRole("button", { name: `Remove ${users.soporte.name}` }).click();
  await expect(dialogo(page).getByRole("heading")).toHaveText(`Remove ${users.soporte.name} from the team?`);
  await revisar(page, "panel-equipo-en");
  await dialogo(page).getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("navigation", { name: "Panel sections" }).getByRole("link", { name: "Connection" }).click();
  await expect(page.getByRole("heading", { name: "API connection", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByTestId("resultado-prueba")).toContainText("version v3");
  await revisar(page, "panel-conexion-en");
  expect(hidratacion).toEqual([]);
});

test("until the page's JavaScript has run, forms that need it cannot be sent: nothing typed ends up in the URL", async ({ browser }) => {
  const context = await browser.newContext({ locale: "es-AR" });
  const [name, value] = (await signInPanel(base, users.admin.email, PASSWORD)).split("=") as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  // The page's JavaScript bundles are held back until the test lets them through (not its CSS: a
  // pending stylesheet would also hold back the inline scripts that reveal streamed content).
  let soltar = () => {};
  const retenidos = new Promise<void>((resolve) => {
    soltar = resolve;
  });
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    await retenidos;
    await route.continue();
  });
  try {
    for (const [path, campo, boton] of [
      ["/panel/equipo", "E-mail", "Agregar al equipo"],
      ["/panel/conexion", "AppKey", "Probar y guardar"],
    ] as const) {
      await page.goto(`${base}${path}`, { waitUntil: "commit" });
      await expect(page.getByRole("button", { name: boton })).toBeDisabled();
      await page.getByLabel(campo, { exact: true }).fill("escrito-antes-de-tiempo");
      await page.getByLabel(campo, { exact: true }).press("Enter");
      await page.getByRole("button", { name: boton }).click({ force: true });
      expect(new URL(page.url()).search).toBe("");
    }
    await context.clearCookies();
    await page.goto(`${base}/ingresar`, { waitUntil: "commit" });
    await expect(page.getByRole("button", { name: "Ingresar" })).toBeDisabled();
    soltar();
    await expect(page.getByRole("button", { name: "Ingresar" })).toBeEnabled();
  } finally {
    soltar();
    await context.close();
  }
});
