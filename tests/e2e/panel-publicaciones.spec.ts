import { expect, type Page, test } from "@playwright/test";
import { addDays, dayOf } from "../../lib/time";
import { revisarPagina } from "../support/pagina";
import { abrirConSesion, adminCli, type ServicioPanel, startPanelService } from "../support/panel";
import { api, type Credenciales, ingresarConsulta, registrarAgencia } from "../support/panel-consultas";

/**
 * The dealer's stock in the Panel (issue 33), each role's work on listings against a server of its
 * own: an agency with a package of 2 listings (1 Alta, 1 Media), three cars published through API v3
 * (two Activa, the third saved paused), enquiries about the first. The numbers on screen are read
 * against the API's own.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Publicaciones E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@stock-norte.test";
const users = {
  admin: { email: "admin@stock-e2e.test", role: "admin" as const },
  soporte: { email: "soporte@stock-e2e.test", role: "soporte" as const },
  agencia: { email: AGENCIA, role: "agencia" as const, agency: AGENCIA },
};

let service: ServicioPanel;
let app: Credenciales;
let base: string;
/** The plan's last day: ten days from today in the service's zone (the warning shows under 15). */
const hasta = addDays(dayOf(new Date(), "America/Argentina/Buenos_Aires"), 10);

const auto = (ExternalId: string, Modelo: string, extra: Record<string, unknown> = {}) => ({
  ExternalId,
  RefStock: `RS-${ExternalId}`,
  Marca: "Toyota",
  Modelo,
  Version: "2.0 XEI",
  VersionYear: 2021,
  Kilometraje: 45000,
  Precio: { Moneda: "USD", Importe: 21500 },
  Color: "Gris",
  ...extra,
});

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ({ service, base, credentials: app } = await startPanelService(WORKSPACE, Object.values(users), PASSWORD));
  const info = service.info;
  await registrarAgencia(info, app, AGENCIA, "Stock Norte");
  await adminCli(
    info,
    "agency",
    "plan",
    "--admin",
    AGENCIA,
    "--plan",
    "Plan Norte",
    "--estado",
    "activo",
    "--publicaciones",
    "2",
    "--alta",
    "1",
    "--media",
    "1",
    "--baja",
    "0",
    "--hasta",
    hasta,
    "--json",
  );
  const fotos = [{ Url: `${base}/icon.svg` }, { Url: `${base}/no-es-una-foto.jpg` }];
  for (const body of [
    auto("COR-1", "Corolla", { Fotos: fotos, Exposicion: "Alta" }),
    auto("ETI-2", "Etios", { Exposicion: "Media" }),
    auto("HIL-3", "Hilux", { Activa: false }),
  ]) {
    const response = await api(info, app, "POST", `/v3/publicaciones/${AGENCIA}`, body);
    expect(response.status, await response.clone().text()).toBe(201);
  }
  for (const [nombre, clave, horas] of [
    ["Lucía", "lucia", 2],
    ["Pablo", "pablo", 30],
  ] as const) {
    await ingresarConsulta(info, {
      AdminMail: AGENCIA,
      ExternalId: "COR-1",
      TipoAnuncio: "publicacion",
      OperadorResponsable: AGENCIA,
      Momento: new Date(Date.now() - horas * 3_600_000).toISOString(),
      Interesado: {
        Interes: "compra",
        Nombre: nombre,
        Apellido: "Compradora",
        Email: `${clave}@example.com`,
        Comentario: "",
      },
    });
  }
});

test.afterAll(async () => {
  await service?.stop();
});

