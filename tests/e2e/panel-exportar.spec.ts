import { expect, test } from "@playwright/test";
import { adminCli } from "../support/panel";
import { leerCsv } from "../support/panel-consultas";
import { startTestServer } from "../support/test-server";

/**
 * The CSV export holds every enquiry of the filter even past the API's 99 pages (4,950 enquiries):
 * the demo seed's busiest agency has more than that in its 90 days.
 */

let service: Awaited<ReturnType<typeof startTestServer>>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  service = await startTestServer({ embedded: true });
  await adminCli(service.info, "seed", "demo", "--consultas", "10000", "--json");
});

test.afterAll(async () => {
  await service?.stop();
});

test("exporting more than 99 pages walks the period day by day and misses nothing", async ({ page }) => {
  test.setTimeout(180_000);
  const base = service.info.baseUrl;
  await page.goto(`${base}/ingresar?next=/panel/consultas`);
  await page.getByLabel("E-mail").fill("admin@demo.vitrina.local");
  await page.getByLabel("Contraseña").fill("demo-admin-2026");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL((url) => url.pathname === "/panel/consultas");

  const response = await page.request.get(`${base}/panel/consultas/exportar?agencia=ventas@autosdelplata.com.ar`);
  expect(response.status()).toBe(200);
  const total = Number(response.headers()["x-consultas-total"]);
  expect(total).toBeGreaterThan(99 * 50);
  const [encabezado, ...filas] = leerCsv(await response.text());
  expect(encabezado?.[0]).toBe("\uFEFFSid");
  const sids = filas.map((fila) => fila[0]);
  expect(new Set(sids).size).toBe(sids.length);
  expect(sids).toHaveLength(total);
  expect([...sids].sort().reverse()).toEqual(sids);
});
