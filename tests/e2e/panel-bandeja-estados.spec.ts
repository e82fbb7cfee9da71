import { expect, type Page, test } from "@playwright/test";
import { INTERVALO_NOVEDADES_MS } from "../../components/consultas/novedades";
import { PER_PAGINA } from "../../lib/api/limites";
import { startApiIntermedia } from "../support/api-intermedia";
import { revisarPagina } from "../support/pagina";
import { abrirConSesion, adminCli, type ServicioPanel, startPanelService } from "../support/panel";
import { autoDePrueba, type Credenciales, ingresarConsulta, publicar, registrarAgencia } from "../support/panel-consultas";

/**
 * The inbox's states between pages (issue 20): a page past the last one, a page on its way over a
 * slow API, the poll of new enquiries when the session has ended, and new enquiries arriving while
 * the inbox is open. One agency with one page and one enquiry more (two pages); the workspace's API
 * is a server of the test's own in front of the real one (tests/support/api-intermedia.ts), which
 * holds the requests when told.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Bandeja Estados E2E";
const PASSWORD = "una-clave-de-prueba";
const ADMIN = "admin@bandeja-estados.test";
const AGENCIA = "ventas@bandeja-estados.test";
const INBOX = `/panel/consultas?agencia=${encodeURIComponent(AGENCIA)}`;
const HORA = 3_600_000;

let service: ServicioPanel;
let base: string;
let app: Credenciales;
let intermedia: Awaited<ReturnType<typeof startApiIntermedia>>;

/** An enquiry for the agency's listing, `horas` ago; its sid. */
function consulta(apellido: string, horas: number): Promise<string> {
  return ingresarConsulta(service.info, {
    AdminMail: AGENCIA,
    ExternalId: "EST-1",
    TipoAnuncio: "publicacion",
    OperadorResponsable: AGENCIA,
    Momento: new Date(Date.now() - horas * HORA).toISOString(),
    Interesado: { Interes: "compra", Nombre: "Ana", Apellido: apellido, Email: `${apellido.toLowerCase()}@example.com`, Comentario: "" },
  });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ({ service, base, credentials: app } = await startPanelService(WORKSPACE, [{ email: ADMIN, role: "admin" }], PASSWORD));
  intermedia = await startApiIntermedia(base);
  const conexion = ["--api", intermedia.url, "--app-key", app.AppKey, "--app-secret", app.AppSecret];
  await adminCli(service.info, "panel", "workspace", "--name", WORKSPACE, ...conexion, "--json");
  await registrarAgencia(service.info, app, AGENCIA, "Bandeja Estados");
  await publicar(service.info, app, AGENCIA, "EST-1", autoDePrueba("Toyota", "Corolla", 21500));
  // PER_PAGINA + 1 enquiries: two pages, the second with the oldest one.
  for (let n = 0; n <= PER_PAGINA; n++) await consulta(`Cliente${String(n).padStart(2, "0")}`, 1 + n);
});

test.afterAll(async () => {
  await intermedia?.close();
  await service?.stop();
});

test.afterEach(() => {
  intermedia.pasar();
});

async function ingresar(page: Page, destino: string) {
  await abrirConSesion(page, base, ADMIN, PASSWORD, destino);
}

/** The inbox's live region; its data-sondeo is when it took in its last poll's answer (0: none yet). */
const novedades = (page: Page) => page.getByTestId("novedades");

/**
 * Signs in to an inbox view and waits until the inbox has taken in the answer to its first poll,
 * asked as it opens: a poll still under way when the test moves the clock stands for the one the move
 * would start (react-query never runs two at once), and it was asked before the enquiry the test adds.
 * The answer's arrival is not enough: the inbox reads its body after it.
 */
async function ingresarYEsperarSondeo(page: Page, destino: string) {
  await ingresar(page, destino);
  await expect(novedades(page)).toHaveAttribute("data-sondeo", /^[1-9]/);
}

/** Moves the clock to the next poll and waits until the inbox has taken in its answer. */
async function siguienteSondeo(page: Page) {
  const anterior = (await novedades(page).getAttribute("data-sondeo")) ?? "";
  await page.clock.fastForward(INTERVALO_NOVEDADES_MS);
  await expect(novedades(page)).not.toHaveAttribute("data-sondeo", anterior);
}

const filas = (page: Page) => page.getByRole("table").locator("tbody tr");

