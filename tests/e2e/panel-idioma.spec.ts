import { expect, type Page, test } from "@playwright/test";
import { revisarPagina } from "../support/pagina";
import { type ServicioPanel, startPanelService } from "../support/panel";
import { autoDePrueba, type Credenciales, ingresarConsulta, publicar, registrarAgencia } from "../support/panel-consultas";
import { startReceiver } from "../support/receiver";

/**
 * The Panel in English (issue 7): Spanish (es-AR) by default, the switch in the header and on
 * /ingresar sets the `idioma` cookie, the choice holds across navigation and reloads, and switching
 * back gives Spanish. A server of its own with one registered agency and two enquiries, an admin and
 * an agencia user, and a webhook receiver on loopback.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Idioma E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@idioma-e2e.test";
const ADMIN = "admin@idioma-e2e.test";
const VENDEDOR = "vendedor@idioma-e2e.test";

let service: ServicioPanel;
let base: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  let app: Credenciales;
  receiver = await startReceiver();
  const usuarios = [
    { email: ADMIN, role: "admin" as const },
    { email: VENDEDOR, role: "agencia" as const, agency: AGENCIA },
  ];
  ({ service, base, credentials: app } = await startPanelService(WORKSPACE, usuarios, PASSWORD));
  await registrarAgencia(service.info, app, AGENCIA, "Autos Idioma");
  await publicar(service.info, app, AGENCIA, "IDIOMA-1", autoDePrueba("Toyota", "Corolla", 21500));
  for (const [i, nombre] of ["Ana", "Bruno"].entries()) {
    await ingresarConsulta(service.info, {
      AdminMail: AGENCIA,
      ExternalId: "IDIOMA-1",
      TipoAnuncio: "publicacion",
      OperadorResponsable: AGENCIA,
      Momento: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
      Interesado: {
        Interes: "compra",
        Nombre: nombre,
        Apellido: "Prueba",
        Email: `${nombre.toLowerCase()}@example.com`,
        Telefono: `+54 351 555-100${i}`,
        Comentario: "¿Sigue disponible?",
      },
    });
  }
});

test.afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

const lang = (page: Page) => page.locator("html").getAttribute("lang");
const nav = (page: Page, name: string) => page.getByRole("navigation", { name });

/**
 * React's hydration errors, as a production build logs them (minified: react.dev/errors/418 is the
 * mismatch). A page whose server HTML and first client render differ in language would log one.
 */
function erroresDeHidratacion(page: Page): string[] {
  const errores: string[] = [];
  const anotar = (texto: string) => {
    if (/hydrat|react\.dev\/errors\/418\b/i.test(texto)) errores.push(texto);
  };
  page.on("console", (message) => {
    if (message.type() === "error") anotar(message.text());
  });
  page.on("pageerror", (error) => anotar(error.message));
  return errores;
}

async function ingresar(page: Page, labels: { email: string; password: string; boton: string }, email = ADMIN) {
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill(PASSWORD);
  const answered = page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: labels.boton, exact: true }).click();
  await answered;
}

