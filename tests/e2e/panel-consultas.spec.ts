import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { revisarPagina } from "../support/pagina";
import { abrirConSesion, type ServicioPanel, startPanelService } from "../support/panel";
import {
  agregarOperador,
  api,
  autoDePrueba,
  type Credenciales,
  consultasDeLaApi,
  diferenciasCsv,
  ingresarConsulta,
  leerCsv,
  publicar,
  registrarAgencia,
  sidDe,
  todasLasConsultas,
} from "../support/panel-consultas";
import { startReceiver } from "../support/receiver";

/**
 * The enquiry inbox of the Panel for real: a server of its own (embedded data), a workspace whose
 * app registers two agencies through the invitation flow, 64 + 3 enquiries ingested through
 * POST /marketplace/consultas (three operators, three listings, a catalogue enquiry, 80 days),
 * a loopback webhook receiver for the `consultas` topic, and one panel user per role.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Consultas E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@autos-norte.test";
const OTRA = "admin@autos-sur.test";
const VENDEDORA = "vendedora@autos-norte.test";
const VENDEDOR = "vendedor@autos-norte.test";
const users = {
  admin: { email: "admin@consultas-e2e.test", role: "admin" as const },
  soporte: { email: "soporte@consultas-e2e.test", role: "soporte" as const },
  agencia: { email: VENDEDORA, role: "agencia" as const, agency: AGENCIA },
};
const CANTIDAD = 64;

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let service: ServicioPanel;
let receiver: Receiver;
let app: Credenciales;
let base: string;
const sids: string[] = [];

const HORA = 3_600_000;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  receiver = await startReceiver();
  ({ service, base, credentials: app } = await startPanelService(WORKSPACE, Object.values(users), PASSWORD));
  const info = service.info;

  const webhook = await api(info, app, "POST", "/v3/appnotificaciones/consultas", { Callback: receiver.url("/consultas") });
  expect(webhook.status).toBe(201);

  await registrarAgencia(info, app, AGENCIA, "Autos del Norte");
  await registrarAgencia(info, app, OTRA, "Autos del Sur");
  await agregarOperador(info, AGENCIA, VENDEDORA, "Vera", "Vendedora");
  await agregarOperador(info, AGENCIA, VENDEDOR, "Víctor", "Vendedor");
  const listados = ["AUTO-1", "AUTO-2", "AUTO-3"];
  const modelos = [
    ["Toyota", "Corolla", 21500],
    ["Ford", "Focus", 18900.5],
    ["Volkswagen", "Golf", 24000],
  ] as const;
  for (const [index, externalId] of listados.entries()) {
    const [marca, modelo, precio] = modelos[index] as (typeof modelos)[number];
    // AUTO-2 also has an advance and an instalment: a decimal and an object in the CSV.
    const extra = index === 1 ? { Anticipo: 1500000.5, Cuota: { Moneda: "ARS", Importe: 250000 } } : {};
    await publicar(info, app, AGENCIA, externalId, { ...autoDePrueba(marca, modelo, precio), ...extra });
  }
  await publicar(info, app, OTRA, "SUR-1", autoDePrueba("Fiat", "Cronos", 15000));

  const operadores = [VENDEDORA, VENDEDOR, AGENCIA, AGENCIA];
  const ahora = Date.now();
  for (let i = 0; i < CANTIDAD; i++) {
    const catalogo = i === 7;
    sids.push(
      await ingresarConsulta(info, {
        AdminMail: AGENCIA,
        ExternalId: catalogo ? "" : listados[i % 3],
        TipoAnuncio: catalogo ? "catalogo" : "publicacion",
        ...(catalogo && { Auto: { ...autoDePrueba("Renault", "Sandero", 12000), Estado: "nuevo" } }),
        OperadorResponsable: operadores[i % 4],
        Momento: new Date(ahora - 60_000 - i * 30 * HORA).toISOString(),
        Interesado: {
          Interes: "compra",
          Nombre: `Persona${i}`,
          Apellido: "Prueba",
          Email: `persona${i}@example.com`,
          Telefono: `+54 351 555-${String(1000 + i)}`,
          Comentario: i === 0 ? 'Hola; ¿lo tienen "en gris"?\nGracias' : i === 2 ? "=SUMA(A1:A9)" : `Consulta número ${i}`,
          ...(i === 0 && {
            DocIdentidad: "30123456",
            Provincia: "Córdoba",
            Ciudad: "Villa María",
            InfoOperacion: {
              EntregaVehiculo: { Marca: "Ford", Modelo: "Ka", VersionYear: 2015 },
              FinanciacionDeseada: { Adelanto: 1000, Cuota: { Moneda: "ARS", Importe: 150000 } },
              QuiereCotizacionSeguro: true,
            },
          }),
        },
      }),
    );
  }
  for (let i = 0; i < 3; i++) {
    await ingresarConsulta(info, {
      AdminMail: OTRA,
      ExternalId: "SUR-1",
      TipoAnuncio: "publicacion",
      Interesado: { Interes: "compra", Nombre: `Sur${i}`, Apellido: "Prueba", Email: `sur${i}@example.com`, Comentario: "" },
    });
  }
});

test.afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

type Notificacion = { Reenvio: boolean; Datos: { Sid: string } };

/** The resent notification of `sid` the receiver got after its first `desde` requests (20 s at most). */
async function reenvioRecibido(sid: string, desde = 0): Promise<Notificacion> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reenvio = receiver.received
      .slice(desde)
      .map((entry) => JSON.parse(entry.body) as Notificacion)
      .find((body) => body.Reenvio === true && body.Datos?.Sid === sid);
    if (reenvio) return reenvio;
    if (Date.now() > deadline) throw new Error(`No llegó el reenvío de ${sid}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The id of a server action, from the JavaScript the page loaded (as the user's browser has it). */
async function idDeAccion(page: Page, nombre: string): Promise<string> {
  const scripts = await page.evaluate(() => [
    ...new Set([
      ...[...document.scripts].map((script) => script.src),
      ...performance.getEntriesByType("resource").flatMap((entry) => (entry.name.endsWith(".js") ? [entry.name] : [])),
    ]),
  ]);
  const referencia = new RegExp(`createServerReference\\)\\("([0-9a-f]{40,})"[^)]*"${nombre}"\\)`);
  for (const src of scripts.filter(Boolean)) {
    const id = referencia.exec(await (await page.request.get(src)).text())?.[1];
    if (id) return id;
  }
  throw new Error(`La acción ${nombre} no está en el JavaScript de la página`);
}

async function ingresar(page: Page, email: string, destino: string) {
  await abrirConSesion(page, base, email, PASSWORD, destino);
}

const tabla = (page: Page) => page.getByRole("table");
const filas = (page: Page) => tabla(page).locator("tbody tr");
const totalDe = (n: number) => (n === 1 ? "1 consulta" : `${n} consultas`);
const paginaActual = (page: Page) => page.getByTestId("pagina-actual");

test("admin: filters and pagination live in the URL and survive reload and Back", async ({ page }) => {
  test.setTimeout(120_000);
  const todas = await todasLasConsultas(service.info, app, AGENCIA);
  expect(todas).toHaveLength(CANTIDAD);

  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${AGENCIA}`);
  await expect(page.getByRole("heading", { name: "Consultas", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Agencia")).toHaveValue(AGENCIA);
  await expect(page.getByTestId("total")).toHaveText(totalDe(CANTIDAD));
  await expect(paginaActual(page)).toHaveText("Página 1 de 2");
  await expect(filas(page)).toHaveCount(50);
  await expect(filas(page).first()).toHaveAttribute("data-sid", sids[0] as string);
  await expect(filas(page).first()).toContainText("Persona0 Prueba");
  await expect(filas(page).first()).toContainText("persona0@example.com");
  await expect(filas(page).first()).toContainText("US$");
  await expect(filas(page).first()).toContainText(VENDEDORA);
  await revisarPagina(page, "consultas-admin-pagina-1");

  // The agency selector lists the registered agencies of the workspace's app.
  await expect(page.getByLabel("Agencia").locator("option")).toHaveText([`Autos del Norte (${AGENCIA})`, `Autos del Sur (${OTRA})`]);

  await page.getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(paginaActual(page)).toHaveText("Página 2 de 2");
  await expect(filas(page)).toHaveCount(CANTIDAD - 50);
  await expect(filas(page).first()).toHaveAttribute("data-sid", todas[50]?.sid as string);
  await revisarPagina(page, "consultas-admin-pagina-2");

  // Filter by operator and listing: pagina goes back to 1, everything lands in the URL.
  const propias = await todasLasConsultas(service.info, app, AGENCIA, { operador: VENDEDORA, externalid: "auto-1" });
  expect(propias.length).toBeGreaterThan(0);
  await page.getByLabel("Operador", { exact: true }).fill(VENDEDORA);
  await page.getByLabel("Código de la publicación").fill("auto-1");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(
    `${base}/panel/consultas?agencia=${encodeURIComponent(AGENCIA)}&operador=${encodeURIComponent(VENDEDORA)}&externalid=auto-1`,
  );
  await expect(page.getByTestId("total")).toHaveText(totalDe(propias.length));
  await expect(filas(page)).toHaveCount(propias.length);
  await expect(paginaActual(page)).toHaveText("Página 1 de 1");
  await revisarPagina(page, "consultas-admin-filtradas");

  await page.reload();
  await expect(page.getByLabel("Operador", { exact: true })).toHaveValue(VENDEDORA);
  await expect(page.getByLabel("Código de la publicación")).toHaveValue("auto-1");
  await expect(page.getByTestId("total")).toHaveText(totalDe(propias.length));
  await expect(filas(page)).toHaveCount(propias.length);

  // A period: the date inputs, limited to the last 90 days.
  const desde = new Date(Date.now() - 10 * 24 * HORA).toLocaleDateString("sv-SE", { timeZone: "America/Argentina/Buenos_Aires" });
  const recientes = await todasLasConsultas(service.info, app, AGENCIA, { desde });
  await page.getByRole("button", { name: "Limpiar" }).click();
  await expect(page.getByTestId("total")).toHaveText(totalDe(CANTIDAD));
  await page.getByLabel("Desde").fill(desde);
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(new RegExp(`desde=${desde}`));
  await expect(page.getByTestId("total")).toHaveText(totalDe(recientes.length));
  await expect(page.getByLabel("Desde")).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/);
  await revisarPagina(page, "consultas-admin-periodo");

  // Back: the previous views come back with their filters and page.
  await page.goBack();
  await expect(page).toHaveURL(`${base}/panel/consultas?agencia=${encodeURIComponent(AGENCIA)}`);
  await expect(page.getByTestId("total")).toHaveText(totalDe(CANTIDAD));
  await page.goBack();
  await expect(page.getByLabel("Operador", { exact: true })).toHaveValue(VENDEDORA);
  await expect(page.getByTestId("total")).toHaveText(totalDe(propias.length));
  await page.goBack();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(paginaActual(page)).toHaveText("Página 2 de 2");
  await expect(filas(page)).toHaveCount(CANTIDAD - 50);
  await expect(page.getByLabel("Operador", { exact: true })).toHaveValue("");

  // The last and first page links.
  await page.getByRole("link", { name: "Primera" }).click();
  await expect(paginaActual(page)).toHaveText("Página 1 de 2");
  await page.getByRole("link", { name: "Última" }).click();
  await expect(paginaActual(page)).toHaveText("Página 2 de 2");
});