test("a page past the last says it has no enquiries and which page is the last, with a link to it; no filter is blamed", async ({
  page,
}) => {
  await ingresar(page, `${INBOX}&pagina=999`);
  await expect(page.getByRole("heading", { name: "Esta página no tiene consultas" })).toBeVisible();
  await expect(page.getByText(`Hay ${PER_PAGINA + 1} consultas; la última página es la 2.`)).toBeVisible();
  await expect(page.getByText("Revisá los filtros")).toHaveCount(0);
  await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);
  await revisarPagina(page, "consultas-pagina-inexistente-admin");

  await page.getByRole("link", { name: "Ir a la última página (2)" }).click();
  await page.waitForURL((url) => url.searchParams.get("pagina") === "2");
  await expect(page.getByTestId("pagina-actual")).toHaveText("Página 2 de 2");
  await expect(filas(page)).toHaveCount(1);

  // The same for a page within the API's range but past this filter's last.
  await page.goto(`${base}${INBOX}&pagina=3`);
  await expect(page.getByRole("heading", { name: "Esta página no tiene consultas" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ir a la última página (2)" })).toBeVisible();
});

test("on a slow API, Siguiente shows its loading state at once (a spinner that stays still under reduced motion), then page 2", async ({
  page,
}) => {
  await ingresar(page, INBOX);
  await expect(page.getByTestId("pagina-actual")).toHaveText("Página 1 de 2");
  await expect(filas(page)).toHaveCount(PER_PAGINA);
  intermedia.retener();
  const siguiente = page.getByRole("navigation", { name: "Paginación de consultas" }).getByRole("link", { name: "Siguiente" });
  await siguiente.click();
  // The API has not answered: the link says it is loading, page 1 is still there.
  await expect(siguiente.getByTestId("paso-pendiente")).toBeVisible({ timeout: 1_000 });
  await expect(siguiente).toContainText("Cargando…");
  // The browser asks for reduced motion (the config's reducedMotion): the spinner stays still.
  expect(
    await siguiente
      .getByTestId("paso-pendiente")
      .locator("[aria-hidden]")
      .evaluate((anillo) => anillo.getAnimations().length),
  ).toBe(0);
  await expect.poll(() => intermedia.retenidas()).toBeGreaterThan(0);
  await expect(page.getByTestId("pagina-actual")).toHaveText("Página 1 de 2");

  intermedia.pasar();
  await expect(page.getByTestId("pagina-actual")).toHaveText("Página 2 de 2");
  await expect(filas(page)).toHaveCount(1);
  await expect(page.getByTestId("paso-pendiente")).toHaveCount(0);
});

test("when the session ends, the next poll takes the person to sign in, and back to the same view after", async ({ page, context }) => {
  const vista = `${INBOX}&pagina=2`;
  await page.clock.install();
  await ingresarYEsperarSondeo(page, vista);
  await expect(page.getByTestId("pagina-actual")).toHaveText("Página 2 de 2");

  // Signed out in another tab of the same browser.
  const otra = await context.newPage();
  await otra.goto(`${base}/panel`);
  await otra.getByRole("button", { name: "Salir" }).click();
  await otra.waitForURL((url) => url.pathname === "/ingresar");
  await otra.close();

  await page.clock.fastForward(INTERVALO_NOVEDADES_MS);
  await page.waitForURL((url) => url.pathname === "/ingresar");
  expect(new URL(page.url()).searchParams.get("next")).toBe(vista);
  await expect(page.getByText("No pudimos buscar consultas nuevas")).toHaveCount(0);
  await page.getByLabel("E-mail").fill(ADMIN);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL(`${base}${vista}`);
  await expect(page.getByTestId("pagina-actual")).toHaveText("Página 2 de 2");
});

test("an enquiry that arrives while the inbox is open appears marked Nueva, announced once", async ({ page }) => {
  await page.clock.install();
  await ingresarYEsperarSondeo(page, INBOX);
  await expect(filas(page)).toHaveCount(PER_PAGINA);
  await expect(page.locator("tr[data-nueva]")).toHaveCount(0);

  const sid = await consulta("Reciente", 0);
  await siguienteSondeo(page);
  const nueva = page.locator(`tr[data-sid="${sid}"]`);
  await expect(nueva).toBeVisible();
  await expect(nueva).toHaveAttribute("data-nueva", "true");
  await expect(nueva.getByText("Nueva", { exact: true })).toBeVisible();
  await expect(page.locator("tr[data-nueva]")).toHaveCount(1);
  // The first row; the others are not marked.
  await expect(filas(page).first()).toHaveAttribute("data-sid", sid);
  await expect(page.getByTestId("novedades")).toHaveText(/^1 consulta nueva\s*Ya están en la tabla\.\s*Entendido$/);
  await revisarPagina(page, "consultas-nueva-admin");

  // The next poll finds nothing more: still marked, not announced again.
  await siguienteSondeo(page);
  await expect(page.getByTestId("novedades")).toContainText("1 consulta nueva");
  await expect(nueva).toHaveAttribute("data-nueva", "true");

  // Another page starts afresh.
  await page.getByRole("navigation", { name: "Paginación de consultas" }).getByRole("link", { name: "Siguiente" }).click();
  await expect(page.getByTestId("pagina-actual")).toHaveText("Página 2 de 2");
  await expect(page.locator("tr[data-nueva]")).toHaveCount(0);
});

test("in a view that had no enquiries, the first one to arrive appears marked Nueva", async ({ page }) => {
  const vista = `${INBOX}&q=tardio`;
  await page.clock.install();
  await ingresarYEsperarSondeo(page, vista);
  await expect(page.getByRole("heading", { name: "No hay consultas para estos filtros" })).toBeVisible();

  const sid = await consulta("Tardio", 0);
  await siguienteSondeo(page);
  await expect(page.locator(`tr[data-sid="${sid}"]`)).toHaveAttribute("data-nueva", "true");
  await expect(page.getByRole("heading", { name: "No hay consultas para estos filtros" })).toHaveCount(0);
  await expect(page.getByTestId("novedades")).toContainText("1 consulta nueva");
});
