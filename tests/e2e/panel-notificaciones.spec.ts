import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { revisarPagina } from "../support/pagina";
import { type ServicioPanel, startPanelService } from "../support/panel";
import { type Received, startReceiver } from "../support/receiver";

/**
 * The Notificaciones part of the panel against a real server of its own (WEBHOOK_ALLOW_PRIVATE_NETWORKS
 * and WEBHOOK_ALLOW_HTTP are set by startTestServer) and a webhook receiver on loopback: admin
 * configures, tests, reads the log, retries, edits and deletes; soporte only reads; agencia nothing.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Notificaciones E2E";
const PASSWORD = "una-clave-de-prueba";
const SECRET = "secreto-tipeado-para-e2e-0123456789";
const users = {
  admin: { email: "admin@notif-e2e.test", role: "admin" as const },
  soporte: { email: "soporte@notif-e2e.test", role: "soporte" as const },
  agencia: { email: "vendedor@notif-e2e.test", role: "agencia" as const, agency: "ventas@notif-e2e.test" },
};

let service: ServicioPanel;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let base: string;
/** What the receiver answers on /hooks/vitrina: 200 normally, 500 while `fallar` is true. */
let fallar = false;
let admin: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  receiver = await startReceiver({
    "/hooks/vitrina": () => (fallar ? { status: 500, body: "<b>fallo temporal</b>" } : { status: 200, body: "recibido" }),
  });
  ({ service, base } = await startPanelService(WORKSPACE, Object.values(users), PASSWORD));
  admin = await signedIn(browser, users.admin.email);
});

