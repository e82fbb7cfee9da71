import { expect, type Page, test } from "@playwright/test";
import { revisarPagina, TAMANOS } from "../support/pagina";
import { abrirConSesion, type ServicioPanel, startPanelService } from "../support/panel";
import { api, autoDePrueba, type Credenciales, ingresarConsulta, publicar, registrarAgencia } from "../support/panel-consultas";
import { startReceiver } from "../support/receiver";

/**
 * Who did what (issue 34, part 4; decisions 0108, 0109): a real enquiry's history in its detail
 * (received, opened by the person, marked and unmarked by her, re-sent, each webhook delivered,
 * linked to the delivery log), and the log searched by the enquiry's sid naming its buyer.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Historial E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@historial.test";
const admin = { email: "lucia@historial-e2e.test", role: "admin" as const, name: "Lucía Lamas" };

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let service: ServicioPanel;
let app: Credenciales;
let base: string;
let sid: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ({ service, base, credentials: app } = await startPanelService(WORKSPACE, [admin], PASSWORD));
  receiver = await startReceiver({ "/consultas": () => ({ status: 200, body: "ok" }) });
  const webhook = await api(service.info, app, "POST", "/v3/appnotificaciones/consultas", { Callback: receiver.url("/consultas") });
  expect(webhook.status).toBe(201);
  await registrarAgencia(service.info, app, AGENCIA, "Historial Autos");
  await publicar(service.info, app, AGENCIA, "HIST-1", autoDePrueba("Toyota", "Corolla", 21500));
  sid = await ingresarConsulta(service.info, {
    AdminMail: AGENCIA,
    ExternalId: "HIST-1",
    TipoAnuncio: "publicacion",
    Interesado: { Interes: "compra", Nombre: "Bruno", Apellido: "Bravo", Email: "bruno@example.com", Comentario: "¿Lo tienen en gris?" },
  });
});

test.afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

async function ingresar(page: Page, destino: string) {
  await abrirConSesion(page, base, admin.email, PASSWORD, destino);
}

const pasos = (page: Page) => page.getByTestId("historial").locator("li");

test("the detail's history: received, opened, marked and unmarked by her, re-sent, each delivery linked to the log", async ({ page }) => {
  await ingresar(page, `/panel/consultas?agencia=${AGENCIA}&sid=${sid}`);
  const detalle = page.getByRole("dialog");
  await expect(detalle).toContainText("Bruno Bravo");
  await expect(pasos(page).first()).toHaveAttribute("data-paso", "recibida");
  await expect(pasos(page).filter({ hasText: "Abierta por Lucía Lamas" })).toHaveCount(1);

  await detalle.getByRole("button", { name: "Marcar como atendida" }).click();
  await expect(detalle.getByText("Marcada como atendida por Lucía Lamas")).toBeVisible();
  await detalle.getByRole("button", { name: "Marcar como sin atender" }).click();
  await expect(detalle.getByText("Marcada sin atender por Lucía Lamas")).toBeVisible();
  await detalle.getByRole("button", { name: "Reenviar webhook" }).click();
  await expect(detalle.getByTestId("resultado-reenvio")).toContainText("Reenviada");
  await expect(detalle.getByText("Webhook reenviado")).toBeVisible();

  // Both notifications delivered (the original at ingestion, the resend): read again until they are.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("historial").locator('li[data-paso="entrega"]').filter({ hasText: "Entregada" }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  await expect(pasos(page)).toHaveCount(7);
  // The first delivery's place depends on the worker (often before she opened it): the people's steps in their order.
  const orden = await pasos(page).evaluateAll((items) => items.map((item) => item.getAttribute("data-paso")));
  expect(orden.filter((paso) => paso !== "entrega")).toEqual(["recibida", "abierta", "atendida", "desatendida", "reenviada"]);
  expect(orden.at(-1)).toBe("entrega");
  await expect(pasos(page).last()).toContainText("Webhook del reenvío");
  await expect(pasos(page).last()).toContainText("respuesta HTTP 200");
  // The dialog scrolls on its own: scrolled to its end at the phone's size (the checks' first), the
  // screenshots show the history.
  await page.setViewportSize(TAMANOS.movil);
  await page.getByTestId("historial").evaluate((historial) => historial.scrollIntoView({ block: "end" }));
  await revisarPagina(page, "consulta-historial-admin");

  await pasos(page)
    .last()
    .getByRole("link", { name: /en el registro de entregas/ })
    .click();
  await page.waitForURL((url) => url.pathname === "/panel/notificaciones/consultas/entregas" && url.searchParams.get("sid") === sid);
});

test("the delivery log searched by sid shows only that enquiry's notifications, naming its buyer", async ({ page }) => {
  await ingresar(page, "/panel/notificaciones/consultas/entregas");
  await page.getByLabel("Consulta (sid)").fill(sid);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await page.waitForURL((url) => url.searchParams.get("sid") === sid);
  const entregas = page.getByTestId("entrega");
  await expect(entregas).toHaveCount(2);
  for (const entrega of await entregas.all()) {
    await expect(entrega.getByTestId("entrega-consulta")).toContainText("Consulta de Bruno Bravo por Toyota Corolla");
    await expect(entrega.getByTestId("entrega-consulta")).toContainText(sid);
  }
  await revisarPagina(page, "entregas-por-sid-admin");

  await page.getByLabel("Consulta (sid)").fill("no-es-un-sid");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Eso no es el sid de una consulta")).toBeVisible();

  await page.goto(`${base}/panel/notificaciones/consultas/entregas?sid=${sid}`);
  await entregas.first().getByRole("link", { name: "Ver la consulta de Bruno Bravo" }).click();
  await page.waitForURL((url) => url.pathname === "/panel/consultas" && url.searchParams.get("sid") === sid);
  await expect(page.getByRole("dialog")).toContainText("Bruno Bravo");
});
