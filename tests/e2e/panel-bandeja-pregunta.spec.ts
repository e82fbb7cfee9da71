import { expect, type Locator, type Page, test } from "@playwright/test";
import { revisarPagina, TAMANOS } from "../support/pagina";
import { abrirConSesion, type ServicioPanel, startPanelService } from "../support/panel";
import {
  agregarOperador,
  api,
  autoDePrueba,
  type Credenciales,
  ingresarConsulta,
  publicar,
  registrarAgencia,
} from "../support/panel-consultas";

/**
 * The question first (issue 34, part 3) and the undo of a mark (part 4), at a phone's size and a
 * desktop's: the detail opens on the vehicle, its price and the buyer's question, with the metadata
 * folded; every row previews the question in one line; the phone's inbox is a compact sticky bar
 * (search, tabs, a "Más" menu with the periods and the export) over the enquiries, and its header's
 * menu leads home; at 1440 px the tables fit their box with long e-mails; a mark says so with
 * "Deshacer", which puts the previous state back in the API.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Pregunta E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@pregunta-norte.test";
// Long e-mails, as the ones that pushed the actions out of the table (the operator's and the buyer's).
const VENDEDORA = "vendedora.de.usados.y.cero.km@pregunta-norte.test";
const EMAIL_LARGO = "maria.fernanda.gonzalez.de.la.fuente.rodriguez@correo-de-una-empresa-muy-larga.example.com";
const PREGUNTA =
  "Hola, ¿sigue disponible? Me interesa verlo este fin de semana con mi familia; ¿aceptan mi auto usado como parte de pago y financian el resto en cuotas fijas?";
const users = {
  admin: { email: "admin@pregunta-e2e.test", role: "admin" as const },
  agencia: { email: VENDEDORA, role: "agencia" as const, agency: AGENCIA },
};

let service: ServicioPanel;
let app: Credenciales;
let base: string;
const sids: Record<string, string> = {};
const HORA = 3_600_000;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ({ service, base, credentials: app } = await startPanelService(WORKSPACE, Object.values(users), PASSWORD));
  const info = service.info;
  await registrarAgencia(info, app, AGENCIA, "Pregunta Norte");
  await agregarOperador(info, AGENCIA, VENDEDORA, "Vera", "Vendedora");
  await publicar(info, app, AGENCIA, "PN-1", autoDePrueba("Toyota", "Corolla", 21500));
  // Gómez (the long question and e-mail) is the newest; enough others for the phone's list to scroll.
  const personas = [
    { clave: "gomez", Apellido: "Gómez", Email: EMAIL_LARGO, Comentario: PREGUNTA },
    { clave: "perez", Apellido: "Pérez", Email: "perez@example.com", Comentario: "¿Precio final?" },
    { clave: "ruiz", Apellido: "Ruiz", Email: "ruiz@example.com", Comentario: "" },
    ...["Sosa", "Luna", "Vega", "Rios", "Paz", "Mora"].map((apellido) => ({
      clave: apellido.toLowerCase(),
      Apellido: apellido,
      Email: `${apellido.toLowerCase()}@example.com`,
      Comentario: "¿Lo puedo ver el sábado?",
    })),
  ];
  for (const [orden, persona] of personas.entries()) {
    sids[persona.clave] = await ingresarConsulta(info, {
      AdminMail: AGENCIA,
      ExternalId: "PN-1",
      TipoAnuncio: "publicacion",
      OperadorResponsable: VENDEDORA,
      Momento: new Date(Date.now() - (orden + 1) * HORA).toISOString(),
      Interesado: {
        Interes: "compra",
        Nombre: "María",
        Apellido: persona.Apellido,
        Email: persona.Email,
        Telefono: "+54 9 351 555-0101",
        Comentario: persona.Comentario,
      },
    });
  }
});

test.afterAll(async () => {
  await service?.stop();
});

async function ingresar(page: Page, email: string, destino: string) {
  await abrirConSesion(page, base, email, PASSWORD, destino);
}

const filas = (page: Page) => page.getByRole("table").locator("tbody tr");
const fila = (page: Page, sid: string) => page.locator(`tbody tr[data-sid="${sid}"]`);

/** The enquiry's attention mark as the API returns it to the workspace's app. */
async function atencionEnLaApi(sid: string): Promise<{ Atendida: boolean; Por: string } | null> {
  const response = await api(service.info, app, "GET", `/v3/consultas/${AGENCIA}/${sid}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { Atencion: { Atendida: boolean; Por: string } | null }).Atencion;
}

async function caja(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("sin caja: no está visible");
  return box;
}

test("phone: the detail opens on the car, its price and the question, then WhatsApp / Llamar / E-mail; the metadata folds away", async ({
  page,
}) => {
  await page.setViewportSize(TAMANOS.movil);
  await ingresar(page, VENDEDORA, `/panel/consultas?sid=${sids.gomez}`);
  const detalle = page.getByRole("dialog", { name: "María Gómez" });
  const resumen = detalle.getByTestId("resumen");
  await expect(resumen).toContainText("Toyota Corolla 2.0 XEI CVT (2021)");
  await expect(resumen).toContainText("21.500");
  const pregunta = resumen.locator('[data-campo="Comentario"] dd');
  await expect(pregunta).toHaveText(PREGUNTA);
  const acciones = ["Escribir por WhatsApp", "Llamar", "Escribir un e-mail"].map((nombre) => detalle.getByRole("link", { name: nombre }));
  // All of it on the first screen, the question above the actions, in this order.
  const alto = TAMANOS.movil.height;
  const cajaPregunta = await caja(pregunta);
  const cajasAcciones = await Promise.all(acciones.map(caja));
  for (const una of [cajaPregunta, ...cajasAcciones]) expect(una.y + una.height).toBeLessThanOrEqual(alto);
  expect(cajasAcciones[0]?.y).toBeGreaterThan(cajaPregunta.y + cajaPregunta.height - 1);
  expect(cajasAcciones.map((una) => una.x)).toEqual([...cajasAcciones.map((una) => una.x)].sort((a, b) => a - b));
  await expect(detalle.getByRole("link", { name: "Escribir por WhatsApp" })).toHaveText("WhatsApp");
  await page.screenshot({ path: "tests/e2e/screenshots/bandeja-detalle-primera-pantalla-movil.png" });

  // The metadata: folded below, a disclosure opened from the keyboard.
  const metadatos = detalle.getByTestId("metadatos");
  const sid = metadatos.locator('[data-campo="Sid"] dd');
  await expect(sid).toBeHidden();
  expect((await caja(metadatos)).y).toBeGreaterThan((cajasAcciones.at(-1)?.y ?? 0) + 1);
  const resumenMetadatos = metadatos.locator("summary");
  await expect(resumenMetadatos).toContainText("Datos de la consulta");
  await resumenMetadatos.focus();
  await page.keyboard.press("Enter");
  await expect(sid).toBeVisible();
  await expect(sid).toHaveText(sids.gomez as string);
  await expect(metadatos.locator('[data-campo="OrigenLead"] dd')).toHaveText("Formulario de contacto");
  await expect(metadatos.locator('[data-campo="TipoAnuncio"] dd')).toHaveText("Publicación");
  await page.keyboard.press("Enter");
  await expect(sid).toBeHidden();
  await revisarPagina(page, "bandeja-detalle-pregunta-agencia");

  // Without a question, the summary says so.
  await page.goto(`${base}/panel/consultas?sid=${sids.ruiz}`);
  await expect(page.getByRole("dialog").locator('[data-campo="Comentario"] dd')).toHaveText("El interesado no escribió una pregunta.");
});

test("each row and card previews the question in one line, the whole of it in its title and for screen readers", async ({ page }) => {
  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${encodeURIComponent(AGENCIA)}`);
  for (const [tamano, viewport] of Object.entries(TAMANOS)) {
    await page.setViewportSize(viewport);
    const preview = fila(page, sids.gomez as string).getByTestId("pregunta");
    await expect(preview).toHaveAttribute("title", PREGUNTA);
    await expect(preview).toHaveText(PREGUNTA);
    const medida = await preview.evaluate((elemento) => ({
      cortada: elemento.scrollWidth > elemento.clientWidth,
      lineas: Math.round(elemento.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(elemento).lineHeight)),
      elipsis: getComputedStyle(elemento).textOverflow,
    }));
    expect(medida, tamano).toEqual({ cortada: true, lineas: 1, elipsis: "ellipsis" });
    await expect(fila(page, sids.perez as string).getByTestId("pregunta")).toHaveText("¿Precio final?");
    await expect(fila(page, sids.ruiz as string).getByTestId("pregunta")).toHaveText("Sin pregunta escrita");
    const anchos = await page.evaluate(() => ({ pagina: document.documentElement.scrollWidth, ventana: window.innerWidth }));
    expect(anchos.pagina, tamano).toBeLessThanOrEqual(anchos.ventana);
  }
  // The header's search across agencies previews it too.
  await page.goto(`${base}/panel/consultas/buscar?q=gomez`);
  await expect(filas(page)).toHaveCount(1);
  await expect(filas(page).first().getByTestId("pregunta")).toHaveAttribute("title", PREGUNTA);
  await revisarPagina(page, "bandeja-buscar-pregunta-admin");
});