test("signs in in English, keeps English across navigation and reload, and switches back to Spanish", async ({ page }) => {
  // English reaches the browser in a chunk of its own: the server's English HTML must hydrate as is.
  const hidratacion = erroresDeHidratacion(page);

  // Spanish by default (the test browser asks for English: Accept-Language is not what decides).
  await page.goto(`${base}/ingresar`);
  expect(await lang(page)).toBe("es-AR");
  await expect(page.getByRole("heading", { name: "Ingresá al panel" })).toBeVisible();

  // The switch on the sign-in page.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the panel" })).toBeVisible();
  expect(await lang(page)).toBe("en");
  await expect(page).toHaveURL(`${base}/ingresar`);
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-current", "true");
  await revisarPagina(page, "idioma-ingresar-en");

  // Client-side validation speaks English too.
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Enter your e-mail.")).toBeVisible();
  await expect(page.getByText("Enter your password.")).toBeVisible();

  await ingresar(page, { email: "E-mail", password: "Password", boton: "Sign in" });
  await expect(page).toHaveURL(`${base}/panel`);
  expect(await lang(page)).toBe("en");
  await expect(page).toHaveTitle("Panel · Vitrina");
  const secciones = nav(page, "Panel sections");
  await expect(secciones.getByRole("link", { name: "Agencies" })).toBeVisible();
  await expect(secciones.getByRole("link", { name: "Notifications" })).toBeVisible();
  await expect(secciones.getByRole("link", { name: "Enquiries" })).toBeVisible();
  await expect(page.getByTestId("rol")).toHaveText("Administration");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Hello\b/);
  await revisarPagina(page, "idioma-inicio-en");

  // The inbox: headings, table headers, pagination, dates in en-US.
  await secciones.getByRole("link", { name: "Enquiries" }).click();
  await expect(page).toHaveURL(`${base}/panel/consultas`);
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  await expect(page.getByTestId("total")).toHaveText("2 enquiries");
  await expect(page).toHaveTitle("Enquiries · Panel · Vitrina");
  for (const columna of ["Received", "Customer", "Contact", "Car", "Price", "Operator", "Type"]) {
    await expect(page.getByRole("columnheader", { name: columna })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Apply filters" })).toBeVisible();
  await expect(page.getByTestId("pagina-actual")).toHaveText("Page 1 of 1");
  await expect(page.getByRole("cell", { name: "Listing" }).first()).toBeVisible();
  // The Panel's one date-time style (lib/formats.ts), in English's day order: MM/DD/YYYY HH:mm, 24 h, Buenos Aires time.
  await expect(page.locator("tbody time").first()).toHaveText(await momentoEsperado(page, "en"));
  await revisarPagina(page, "idioma-consultas-en");

  // The enquiry's detail and an invalid filter, in English; the API's data stays as sent.
  await page.getByRole("link", { name: "Ana Prueba" }).click();
  const detalle = page.getByRole("dialog");
  await expect(detalle.getByRole("heading", { name: "Customer" })).toBeVisible();
  await expect(detalle.locator("[data-campo=Email] dd")).toHaveText("ana@example.com");
  await expect(detalle.getByRole("button", { name: "Resend webhook" })).toBeVisible();
  await revisarPagina(page, "idioma-consultas-detalle-en");
  await detalle.getByRole("button", { name: "Close", exact: true }).click();
  await expect(detalle).toBeHidden();

  await page.goto(`${base}/panel/consultas?operador=no-es-un-mail`);
  await expect(page.getByRole("alert").filter({ hasText: "Check the filters" })).toBeVisible();
  await expect(page.getByText("Enter a valid e-mail, e.g. seller@agency.com.").first()).toBeVisible();

  // Persists across a reload and another section.
  await page.goto(`${base}/panel/consultas`);
  await page.reload();
  expect(await lang(page)).toBe("en");
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  await nav(page, "Panel sections").getByRole("link", { name: "Agencies" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agencies" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();
  await expect(page.getByTestId("fila-agencia").getByText("Registered", { exact: true })).toBeVisible();
  await revisarPagina(page, "idioma-agencias-en");
  await nav(page, "Panel sections").getByRole("link", { name: "Notifications" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Enquiries" })).toBeVisible();
  await revisarPagina(page, "idioma-notificaciones-en");

  // Back to Spanish from the header: same page, Spanish again.
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page).toHaveURL(`${base}/panel/notificaciones`);
  await expect(page.getByRole("heading", { level: 1, name: "Notificaciones" })).toBeVisible();
  expect(await lang(page)).toBe("es-AR");
  await expect(nav(page, "Secciones del panel").getByRole("link", { name: "Consultas" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Salir" })).toBeVisible();
  await page.goto(`${base}/panel/consultas`);
  await expect(page.getByTestId("total")).toHaveText("2 consultas");
  await expect(page.getByRole("columnheader", { name: "Interesado" })).toBeVisible();
  // The same date-time in es-AR: DD/MM/YYYY HH:mm (e.g. 25/11/2026 14:09), no comma, no "p. m.".
  await expect(page.locator("tbody time").first()).toHaveText(await momentoEsperado(page, "es-AR"));
  await revisarPagina(page, "idioma-consultas-es");
  expect(hidratacion).toEqual([]);
});

/**
 * What the inbox's first date-time must read, from its `datetime` attribute (the API's ISO 8601 with the
 * service's offset, so its wall-clock parts are the ones to show): 25/11/2026 14:09 or 11/25/2026 14:09.
 */
async function momentoEsperado(page: Page, idioma: "es-AR" | "en"): Promise<string> {
  const iso = (await page.locator("tbody time").first().getAttribute("datetime")) ?? "";
  const [, anio, mes, dia, hora, minuto] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso) ?? [];
  expect(iso).toMatch(/-03:00$/);
  return idioma === "en" ? `${mes}/${dia}/${anio} ${hora}:${minuto}` : `${dia}/${mes}/${anio} ${hora}:${minuto}`;
}

const EN = { email: "E-mail", password: "Password", boton: "Sign in" };

/** Signs in from /ingresar switched to English. */
async function ingresarEnIngles(page: Page, email = ADMIN) {
  await page.goto(`${base}/ingresar`);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the panel" })).toBeVisible();
  await ingresar(page, EN, email);
  await page.waitForURL((url) => url.pathname !== "/ingresar");
}

test("in English: an agency's detail, a webhook's configuration and its delivery log", async ({ page }) => {
  const hidratacion = erroresDeHidratacion(page);
  await ingresarEnIngles(page);

  // The agency's detail, and its edit form through the Panel's route handler.
  await page.goto(`${base}/panel/agencias/${encodeURIComponent(AGENCIA)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Autos Idioma" })).toBeVisible();
  await expect(page).toHaveTitle(`Agency ${AGENCIA} · Panel · Vitrina`);
  await expect(page.getByRole("heading", { name: "Agency details" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Operators" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Listings package" })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Registered" })).toBeVisible();
  await expect(page.getByText("Completed the registration and is associated with the app.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Detach agency…" })).toBeVisible();
  await revisarPagina(page, "idioma-agencia-en");
  await page.getByRole("link", { name: "Edit details" }).click();
  await page.getByLabel("Agency name").fill("Autos Idioma SRL");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();

  // The webhook's configuration: the form's checks, and an answer of the Panel's own route handler.
  await page.goto(`${base}/panel/notificaciones/consultas/configurar`);
  await expect(page.getByRole("heading", { level: 1, name: "Configure the Enquiries webhook" })).toBeVisible();
  await expect(page.getByLabel("Generate a secure one")).toBeChecked();
  await page.getByRole("button", { name: "Save configuration" }).click();
  await expect(page.getByText("Enter the Callback URL.")).toBeVisible();
  await revisarPagina(page, "idioma-notificaciones-configurar-en");
  await page.getByLabel("Callback URL").fill(receiver.url("/hooks"));
  const ruta = `${base}/panel/notificaciones/consultas`;
  await page.route(ruta, (route) => (route.request().method() === "POST" ? route.continue({ postData: "[]" }) : route.continue()));
  await page.getByRole("button", { name: "Save configuration" }).click();
  await expect(page.locator("#webhook-error")).toContainText("We could not save the webhook");
  await expect(page.locator("#webhook-error")).toContainText("A JSON object is expected.");
  await page.unroute(ruta);
  await page.getByRole("button", { name: "Save configuration" }).click();
  await expect(page.getByRole("heading", { name: "Done: the Enquiries webhook is configured" })).toBeVisible();
  await revisarPagina(page, "idioma-notificaciones-configurado-en");

  // A test notification, then the delivery log.
  await page.goto(`${base}/panel/notificaciones`);
  await page.getByTestId("topico-consultas").getByRole("button", { name: "Send test" }).click();
  await expect(page.getByTestId("prueba-consultas")).toContainText("Test notification queued (202)");
  await expect(page.getByTestId("prueba-consultas")).toContainText("Delivered", { timeout: 20_000 });
  await page.goto(`${base}/panel/notificaciones/consultas/entregas`);
  await expect(page.getByRole("heading", { level: 1, name: "Delivery log: Enquiries" })).toBeVisible();
  await expect(page.getByTestId("entrega").first()).toContainText("Test notification");
  await expect(page.getByTestId("entrega").first()).toContainText("Delivered");
  await expect(page.getByRole("button", { name: /^Retry now/ }).first()).toBeVisible();
  await revisarPagina(page, "idioma-notificaciones-registro-en");
  expect(hidratacion).toEqual([]);
});

test("in English: the Panel's route handlers answer in English too", async ({ page }) => {
  await ingresarEnIngles(page);
  // Not from the Panel (no Origin, no Sec-Fetch-Site): refused, saying why in English.
  const forjada = await page.request.post(`${base}/panel/notificaciones/consultas/prueba`, { maxRedirects: 0 });
  expect(forjada.status()).toBe(403);
  expect(await forjada.json()).toMatchObject({ Title: "Forbidden", Detail: "The request does not come from the panel." });
  // The Panel's own 404 of a notification.
  const desconocida = await page.request.get(`${base}/panel/notificaciones/consultas/entregas/01ARZ3NDEKTSV4RRFFQ69G5FAV`, {
    headers: { Origin: base },
  });
  expect(desconocida.status()).toBe(404);
  expect(await desconocida.json()).toMatchObject({ Title: "Not found" });
  // The export's refusal.
  const exportar = await page.request.get(`${base}/panel/consultas/exportar?agencia=${AGENCIA}&desde=ayer`);
  expect(exportar.status()).toBe(400);
  expect(await exportar.text()).toMatch(/^Cannot export: the filters are not valid\./);
});

test("in English: an agencia user's package", async ({ page }) => {
  await ingresarEnIngles(page, VENDEDOR);
  await expect(page).toHaveURL(`${base}/panel`);
  await nav(page, "Panel sections").getByRole("link", { name: "Package" }).click();
  await expect(page).toHaveURL(`${base}/panel/paquete`);
  await expect(page.getByRole("heading", { level: 1, name: "Package" })).toBeVisible();
  await expect(page.getByText(`The listings package of ${AGENCIA}.`)).toBeVisible();
  await expect(page).toHaveTitle("Package · Panel · Vitrina");
  await revisarPagina(page, "idioma-paquete-en");
});

test("the rest of the site stays Spanish whatever the Panel's language", async ({ page }) => {
  await page.goto(`${base}/ingresar`);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the panel" })).toBeVisible();
  await page.goto(`${base}/`);
  expect(await lang(page)).toBe("es-AR");
});

test("the switch only returns to the Panel's own pages", async ({ request }) => {
  // From the Panel's own origin: from another site the switch is refused (tests/api/headers.test.ts).
  const response = await request.post(`${base}/idioma`, {
    form: { idioma: "en", volver: "https://evil.example/panel" },
    headers: { Origin: base },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe("/panel");
  const cookies = response.headersArray().filter((header) => header.name.toLowerCase() === "set-cookie");
  expect(cookies.map((header) => header.value.split(";").slice(0, 2).join(";"))).toEqual([
    "idioma=en; Path=/panel",
    "idioma=en; Path=/ingresar",
  ]);
});