async function leer<T>(path: string): Promise<T> {
  const response = await api(service.info, app, "GET", path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

type Productos = { Publicaciones: { Contratadas: number; Activas: number; Disponibles: number } };
type Publicacion = {
  ExternalId: string;
  Estado: string;
  Fotos: { Url: string; Estado: string; Motivo: string | null }[];
  Consultas: { Total: number; SinAtender: number };
};

async function ingresar(page: Page, email: string, destino: string) {
  await abrirConSesion(page, base, email, PASSWORD, destino);
}

const fila = (page: Page, externalId: string) => page.locator(`tr[data-external-id="${externalId}"]`);

test("agencia: a refused reactivation says why with the package's numbers, and changes nothing", async ({ page }) => {
  await ingresar(page, AGENCIA, "/panel/publicaciones?estado=suspendida");
  await expect(fila(page, "HIL-3").getByTestId("estado")).toHaveText("Pausada: la pausaron desde el sistema de la agencia o el Panel");
  await fila(page, "HIL-3").getByRole("button", { name: "Reactivar" }).click();
  await expect(page.getByTestId("aviso-accion")).toContainText("Tu paquete tiene 2 publicaciones y las 2 están activas.");
  expect((await leer<Publicacion>(`/v3/publicaciones/${AGENCIA}/HIL-3`)).Estado).toBe("Suspendida");
  await revisarPagina(page, "publicaciones-rechazo-agencia");
});

test("agencia: pauses a car and sees the package's room free up, as the API counts it", async ({ page }) => {
  await ingresar(page, AGENCIA, "/panel/publicaciones");
  await expect(page.getByTestId("total")).toHaveText("2 publicaciones");
  const cupo = page.getByRole("progressbar", { name: "Publicaciones activas" });
  await expect(cupo).toHaveAttribute("aria-valuenow", "2");
  await expect(fila(page, "COR-1").getByTestId("consultas")).toHaveText("2 consultas");
  await expect(fila(page, "COR-1").getByTestId("exposicion")).toHaveText("Exposición alta");
  await revisarPagina(page, "publicaciones-agencia");

  await fila(page, "COR-1").getByRole("button", { name: "Pausar" }).click();
  await expect(page.getByTestId("aviso-accion")).toContainText("quedó pausada");
  await expect(cupo).toHaveAttribute("aria-valuenow", "1");
  await expect(page.getByTestId("total")).toHaveText("1 publicación");
  const productos = await leer<Productos>(`/v3/agencias/${AGENCIA}/productos`);
  expect(productos.Publicaciones).toEqual({ Contratadas: 2, Activas: 1, Disponibles: 1 });
  await expect(page.getByText(`${productos.Publicaciones.Disponibles} disponibles para publicar.`)).toBeVisible();

  // Reactivated from its page: it takes the level that has room again.
  await page.goto(`${base}/panel/publicaciones/COR-1`);
  await page.getByRole("button", { name: "Reactivar" }).click();
  await expect(page.getByTestId("aviso-accion")).toContainText("está activa de nuevo, con Exposición alta");
  expect((await leer<Publicacion>(`/v3/publicaciones/${AGENCIA}/COR-1`)).Estado).toBe("Activa");
});

test("admin: finds the active cars without enquiries, chosen agency in the URL", async ({ page }) => {
  await ingresar(page, users.admin.email, `/panel/publicaciones?agencia=${AGENCIA}`);
  const sinConsultas = page.getByTestId("sin-consultas");
  await expect(sinConsultas).toContainText("Toyota Etios 2.0 XEI 2021");
  await expect(sinConsultas).not.toContainText("Corolla");
  await expect(page.getByTestId("mas-consultadas")).toContainText("Toyota Corolla 2.0 XEI 2021");
  expect((await leer<Publicacion>(`/v3/publicaciones/${AGENCIA}/ETI-2`)).Consultas.Total).toBe(0);
  // Its count links to the inbox filtered by the listing.
  await fila(page, "COR-1").getByTestId("consultas").click();
  await page.waitForURL((url) => url.pathname === "/panel/consultas" && url.searchParams.get("externalid") === "COR-1");
  await expect(page.getByTestId("total")).toHaveText("2 consultas");
  await page.goBack();
  await revisarPagina(page, "publicaciones-admin");
});

test("soporte: reads a listing's photos and their checks, with no action to take", async ({ page }) => {
  await ingresar(page, users.soporte.email, `/panel/publicaciones/COR-1?agencia=${AGENCIA}`);
  const publicacion = await leer<Publicacion>(`/v3/publicaciones/${AGENCIA}/COR-1`);
  const estados = page.getByTestId("foto-estado");
  await expect(estados).toHaveCount(publicacion.Fotos.length);
  const palabras = { pendiente: "Pendiente de revisión", ok: "Revisada: se ve bien", error: "Error" };
  for (const [indice, foto] of publicacion.Fotos.entries()) {
    await expect(estados.nth(indice)).toContainText(`Foto ${indice + 1}: ${palabras[foto.Estado as keyof typeof palabras]}`);
  }
  await expect(page.getByRole("button", { name: "Pausar" })).toHaveCount(0);
  await expect(page.getByText("Con el rol de soporte las publicaciones se consultan pero no se cambian.")).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Lucía Compradora");
  await revisarPagina(page, "publicacion-soporte");

  // The server refuses soporte's action whatever the page shows.
  const response = await page.request.post(`${base}/panel/publicaciones/COR-1/accion`, {
    headers: { Origin: base, "Content-Type": "application/json" },
    data: { agencia: AGENCIA, accion: "pausar" },
  });
  expect(response.status()).toBe(403);
  expect((await leer<Publicacion>(`/v3/publicaciones/${AGENCIA}/COR-1`)).Estado).toBe("Activa");
});

test("agencia: the package page and the home show what is used against what is contracted, and that the plan ends soon", async ({
  page,
}) => {
  const productos = await leer<Productos & { VigenteHasta: string }>(`/v3/agencias/${AGENCIA}/productos`);
  expect(productos.VigenteHasta).toBe(hasta);
  const [anio, mes, dia] = hasta.split("-");
  await ingresar(page, AGENCIA, "/panel/paquete");
  await expect(page.getByTestId("paquete-vigencia")).toHaveText(`Vence el ${dia}/${mes}/${anio}`);
  await expect(page.getByTestId("paquete-aviso-vigencia")).toContainText("Vence en 10 días");
  const activas = page.getByRole("progressbar", { name: "Publicaciones activas" });
  await expect(activas).toHaveAttribute("aria-valuenow", String(productos.Publicaciones.Activas));
  await expect(activas).toHaveAttribute("aria-valuemax", String(productos.Publicaciones.Contratadas));
  await expect(page.getByTestId("paquete-lleno")).toBeVisible();
  await revisarPagina(page, "paquete-agencia");

  await page.goto(`${base}/panel`);
  await expect(page.getByTestId("inicio-paquete-aviso-vigencia")).toContainText("Vence en 10 días");
  await expect(page.getByTestId("sin-consultas")).toContainText("Toyota Etios 2.0 XEI 2021");
  await revisarPagina(page, "inicio-agencia-publicaciones");
});

test("admin: the home lists the agencies closest to their limits", async ({ page }) => {
  await ingresar(page, users.admin.email, "/panel");
  const cerca = page.getByTestId("cerca-del-limite");
  await expect(cerca).toContainText("Stock Norte");
  await expect(cerca.getByRole("progressbar").first()).toHaveAttribute("aria-valuetext", /^2 de 2 usadas/);
  await revisarPagina(page, "inicio-admin-cerca");
});

type Cambios = { Total: number; _entries: { Cambio: string; Origen: string }[] };

test("agencia: a listing's page shows its changes, who made each (its system, the Panel, the platform) and when, as the API keeps them", async ({
  page,
}) => {
  // The photos' checks are changes too: wait for them to end, so the page and the API agree.
  await expect
    .poll(async () => (await leer<Publicacion>(`/v3/publicaciones/${AGENCIA}/COR-1`)).Fotos.some((foto) => foto.Estado === "pendiente"), {
      timeout: 30_000,
    })
    .toBe(false);
  const cambios = await leer<Cambios>(`/v3/publicaciones/${AGENCIA}/COR-1/cambios`);
  await ingresar(page, AGENCIA, "/panel/publicaciones/COR-1");
  const lista = page.getByRole("list", { name: "Cambios de la publicación, del más reciente al más antiguo" });
  const filas = lista.getByTestId("cambio");
  await expect(filas).toHaveCount(cambios.Total);
  // Paused and reactivated from the Panel by an earlier test; the newest first.
  const delPanel = filas.filter({ hasText: /El Panel/ });
  await expect(delPanel).toHaveCount(cambios._entries.filter((cambio) => cambio.Origen === "panel").length);
  await expect(delPanel.first()).toContainText("Cambio de estado");
  await expect(delPanel.first()).toContainText("Activa · Exposición alta");
  await expect(delPanel.last()).toContainText("Pausada: la pausaron desde el sistema de la agencia o el Panel");
  await expect(filas.last()).toContainText("Publicada");
  await expect(filas.last()).toContainText("El sistema de la agencia");
  const foto = filas.filter({ hasText: "Revisión de una foto" }).first();
  await expect(foto).toContainText("La plataforma");
  await expect(foto).toContainText(`${base}/`);
  await expect(filas.first().locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  // Words, not the API's values.
  await expect(lista).not.toContainText("Suspendida");
  await expect(lista).not.toContainText("exposicion");
  await revisarPagina(page, "publicacion-cambios-agencia");
});

test("agencia: on a phone the filters fold behind a button that counts those applied, so the first screen shows cars", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await ingresar(page, AGENCIA, "/panel/publicaciones?estado=suspendida&q=Hilux");
  const boton = page.getByRole("button", { name: "Filtros (2 activos)" });
  await expect(boton).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Estado", { exact: true })).toBeHidden();
  await expect(fila(page, "HIL-3")).toBeInViewport();
  await revisarPagina(page, "publicaciones-filtros-plegados-agencia");

  await page.setViewportSize({ width: 390, height: 844 });
  await boton.click();
  await expect(boton).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Estado", { exact: true })).toHaveValue("suspendida");
  await page.getByLabel("Estado", { exact: true }).selectOption("activa");
  await page.getByRole("button", { name: "Aplicar" }).click();
  // A plain GET form: every field lands in the URL, the default state too (not counted as a filter).
  await page.waitForURL((url) => url.searchParams.get("estado") === "activa" && url.searchParams.get("q") === "Hilux");
  await expect(page.getByRole("button", { name: "Filtros (1 activo)" })).toBeVisible();

  // On a wide screen they are always there, with no button.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByLabel("Estado", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filtros/ })).toBeHidden();
});