test.afterAll(async () => {
  await admin?.context().close();
  await service?.stop();
  await receiver?.close();
});

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${base}/ingresar`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).not.toHaveURL(/\/ingresar/);
  return page;
}

/**
 * The body of a delivery, after checking its Standard Webhooks signature with the secret (the typed
 * one unless told): the library's key is the base64 of the secret's UTF-8, as the Panel explains.
 */
function verificada(delivery: Received, secreto = SECRET) {
  return new Webhook(Buffer.from(secreto).toString("base64")).verify(delivery.body, {
    "webhook-id": String(delivery.headers["webhook-id"]),
    "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
    "webhook-signature": String(delivery.headers["webhook-signature"]),
  }) as { Id: string; Topic: string; Evento: string; Datos: { Prueba?: boolean } };
}

const tarjeta = (page: Page, topic: string) => page.getByTestId(`topico-${topic}`);
const notificacion = (page: Page, id: string) => page.locator(`[data-testid=entrega][data-id="${id}"]`);

/** Sends a test from the consultas card and waits for its result; returns the notification's Id. */
async function enviarPrueba(page: Page, resultado: RegExp): Promise<string> {
  await page.goto(`${base}/panel/notificaciones`);
  const antes = receiver.received.length;
  await tarjeta(page, "consultas").getByRole("button", { name: "Enviar prueba" }).click();
  const panel = page.getByTestId("prueba-consultas");
  await expect(panel).toContainText("Notificación de prueba encolada (202)");
  await expect(panel).toContainText(resultado, { timeout: 20_000 });
  await expect.poll(() => receiver.received.length).toBeGreaterThan(antes);
  const hit = receiver.received[antes] as Received;
  return String(hit.headers["notification-hook-id"]);
}

async function filaConTexto(article: Locator, ...textos: string[]) {
  let filas = article.getByTestId("intento");
  for (const texto of textos) filas = filas.filter({ hasText: texto });
  return filas;
}

test("admin sees one card per topic, none configured", async () => {
  await admin.goto(`${base}/panel/notificaciones`);
  await expect(admin.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
  for (const topic of ["agencias", "consultas"]) {
    await expect(tarjeta(admin, topic)).toContainText("Sin configurar");
    await expect(tarjeta(admin, topic).getByRole("link", { name: /^Configurar/ })).toBeVisible();
  }
  await revisarPagina(admin, "notificaciones-vacio");
});

test("admin configures consultas with a typed secret, checked on the client, and sees the secret once", async () => {
  await tarjeta(admin, "consultas")
    .getByRole("link", { name: /^Configurar/ })
    .click();
  await expect(admin).toHaveURL(`${base}/panel/notificaciones/consultas/configurar`);
  await expect(admin.getByRole("heading", { level: 1, name: "Configurar el webhook de Consultas" })).toBeVisible();
  await revisarPagina(admin, "notificaciones-configurar");

  await admin.getByLabel("Escribir el mío").check();
  await admin.getByLabel("Secreto", { exact: true }).fill("corto");
  await admin.getByRole("button", { name: "Guardar configuración" }).click();
  await expect(admin.getByText("Ingresá la URL del Callback.")).toBeVisible();
  await expect(admin.getByText("El secreto tiene que tener entre 16 y 256 caracteres (tiene 5).")).toBeVisible();
  await expect(admin.getByLabel("URL del Callback")).toHaveAttribute("aria-invalid", "true");
  await admin.getByLabel("URL del Callback").fill("ftp://crm.ejemplo.com");
  await admin.getByRole("button", { name: "Guardar configuración" }).click();
  await expect(admin.getByText("La URL tiene que empezar con https://.")).toBeVisible();
  await revisarPagina(admin, "notificaciones-configurar-errores");
  // A user and password in the URL would never be sent: the same rule as the API's, in the browser.
  await admin.getByLabel("URL del Callback").fill("https://usuario:clave@crm.ejemplo.com/hooks");
  await admin.getByRole("button", { name: "Guardar configuración" }).click();
  await expect(admin.getByText("La URL no puede llevar usuario ni contraseña", { exact: false })).toBeVisible();

  await admin.getByLabel("URL del Callback").fill(receiver.url("/hooks/vitrina"));
  await admin.getByLabel("Secreto", { exact: true }).fill(SECRET);
  await admin.getByLabel("Descripción (opcional)").fill("CRM de ventas");
  await admin.getByRole("button", { name: "Guardar configuración" }).click();
  await expect(admin.getByRole("heading", { name: "Listo: el webhook de Consultas quedó configurado" })).toBeVisible();
  await expect(admin.getByTestId("secreto-nuevo")).toHaveText(SECRET);
  await expect(admin.getByRole("button", { name: "Copiar secreto" })).toBeVisible();
  await revisarPagina(admin, "notificaciones-secreto-una-vez");

  await admin.getByRole("link", { name: "Volver a Notificaciones" }).click();
  const card = tarjeta(admin, "consultas");
  await expect(card).toContainText("Configurado");
  await expect(card).toContainText("Activo");
  await expect(card).toContainText(receiver.url("/hooks/vitrina"));
  await expect(card).toContainText("CRM de ventas");
  expect(await admin.content()).not.toContain(SECRET);
  await revisarPagina(admin, "notificaciones-configurado");
});

test("a test arrives signed, and the log shows it delivered with status 200 and its latency", async () => {
  const id = await enviarPrueba(admin, /Entregada[\s\S]*HTTP 200/);
  await revisarPagina(admin, "notificaciones-prueba-entregada");
  const [hit] = receiver.forId(id);
  const body = verificada(hit as Received);
  expect(body).toMatchObject({ Id: id, Topic: "consultas", Evento: "prueba", Datos: { Prueba: true } });

  await tarjeta(admin, "consultas")
    .getByRole("link", { name: /^Registro de entregas/ })
    .click();
  await expect(admin).toHaveURL(`${base}/panel/notificaciones/consultas/entregas`);
  const article = notificacion(admin, id);
  await expect(article).toContainText("Entregada");
  const fila = await filaConTexto(article, "Automático", "HTTP 200");
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(/\d+ ms/);
  await article.getByText("Respuesta del Callback").click();
  await expect(article.locator("pre").first()).toHaveText("recibido");
  await revisarPagina(admin, "notificaciones-registro");
});

test("a 500 answer shows as a failed attempt; the status filter is in the URL; a manual retry delivers it", async () => {
  fallar = true;
  const id = await enviarPrueba(admin, /Pendiente[\s\S]*HTTP 500/);

  await admin.goto(`${base}/panel/notificaciones/consultas/entregas`);
  await admin.getByLabel("Estado").selectOption("pendiente");
  await admin.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin).toHaveURL(`${base}/panel/notificaciones/consultas/entregas?estado=pendiente&sid=`);
  await expect(admin.getByTestId("entrega")).toHaveCount(1);
  const article = notificacion(admin, id);
  await expect(article).toContainText("Pendiente");
  await expect(article).toContainText("Próximo intento automático");
  await expect(await filaConTexto(article, "HTTP 500")).not.toHaveCount(0);
  await article.getByText("Respuesta del Callback").first().click();
  // The receiver's body is text, escaped: no <b> element is created from it.
  await expect(article.locator("pre").first()).toHaveText("<b>fallo temporal</b>");
  await expect(article.locator("pre b")).toHaveCount(0);
  await revisarPagina(admin, "notificaciones-registro-pendientes");

  await admin.getByLabel("Estado").selectOption("");
  await admin.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin).toHaveURL(`${base}/panel/notificaciones/consultas/entregas?estado=&sid=`);
  fallar = false;
  await notificacion(admin, id)
    .getByRole("button", { name: /^Reintentar ahora/ })
    .click();
  await expect(notificacion(admin, id)).toContainText(/Reintento hecho: HTTP 200/);
  await expect(await filaConTexto(notificacion(admin, id), "Manual", "HTTP 200")).toHaveCount(1);
  await expect(notificacion(admin, id)).toContainText("Entregada");
  await revisarPagina(admin, "notificaciones-reintento");
});

test("admin edits: the secret is kept, a custom header is added and reaches the receiver", async () => {
  await admin.goto(`${base}/panel/notificaciones`);
  await tarjeta(admin, "consultas")
    .getByRole("link", { name: /^Editar/ })
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: "Editar el webhook de Consultas" })).toBeVisible();
  await expect(admin.getByLabel("URL del Callback")).toHaveValue(receiver.url("/hooks/vitrina"));
  await expect(admin.getByLabel("Conservar el actual")).toBeChecked();
  await admin.getByRole("button", { name: "Agregar encabezado" }).click();
  await admin.getByLabel("Nombre del encabezado 1").fill("Content-Type");
  await admin.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(admin.getByText("Ese encabezado lo pone Vitrina y no puede configurarse.")).toBeVisible();
  await admin.getByLabel("Nombre del encabezado 1").fill("X-Api-Key");
  await admin.getByLabel("Valor del encabezado 1").fill("clave-del-crm");
  await revisarPagina(admin, "notificaciones-editar");

  // A 400 of the API lands under its field: the request is altered on its way, past the client's checks.
  const ruta = `${base}/panel/notificaciones/consultas`;
  await admin.route(ruta, (route) =>
    route.request().method() === "PUT"
      ? route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), Callback: "ftp://crm.ejemplo.com/hooks" }) })
      : route.continue(),
  );
  await admin.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(admin.locator("#callback-error")).toContainText("Esquema ftp no admitido");
  await expect(admin.getByLabel("URL del Callback")).toBeFocused();
  await expect(admin.locator("#webhook-error")).toContainText("revisá los campos marcados");
  await revisarPagina(admin, "notificaciones-editar-error-api");
  await admin.unroute(ruta);

  await admin.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(admin.getByRole("heading", { name: "Listo: guardamos los cambios del webhook de Consultas" })).toBeVisible();
  await expect(admin.getByText("El secreto no cambió.")).toBeVisible();
  await expect(admin.getByTestId("secreto-nuevo")).toHaveCount(0);
  await revisarPagina(admin, "notificaciones-editado");

  const id = await enviarPrueba(admin, /Entregada[\s\S]*HTTP 200/);
  await expect(tarjeta(admin, "consultas")).toContainText("X-Api-Key");
  const [hit] = receiver.forId(id);
  expect(hit?.headers["x-api-key"]).toBe("clave-del-crm");
  expect(verificada(hit as Received).Id).toBe(id);
});

test("soporte reads the log without buttons, and a forged request is refused on the server", async ({ browser }) => {
  const page = await signedIn(browser, users.soporte.email);
  await page.goto(`${base}/panel/notificaciones`);
  const card = tarjeta(page, "consultas");
  await expect(card).toContainText("Configurado");
  for (const name of [/^Editar/, /^Configurar/]) await expect(page.getByRole("link", { name })).toHaveCount(0);
  for (const name of ["Enviar prueba", "Eliminar"]) await expect(page.getByRole("button", { name })).toHaveCount(0);
  await revisarPagina(page, "notificaciones-soporte");

  await card.getByRole("link", { name: /^Registro de entregas/ }).click();
  await expect(page.getByTestId("entrega")).toHaveCount(3);
  await expect(page.getByText(/Solo lectura/)).toBeVisible();
  await expect(page.getByRole("button", { name: /Reintentar/ })).toHaveCount(0);
  await revisarPagina(page, "notificaciones-soporte-registro");

  const id = await page.getByTestId("entrega").first().getAttribute("data-id");
  const antes = receiver.received.length;
  const forged = [
    page.request.post(`${base}/panel/notificaciones/consultas/entregas/${id}/reintentar`, { maxRedirects: 0 }),
    page.request.post(`${base}/panel/notificaciones/consultas/prueba`, { maxRedirects: 0 }),
    page.request.put(`${base}/panel/notificaciones/consultas`, { data: { Callback: "https://otro.example/x" }, maxRedirects: 0 }),
    page.request.delete(`${base}/panel/notificaciones/consultas`, { maxRedirects: 0 }),
  ];
  for (const response of await Promise.all(forged)) expect(response.status()).toBe(403);
  const configurar = await page.goto(`${base}/panel/notificaciones/consultas/configurar`);
  expect(configurar?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "No tenés permiso para ver esta página" })).toBeVisible();
  await revisarPagina(page, "notificaciones-soporte-sin-permiso");
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(receiver.received.length).toBe(antes);
  await page.goto(`${base}/panel/notificaciones`);
  await expect(tarjeta(page, "consultas")).toContainText(receiver.url("/hooks/vitrina"));
  await page.context().close();
});

test("agencia sees nothing of Notificaciones, not even through a forged request", async ({ browser }) => {
  const page = await signedIn(browser, users.agencia.email);
  const response = await page.goto(`${base}/panel/notificaciones/consultas/entregas`);
  expect(response?.status()).toBe(403);
  await revisarPagina(page, "notificaciones-agencia-sin-permiso");
  const forged = await page.request.post(`${base}/panel/notificaciones/consultas/prueba`, { maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  await page.context().close();
});

test("admin deletes the configuration after confirming", async () => {
  await admin.goto(`${base}/panel/notificaciones`);
  const card = tarjeta(admin, "consultas");
  await card.getByRole("button", { name: "Eliminar" }).click();
  const dialog = admin.getByRole("dialog", { name: "¿Eliminar el webhook de Consultas?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await revisarPagina(admin, "notificaciones-eliminar-confirmacion");
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(card).toContainText("Configurado");

  await card.getByRole("button", { name: "Eliminar" }).click();
  await dialog.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText("Sin configurar");
  await expect(card.getByRole("link", { name: /^Configurar/ })).toBeVisible();
  await revisarPagina(admin, "notificaciones-eliminado");

  await admin.goto(`${base}/panel/notificaciones/consultas/entregas`);
  await expect(admin.getByRole("heading", { name: "Este tópico no está configurado" })).toBeVisible();
  await revisarPagina(admin, "notificaciones-registro-sin-configurar");
});

test("admin configures a generated secret: shown once, the test notification verifies with it, a reload never shows it", async () => {
  const configurar = `${base}/panel/notificaciones/consultas/configurar`;
  await admin.goto(configurar);
  await expect(admin.getByRole("heading", { level: 1, name: "Configurar el webhook de Consultas" })).toBeVisible();
  await expect(admin.getByLabel("Generar uno seguro")).toBeChecked();
  await admin.getByLabel("URL del Callback").fill(receiver.url("/hooks/vitrina"));
  await admin.getByRole("button", { name: "Guardar configuración" }).click();
  await expect(admin.getByRole("heading", { name: "Listo: el webhook de Consultas quedó configurado" })).toBeVisible();
  // 32 random bytes from the browser, base64url: 43 characters.
  const secreto = ((await admin.getByTestId("secreto-nuevo").textContent()) ?? "").trim();
  expect(secreto).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(admin.getByRole("button", { name: "Copiar secreto" })).toBeVisible();
  await revisarPagina(admin, "notificaciones-secreto-generado");

  // Only the component's memory had it: a reload of the same page, or any other, never shows it again.
  await admin.reload();
  await expect(admin.getByRole("heading", { level: 1, name: "Editar el webhook de Consultas" })).toBeVisible();
  await expect(admin.getByTestId("secreto-nuevo")).toHaveCount(0);
  expect(await admin.content()).not.toContain(secreto);

  // The receiver verifies the test notification with the secret shown, and not with the earlier one.
  const id = await enviarPrueba(admin, /Entregada[\s\S]*HTTP 200/);
  expect(await admin.content()).not.toContain(secreto);
  const [hit] = receiver.forId(id);
  expect(verificada(hit as Received, secreto)).toMatchObject({ Id: id, Topic: "consultas", Evento: "prueba" });
  expect(() => verificada(hit as Received)).toThrow();
  for (const path of ["/panel/notificaciones/consultas/entregas", "/panel/notificaciones/consultas/configurar"]) {
    await admin.goto(`${base}${path}`);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await admin.content()).not.toContain(secreto);
  }
});

test("a topic without a secret warns that its deliveries are unsigned, and the warning leaves with a new secret", async () => {
  await admin.goto(`${base}/panel/notificaciones`);
  await expect(tarjeta(admin, "consultas")).toContainText("Configurado");
  await expect(tarjeta(admin, "consultas")).not.toContainText("Entregas sin firma");

  await admin.goto(`${base}/panel/notificaciones/consultas/configurar`);
  await admin.getByLabel("Quitar el secreto").check();
  await admin.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(admin.getByRole("heading", { name: "Listo: guardamos los cambios del webhook de Consultas" })).toBeVisible();
  await admin.goto(`${base}/panel/notificaciones`);
  const aviso = tarjeta(admin, "consultas").getByRole("status").filter({ hasText: "Entregas sin firma" });
  await expect(aviso).toContainText("Editá la configuración y generá un secreto.");
  await revisarPagina(admin, "notificaciones-sin-firma");

  // Editing it, the form knows there is no secret: nothing to keep or remove.
  await admin.goto(`${base}/panel/notificaciones/consultas/configurar`);
  await expect(admin.getByLabel("Seguir sin secreto")).toBeChecked();
  await expect(admin.getByLabel("Quitar el secreto")).toHaveCount(0);
  await expect(admin.getByLabel("Conservar el actual")).toHaveCount(0);
  await admin.getByLabel("Generar uno nuevo").check();
  await admin.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(admin.getByTestId("secreto-nuevo")).toBeVisible();
  await admin.goto(`${base}/panel/notificaciones`);
  await expect(tarjeta(admin, "consultas")).not.toContainText("Entregas sin firma");
});
