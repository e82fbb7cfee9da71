import { expect, test } from "@playwright/test";
import { adminCli } from "../support/panel";
import { api, type ConsultaDeLaApi, type Credenciales, consultasDeLaApi, diferenciasCsv, leerCsv } from "../support/panel-consultas";
import { startTestServer } from "../support/test-server";

/**
 * The CSV export holds every enquiry of the filter even past the API's 99 pages (4,950 enquiries):
 * the demo seed's busiest agency has more than that in its 90 days. Each of its cells is compared
 * with the enquiry the API itself lists, read one day at a time (each day fits in 99 pages).
 */

const AGENCIA = "ventas@autosdelplata.com.ar";

let service: Awaited<ReturnType<typeof startTestServer>>;
let app: Credenciales;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  service = await startTestServer({ embedded: true });
  const { AppKey } = JSON.parse(await adminCli(service.info, "seed", "demo", "--consultas", "10000", "--json")) as { AppKey: string };
  // The seed does not say the demo app's secret: a new one for the test (the Panel's keeps working).
  app = JSON.parse(await adminCli(service.info, "app", "rotate-secret", "--app", AppKey, "--json")) as Credenciales;
});

test.afterAll(async () => {
  await service?.stop();
});

/** Every enquiry of the agency's 90 days, from the API, one day at a time (newest first). */
async function todasPorDia(): Promise<ConsultaDeLaApi[]> {
  const response = await api(service.info, app, "GET", `/v3/consultas/${AGENCIA}`);
  expect(response.status).toBe(200);
  const { Desde, Hasta } = (await response.json()) as { Desde: string; Hasta: string };
  const todas: ConsultaDeLaApi[] = [];
  for (let dia = Hasta.slice(0, 10); dia >= Desde.slice(0, 10); ) {
    todas.push(...(await consultasDeLaApi(service.info, app, AGENCIA, { desde: dia, hasta: dia })));
    dia = new Date(Date.parse(`${dia}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  }
  return todas;
}

test("exporting more than 99 pages walks the period day by day and misses nothing, every column as the API says", async ({ page }) => {
  test.setTimeout(180_000);
  const base = service.info.baseUrl;
  await page.goto(`${base}/ingresar?next=/panel/consultas`);
  await page.getByLabel("E-mail").fill("admin@demo.vitrina.local");
  await page.getByLabel("Contraseña").fill("demo-admin-2026");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL((url) => url.pathname === "/panel/consultas");

  const response = await page.request.get(`${base}/panel/consultas/exportar?agencia=${AGENCIA}`);
  expect(response.status()).toBe(200);
  const total = Number(response.headers()["x-consultas-total"]);
  expect(total).toBeGreaterThan(99 * 50);
  const texto = await response.text();
  expect(texto.startsWith("\uFEFF")).toBe(true);
  const filas = leerCsv(texto.slice(1));
  const sids = filas.slice(1).map((fila) => fila[0]);
  expect(new Set(sids).size).toBe(sids.length);
  expect(sids).toHaveLength(total);
  expect([...sids].sort().reverse()).toEqual(sids);

  const todas = await todasPorDia();
  expect(todas).toHaveLength(total);
  expect(diferenciasCsv(filas, todas)).toEqual([]);
});
