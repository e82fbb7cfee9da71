import { expect, type Page, test } from "@playwright/test";
import { revisarPagina } from "../support/pagina";
import { type ServicioPanel, startPanelService } from "../support/panel";
import { autoDePrueba, type Credenciales, ingresarConsulta, publicar, registrarAgencia } from "../support/panel-consultas";

/**
 * The Panel in English (issue 7): Spanish (es-AR) by default, the switch in the header and on
 * /ingresar sets the `idioma` cookie, the choice holds across navigation and reloads, and switching
 * back gives Spanish. A server of its own with one registered agency and two enquiries.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Idioma E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@idioma-e2e.test";
const ADMIN = "admin@idioma-e2e.test";

let service: ServicioPanel;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  let app: Credenciales;
  ({ service, base, credentials: app } = await startPanelService(WORKSPACE, [{ email: ADMIN, role: "admin" }], PASSWORD));
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

async function ingresar(page: Page, labels: { email: string; password: string; boton: string }) {
  await page.getByLabel(labels.email).fill(ADMIN);
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
  // en-US dates: MM/DD/YYYY, 24 h in Buenos Aires time.
  await expect(page.locator("tbody time").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
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
  await revisarPagina(page, "idioma-consultas-es");
  expect(hidratacion).toEqual([]);
});

test("the rest of the site stays Spanish whatever the Panel's language", async ({ page }) => {
  await page.goto(`${base}/ingresar`);
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the panel" })).toBeVisible();
  await page.goto(`${base}/`);
  expect(await lang(page)).toBe("es-AR");
});

test("the switch only returns to the Panel's own pages", async ({ request }) => {
  const response = await request.post(`${base}/idioma`, {
    form: { idioma: "en", volver: "https://evil.example/panel" },
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