test("admin: invalid filters are refused by the form, and the API's 400 is shown by field", async ({ page }) => {
  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${AGENCIA}`);
  const antes = page.url();
  await page.getByLabel("Desde").fill("2000-01-01");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page.locator("#filtro-desde-error")).toContainText("No puede ser anterior al");
  await expect(page.getByLabel("Desde")).toHaveAttribute("aria-invalid", "true");
  expect(page.url()).toBe(antes);
  await revisarPagina(page, "consultas-filtros-invalidos");

  // A valid e-mail that is not an operator of the agency: the API answers 400 under Errors.operador.
  await page.getByLabel("Desde").fill("");
  await page.getByLabel("Operador", { exact: true }).fill("nadie@otra-agencia.test");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/operador=nadie%40otra-agencia.test/);
  await expect(page.locator("#filtro-operador-error")).toContainText("operador");
  await expect(page.getByLabel("Operador", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("La API rechazó los filtros")).toBeVisible();
  await revisarPagina(page, "consultas-error-api");

  // A filter without enquiries.
  await page.goto(`${base}/panel/consultas?agencia=${AGENCIA}&externalid=no-existe`);
  await expect(page.getByRole("heading", { name: "No hay consultas para estos filtros" })).toBeVisible();
  await revisarPagina(page, "consultas-vacia");
});

test("the detail panel shows every field, works with the keyboard and closes with Escape", async ({ page }) => {
  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${AGENCIA}`);
  const enlace = page.getByRole("link", { name: "Persona0 Prueba" });
  await enlace.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`sid=${sids[0]}`));
  const dialogo = page.getByRole("dialog", { name: "Persona0 Prueba" });
  await expect(dialogo).toBeVisible();

  const response = await api(service.info, app, "GET", `/v3/consultas/${AGENCIA}/${sids[0]}`);
  const consulta = await response.json();
  const campo = (nombre: string) => dialogo.locator(`[data-campo="${nombre}"] dd`);
  await expect(campo("Sid")).toHaveText(sids[0] as string);
  await expect(campo("TipoAnuncio")).toHaveText("Publicación");
  // The API's codes in words, the code itself kept in a tooltip for support (issue 20).
  await expect(campo("OrigenLead")).toHaveText("Formulario de contacto");
  await expect(campo("OrigenLead").locator("[title]")).toHaveAttribute("title", consulta.OrigenLead);
  await expect(campo("Interes")).toHaveText("Comprar");
  await expect(campo("Estado")).toHaveText("Usado");
  await expect(campo("OperadorResponsable")).toHaveText(consulta.OperadorResponsable);
  await expect(campo("Momento")).toContainText(String(new Date(consulta.Momento).getFullYear()));
  for (const nombre of ["Nombre", "Apellido", "Email", "Telefono", "DocIdentidad", "Provincia", "Ciudad"]) {
    await expect(campo(nombre)).toHaveText(consulta.Interesado[nombre]);
  }
  await expect(campo("Comentario")).toHaveText(consulta.Interesado.Comentario);
  for (const nombre of ["ExternalId", "RefStock", "Marca", "Modelo", "Version", "Color", "BodyType"]) {
    await expect(campo(nombre)).toHaveText(consulta.Auto[nombre]);
  }
  await expect(campo("VersionYear")).toHaveText("2021");
  await expect(campo("Kilometraje")).toHaveText("45.000 km");
  await expect(campo("Precio")).toContainText("21.500");
  await expect(campo("Anticipo")).toHaveText("—");
  await expect(campo("Cuota")).toHaveText("—");
  await expect(campo("EntregaVehiculo")).toHaveText("Ford Ka 2015");
  await expect(campo("Adelanto")).toHaveText("1.000");
  await expect(campo("CuotaDeseada")).toContainText("150.000");
  await expect(campo("QuiereCotizacionSeguro")).toHaveText("Sí");
  await revisarPagina(page, "consultas-detalle");

  // Reload keeps the detail open (it is in the URL).
  await page.reload();
  await expect(page.getByRole("dialog", { name: "Persona0 Prueba" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/sid=/);
  await expect(page.getByRole("link", { name: "Persona0 Prueba" })).toBeFocused();

  // A click anywhere on a row opens it; the close button closes it.
  await filas(page).nth(1).locator("td").first().click();
  await expect(page.getByRole("dialog", { name: "Persona1 Prueba" })).toBeVisible();
  await page.getByRole("button", { name: "Cerrar el detalle" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The catalogue enquiry.
  await page.getByRole("link", { name: "Persona7 Prueba" }).click();
  const catalogo = page.getByRole("dialog", { name: "Persona7 Prueba" });
  await expect(catalogo.locator('[data-campo="TipoAnuncio"] dd')).toHaveText("Catálogo");
  await expect(catalogo.locator('[data-campo="Marca"] dd')).toHaveText("Renault");
});

test("soporte resends an enquiry's webhook: it arrives with Reenvio true; without an active configuration the reason is shown", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sid = sids[3] as string;
  await ingresar(page, users.soporte.email, `/panel/consultas?agencia=${AGENCIA}&sid=${sid}`);
  const dialogo = page.getByRole("dialog", { name: "Persona3 Prueba" });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole("button", { name: "Reenviar webhook" }).click();
  await expect(page.getByTestId("resultado-reenvio")).toContainText("Reenviada");
  await revisarPagina(page, "consultas-reenviada");

  expect((await reenvioRecibido(sid)).Reenvio).toBe(true);

  const apagar = await api(service.info, app, "PUT", "/v3/appnotificaciones/consultas", {
    Callback: receiver.url("/consultas"),
    Activo: false,
  });
  expect(apagar.status).toBe(200);
  try {
    await dialogo.getByRole("button", { name: "Reenviar webhook" }).click();
    await expect(page.getByTestId("resultado-reenvio")).toContainText("No se pudo reenviar");
    await expect(page.getByTestId("resultado-reenvio")).toContainText("configuración activa");
    await revisarPagina(page, "consultas-reenvio-sin-configuracion");
  } finally {
    await api(service.info, app, "PUT", "/v3/appnotificaciones/consultas", { Callback: receiver.url("/consultas"), Activo: true });
  }
});

test("admin resends an enquiry's webhook from its detail: it arrives with Reenvio true", async ({ page }) => {
  const sid = sids[5] as string;
  const antes = receiver.received.length;
  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${AGENCIA}&sid=${sid}`);
  const dialogo = page.getByRole("dialog", { name: "Persona5 Prueba" });
  await expect(dialogo).toBeVisible();
  await dialogo.getByRole("button", { name: "Reenviar webhook" }).click();
  await expect(page.getByTestId("resultado-reenvio")).toContainText("Reenviada: la notificación");
  await revisarPagina(page, "consultas-reenviada-admin");
  const reenvio = await reenvioRecibido(sid, antes);
  expect(reenvio).toMatchObject({ Reenvio: true, Datos: { Sid: sid } });
});

test("an agencia user's forged call of the resend server action is refused on the server, and nothing is resent", async ({
  page,
  browser,
}) => {
  // The detail's JavaScript, which the agencia user's browser loads too when she opens an enquiry,
  // names the action (only its button is not rendered): a forged call is a POST to the page with that
  // id, as React would send it.
  const propia = (await todasLasConsultas(service.info, app, AGENCIA, { operador: VENDEDORA }))[0]?.sid as string;
  await ingresar(page, users.agencia.email, `/panel/consultas?sid=${propia}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  const accion = await idDeAccion(page, "resendConsultaWebhook");
  const llamar = (desde: Page) =>
    desde.request.post(`${base}/panel/consultas`, {
      headers: { "Next-Action": accion, Accept: "text/x-component", "Content-Type": "text/plain;charset=UTF-8", Origin: base },
      data: JSON.stringify([AGENCIA, propia]),
      maxRedirects: 0,
    });

  // The forged call is well made: the same request from an admin's browser resends.
  const admin = await (await browser.newContext()).newPage();
  try {
    await ingresar(admin, users.admin.email, "/panel/consultas");
    const antesAdmin = receiver.received.length;
    expect((await llamar(admin)).status()).toBe(200);
    expect(await reenvioRecibido(propia, antesAdmin)).toMatchObject({ Reenvio: true });
  } finally {
    await admin.context().close();
  }

  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const antes = receiver.received.length;
  const forjada = await llamar(page);
  expect(forjada.status()).toBe(403);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(receiver.received.slice(antes)).toEqual([]);
});

test("soporte's forged call of the mark server action is refused on the server: an attended enquiry stays attended by whom it was (decision 0097)", async ({
  page,
  browser,
}) => {
  const sid = sids[4] as string;
  const atencion = () =>
    api(service.info, app, "GET", `/v3/consultas/${AGENCIA}/${sid}`).then(async (response) => (await response.json()).Atencion);
  const marcar = (Atendida: boolean) =>
    api(service.info, app, "PUT", `/v3/consultas/${AGENCIA}/${sid}/atencion`, { Atendida, Por: VENDEDORA });
  expect((await marcar(true)).status).toBeLessThan(300);
  try {
    // Soporte's page no longer shows the buttons, but its JavaScript names the action (the list's component).
    await ingresar(page, users.soporte.email, `/panel/consultas?agencia=${AGENCIA}`);
    await expect(page.getByRole("button", { name: /Marcar como/ })).toHaveCount(0);
    const accion = await idDeAccion(page, "putConsultaAtencion");
    const llamar = (desde: Page) =>
      desde.request.post(`${base}/panel/consultas`, {
        headers: { "Next-Action": accion, Accept: "text/x-component", "Content-Type": "text/plain;charset=UTF-8", Origin: base },
        data: JSON.stringify([AGENCIA, sid, false]),
        maxRedirects: 0,
      });
    expect((await llamar(page)).status()).toBe(403);
    expect(await atencion()).toMatchObject({ Atendida: true, Por: VENDEDORA });

    // The forged call is well made: the same request from an admin's browser unmarks it.
    const admin = await (await browser.newContext()).newPage();
    try {
      await ingresar(admin, users.admin.email, "/panel/consultas");
      expect((await llamar(admin)).status()).toBe(200);
      expect(await atencion()).toMatchObject({ Atendida: false, Por: users.admin.email });
    } finally {
      await admin.context().close();
    }
  } finally {
    await marcar(false);
  }
});

test("the CSV export holds every enquiry of the filter, across all pages, as the API lists them", async ({ page }) => {
  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${AGENCIA}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^consultas-ventas_autos-norte\.test-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = leerCsv(bytes.toString("utf8").slice(1));
  const [cabecera, ...datos] = rows as [string[], ...string[][]];
  expect(cabecera.slice(0, 5)).toEqual(["Sid", "Momento", "Nombre", "Apellido", "Email"]);
  const todas = await consultasDeLaApi(service.info, app, AGENCIA);
  // Every column of every row reads back as the API's value, and the rows come in the API's order.
  expect(diferenciasCsv(rows, todas)).toEqual([]);
  const columna = (nombre: string) => cabecera.indexOf(nombre);
  expect(datos.map((row) => row[columna("Sid")])).toEqual(todas.map(sidDe));
  const fila = (sid: string) => datos.find((row) => row[columna("Sid")] === sid) as string[];
  expect(fila(sids[0] as string)[columna("Comentario")]).toBe('Hola; ¿lo tienen "en gris"?\nGracias');
  expect(fila(sids[0] as string)[columna("Telefono")]).toBe("+54 351 555-1000");
  expect(fila(sids[0] as string)[columna("QuiereCotizacionSeguro")]).toBe("sí");
  expect(fila(sids[2] as string)[columna("Comentario")]).toBe("'=SUMA(A1:A9)");
  expect(fila(sids[1] as string)[columna("PrecioImporte")]).toBe("18900,5");
  expect(fila(sids[1] as string)[columna("Anticipo")]).toBe("1500000,5");

  // Same filter as the page: operador + externalid, through the route with the session's cookies.
  const filtro = { operador: VENDEDOR, externalid: "auto-2" };
  const respuesta = await page.request.get(`${base}/panel/consultas/exportar?agencia=${AGENCIA}&${new URLSearchParams(filtro)}`);
  expect(respuesta.status()).toBe(200);
  expect(respuesta.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(respuesta.headers()["content-disposition"]).toMatch(/^attachment; filename="consultas-/);
  const filtradas = leerCsv((await respuesta.text()).replace(/^\uFEFF/, ""));
  const esperadas = await consultasDeLaApi(service.info, app, AGENCIA, filtro);
  expect(esperadas.length).toBeGreaterThan(0);
  expect(diferenciasCsv(filtradas, esperadas)).toEqual([]);
  expect(filtradas.slice(1).map((row) => row[0])).toEqual(esperadas.map(sidDe));
});

test("an agencia user sees only its operator's enquiries, whatever the URL asks for", async ({ page }) => {
  const propias = await todasLasConsultas(service.info, app, AGENCIA, { operador: VENDEDORA });
  expect(propias.length).toBeGreaterThan(0);
  expect(propias.length).toBeLessThan(CANTIDAD);

  await ingresar(page, users.agencia.email, `/panel/consultas?agencia=${OTRA}&operador=${AGENCIA}`);
  await expect(page.getByText(`Consultas de ${AGENCIA} que ve ${VENDEDORA}.`)).toBeVisible();
  await expect(page.getByTestId("agencia-fija")).toHaveText(AGENCIA);
  await expect(page.getByTestId("operador-fijo")).toHaveText(VENDEDORA);
  await expect(page.getByLabel("Agencia")).toHaveCount(0);
  await expect(page.getByTestId("total")).toHaveText(totalDe(propias.length));
  await expect(filas(page)).toHaveCount(propias.length);
  const sidsVistos = await filas(page).evaluateAll((rows) => rows.map((row) => row.getAttribute("data-sid")));
  expect(sidsVistos).toEqual(propias.map((entry) => entry.sid));
  await revisarPagina(page, "consultas-agencia");

  // The export obeys the same rule.
  const respuesta = await page.request.get(`${base}/panel/consultas/exportar?agencia=${OTRA}&operador=${AGENCIA}`);
  const [cab, ...rows] = leerCsv((await respuesta.text()).replace(/^\uFEFF/, "")) as [string[], ...string[][]];
  expect(rows.map((row) => row[cab.indexOf("Sid")])).toEqual(propias.map((entry) => entry.sid));
  expect(new Set(rows.map((row) => row[cab.indexOf("OperadorResponsable")]))).toEqual(new Set([VENDEDORA]));

  // Its own enquiry opens, without the resend button; another operator's does not.
  const propia = propias[0]?.sid as string;
  await page.goto(`${base}/panel/consultas?sid=${propia}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reenviar webhook" })).toHaveCount(0);
  const ajena = sids[1] as string;
  await page.goto(`${base}/panel/consultas?sid=${ajena}`);
  await expect(page.getByRole("dialog", { name: "Consulta no disponible" })).toContainText("no está asignada a tu operador");
  await revisarPagina(page, "consultas-agencia-ajena");
});

/**
 * With the inbox open (and never reloaded), an enquiry for `nombre` Llegada is ingested: it must be
 * announced and appear first in the table. Returns its sid.
 */
async function llegaSinRecargar(page: Page, nombre: string, revision: string): Promise<string> {
  await page.evaluate(() => {
    (window as unknown as { sinRecargar: boolean }).sinRecargar = true;
  });
  const sid = await ingresarConsulta(service.info, {
    AdminMail: AGENCIA,
    ExternalId: "AUTO-1",
    TipoAnuncio: "publicacion",
    OperadorResponsable: VENDEDORA,
    Interesado: {
      Interes: "compra",
      Nombre: nombre,
      Apellido: "Llegada",
      Email: `llegada-${Date.now()}@example.com`,
      Comentario: "¡Hola!",
    },
  });
  await expect(page.getByTestId("novedades")).toContainText("1 consulta nueva", { timeout: 40_000 });
  await expect(filas(page).first()).toHaveAttribute("data-sid", sid);
  await expect(page.getByRole("link", { name: `${nombre} Llegada` })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
  await revisarPagina(page, revision);
  return sid;
}

test("a new enquiry ingested while the page is open appears without a reload, announced", async ({ page }) => {
  test.setTimeout(90_000);
  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${AGENCIA}`);
  await expect(page.getByTestId("total")).toHaveText(totalDe(CANTIDAD));
  await llegaSinRecargar(page, "Recién", "consultas-nueva");
  await expect(page.getByTestId("total")).toHaveText(totalDe(CANTIDAD + 1));
});

test("a new enquiry is noticed by its sid even when Total does not grow (an old one left the 90-day window meanwhile)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${AGENCIA}`);
  const total = CANTIDAD + 1;
  await expect(page.getByTestId("total")).toHaveText(totalDe(total));
  // The poll answers the Total the page already knows, as it would if the oldest enquiry had left
  // the window as the new one arrived: only page 1's newest sid tells the news.
  await page.route("**/panel/consultas/novedades?**", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), Total: total } });
  });
  await llegaSinRecargar(page, "Otra", "consultas-nueva-sin-cambio-de-total");
  // A poll may be in flight as the test ends: its answer no longer matters.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