test("phone: the inbox's first screen shows enquiries under a sticky search and tabs; periods and export in «Más»; «Inicio» in the menu", async ({
  page,
}) => {
  await page.setViewportSize(TAMANOS.movil);
  await ingresar(page, VENDEDORA, "/panel/consultas");
  await expect(filas(page)).toHaveCount(9);
  // The first enquiries are on the first screen, below the search and the tabs.
  const buscar = page.getByRole("searchbox", { name: "Buscar", exact: true });
  const pestanas = page.getByRole("navigation", { name: "Consultas por atención" });
  const primera = await caja(filas(page).first());
  expect(primera.y + primera.height).toBeLessThanOrEqual(TAMANOS.movil.height);
  expect(primera.y).toBeGreaterThan((await caja(pestanas)).y);
  await expect(page.getByRole("button", { name: "7 días" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Exportar CSV" })).toBeHidden();
  await revisarPagina(page, "bandeja-movil-agencia");

  // Scrolled down the list, the search and the tabs stay at the top.
  await page.setViewportSize(TAMANOS.movil);
  await page.evaluate(() => window.scrollTo(0, 900));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  expect((await caja(buscar)).y).toBeLessThan(20);
  expect((await caja(pestanas)).y).toBeLessThan(120);
  await expect(pestanas).toBeInViewport();

  // «Más» (a disclosure): the periods (the current one pressed), the other filters and the export.
  const mas = page.getByRole("button", { name: "Más opciones de la bandeja" });
  await expect(mas).toHaveAttribute("aria-expanded", "false");
  await mas.click();
  await expect(mas).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("button", { name: "7 días" }).click();
  await page.waitForURL((url) => url.searchParams.get("desde") !== null);
  await expect(page.getByRole("button", { name: "Más opciones de la bandeja (2 filtros activos)" })).toBeVisible();
  await mas.click();
  await expect(page.getByRole("button", { name: "7 días" })).toHaveAttribute("aria-pressed", "true");
  const [descarga] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
  expect(descarga.suggestedFilename()).toMatch(/\.csv$/);
  await page.getByRole("button", { name: /^Filtros/ }).click();
  await expect(page.getByRole("button", { name: "Ocultar filtros" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Código de la publicación")).toBeFocused();

  // The header's menu leads home.
  await page.getByRole("button", { name: "Menú" }).click();
  const inicio = page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Inicio", exact: true });
  await expect(inicio).toBeVisible();
  await revisarPagina(page, "bandeja-menu-movil-agencia");
  await page.setViewportSize(TAMANOS.movil);
  await inicio.click();
  await page.waitForURL((url) => url.pathname === "/panel");
  // On a desktop the brand leads home; the sections' row has no second «Inicio».
  await page.setViewportSize(TAMANOS.escritorio);
  await expect(
    page.getByRole("navigation", { name: "Secciones del panel" }).getByRole("link", { name: "Inicio", exact: true }),
  ).toBeHidden();
});

/** Whether the table's box holds its actions column whole: nothing cut, nothing to scroll sideways. */
async function tablaEntera(page: Page) {
  const contenedor = page.getByRole("table").locator("xpath=..");
  const { scrollWidth, clientWidth } = await contenedor.evaluate((elemento) => ({
    scrollWidth: elemento.scrollWidth,
    clientWidth: elemento.clientWidth,
  }));
  expect(scrollWidth, "la tabla no se desplaza de costado").toBeLessThanOrEqual(clientWidth);
  const borde = await caja(contenedor);
  for (const celda of [
    page.getByRole("columnheader", { name: "Acciones" }),
    fila(page, sids.gomez as string)
      .locator("td")
      .last(),
  ]) {
    const una = await caja(celda);
    expect(una.x + una.width, "la columna de acciones entra en la caja").toBeLessThanOrEqual(borde.x + borde.width + 0.5);
  }
  // Fluid: the table takes the window's width, not a column in its middle.
  expect(borde.width).toBeGreaterThan(TAMANOS.escritorio.width * 0.9);
}

test("1440 px: the inbox's and the search's tables fit their box with long e-mails, the whole e-mail in a tooltip", async ({ page }) => {
  await ingresar(page, users.admin.email, `/panel/consultas?agencia=${encodeURIComponent(AGENCIA)}`);
  await expect(fila(page, sids.gomez as string)).toBeVisible();
  await tablaEntera(page);
  const gomez = fila(page, sids.gomez as string);
  await expect(gomez.getByRole("link", { name: EMAIL_LARGO })).toHaveAttribute("title", EMAIL_LARGO);
  await expect(gomez.getByTitle(VENDEDORA)).toHaveText(VENDEDORA);
  await expect(gomez.getByRole("button", { name: "Más acciones" })).toBeVisible();
  await revisarPagina(page, "bandeja-ancha-admin");

  await page.goto(`${base}/panel/consultas/buscar?q=gomez`);
  await expect(filas(page)).toHaveCount(1);
  await tablaEntera(page);
});

/** The notice of a mark, inside `donde` (the page, or the open detail), and its Deshacer. */
function avisoEn(donde: Page | Locator) {
  const aviso = donde.getByTestId("aviso-atencion");
  return { aviso, deshacer: aviso.getByRole("button", { name: "Deshacer" }) };
}

test("marking attended from the list says «Marcada como atendida · Deshacer»; Deshacer puts the API's mark back", async ({ page }) => {
  await ingresar(page, VENDEDORA, "/panel/consultas");
  await fila(page, sids.perez as string)
    .getByRole("button", { name: "Marcar como atendida" })
    .click();
  const { aviso, deshacer } = avisoEn(page);
  await expect(aviso).toContainText("Marcada como atendida");
  // Said politely by a live region, as it appears.
  await expect(page.locator('[aria-live="polite"]').filter({ has: aviso })).toHaveCount(1);
  await expect(fila(page, sids.perez as string)).toHaveCount(0);
  expect(await atencionEnLaApi(sids.perez as string)).toMatchObject({ Atendida: true, Por: VENDEDORA });
  // The notice stays while its button has the focus (the checks below take longer than its seconds).
  await deshacer.focus();
  await revisarPagina(page, "bandeja-deshacer-agencia");

  await deshacer.click();
  await expect(aviso).toContainText("Listo: vuelve a estar sin atender");
  await expect(fila(page, sids.perez as string)).toHaveCount(1);
  expect(await atencionEnLaApi(sids.perez as string)).toMatchObject({ Atendida: false });
  // It goes by itself after a few seconds.
  await expect(aviso).toHaveCount(0, { timeout: 15_000 });
});

test("phone: in the detail the notice shows inside it (a modal), its Deshacer reached by keyboard; unmarking offers it too", async ({
  page,
}) => {
  await page.setViewportSize(TAMANOS.movil);
  await ingresar(page, VENDEDORA, `/panel/consultas?sid=${sids.sosa}`);
  const detalle = page.getByRole("dialog");
  await detalle.getByRole("button", { name: "Marcar como atendida" }).click();
  const { aviso, deshacer } = avisoEn(detalle);
  await expect(aviso).toContainText("Marcada como atendida");
  await expect(aviso).toBeInViewport();
  await expect(detalle.getByRole("button", { name: "Marcar como sin atender" })).toBeVisible();
  expect(await atencionEnLaApi(sids.sosa as string)).toMatchObject({ Atendida: true, Por: VENDEDORA });
  await deshacer.focus();
  await page.keyboard.press("Enter");
  await expect(aviso).toContainText("Listo: vuelve a estar sin atender");
  await expect(detalle.getByRole("button", { name: "Marcar como atendida" })).toBeVisible();
  expect(await atencionEnLaApi(sids.sosa as string)).toMatchObject({ Atendida: false });

  // The reverse: marked again, then unmarked, then the unmark undone.
  await detalle.getByRole("button", { name: "Marcar como atendida" }).click();
  await expect(detalle.getByRole("button", { name: "Marcar como sin atender" })).toBeVisible();
  await detalle.getByRole("button", { name: "Marcar como sin atender" }).click();
  await expect(aviso).toContainText("Desmarcada");
  expect(await atencionEnLaApi(sids.sosa as string)).toMatchObject({ Atendida: false });
  await deshacer.focus();
  await revisarPagina(page, "bandeja-detalle-deshacer-agencia");
  await page.setViewportSize(TAMANOS.movil);
  await deshacer.click();
  await expect(aviso).toContainText("Listo: vuelve a estar atendida");
  expect(await atencionEnLaApi(sids.sosa as string)).toMatchObject({ Atendida: true, Por: VENDEDORA });
  // Escape on the notice closes it, not the detail.
  await detalle.getByRole("button", { name: "Marcar como sin atender" }).click();
  await deshacer.focus();
  await page.keyboard.press("Escape");
  await expect(aviso).toHaveCount(0);
  await expect(detalle).toBeVisible();
  expect(await atencionEnLaApi(sids.sosa as string)).toMatchObject({ Atendida: false });
});
