import { expect, type Page, test } from "@playwright/test";
import { startApiIntermedia } from "../support/api-intermedia";
import { adminCli, signInPanel } from "../support/panel";
import { api, type ConsultaDeLaApi, type Credenciales, consultasDeLaApi, diferenciasCsv, leerCsv } from "../support/panel-consultas";
import { startTestServer } from "../support/test-server";

/**
 * The CSV export (issue 29, item 2; docs/decisions/0060). The demo seed's busiest agency has more
 * enquiries in its 90 days than the API's 99 pages hold; the Panel reads them all in one signed
 * request, so an export counts once against the app's rate limit (1,200 a minute here, the default),
 * and a file cut on the way fails in the browser instead of ending short. The demo workspace talks
 * to the API through a server of the test's own (tests/support/api-intermedia.ts), which notes each
 * request and can drop an answer part of the way.
 */

test.describe.configure({ mode: "serial" });

const AGENCIA = "ventas@autosdelplata.com.ar";
const EXPORTAR = `/panel/consultas/exportar?agencia=${AGENCIA}`;

let service: Awaited<ReturnType<typeof startTestServer>>;
let intermedia: Awaited<ReturnType<typeof startApiIntermedia>>;
let app: Credenciales;
/** Every enquiry of the agency's 90 days, as the API lists them one day at a time. */
let todas: ConsultaDeLaApi[];
let sesion: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  service = await startTestServer({ embedded: true, env: { RATE_LIMIT_APP: "1200" } });
  const { AppKey } = JSON.parse(await adminCli(service.info, "seed", "demo", "--consultas", "10000", "--json")) as { AppKey: string };
  // The seed does not say the demo app's secret: a new one for the test, and the demo workspace's API
  // is the intermediary, signing with it. The test's own calls are the partner's integration.
  app = JSON.parse(await adminCli(service.info, "app", "rotate-secret", "--app", AppKey, "--json")) as Credenciales;
  intermedia = await startApiIntermedia(service.info.baseUrl);
  const conexion = ["--api", intermedia.url, "--app-key", app.AppKey, "--app-secret", app.AppSecret];
  await adminCli(service.info, "panel", "workspace", "--name", "Demo", ...conexion, "--json");
  todas = await todasPorDia();
});

test.afterAll(async () => {
  await intermedia?.close();
  await service?.stop();
});

test.afterEach(() => {
  intermedia.pasar();
});

/** Every enquiry of the agency's 90 days, from the API, one day at a time (newest first). */
async function todasPorDia(): Promise<ConsultaDeLaApi[]> {
  const response = await api(service.info, app, "GET", `/v3/consultas/${AGENCIA}`);
  expect(response.status).toBe(200);
  const { Desde, Hasta } = (await response.json()) as { Desde: string; Hasta: string };
  const lista: ConsultaDeLaApi[] = [];
  for (let dia = Hasta.slice(0, 10); dia >= Desde.slice(0, 10); ) {
    lista.push(...(await consultasDeLaApi(service.info, app, AGENCIA, { desde: dia, hasta: dia })));
    dia = new Date(Date.parse(`${dia}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  }
  return lista;
}

async function ingresar(page: Page) {
  await page.goto(`${service.info.baseUrl}/ingresar?next=/panel/consultas`);
  await page.getByLabel("E-mail").fill("admin@demo.vitrina.local");
  await page.getByLabel("Contraseña").fill("demo-admin-2026");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await page.waitForURL((url) => url.pathname === "/panel/consultas");
}

/**
 * An export asked for with the session of a sign-in over HTTP, as a script would: no page open, so
 * nothing else (the inbox's polling) reaches the API meanwhile.
 */
async function exportar(): Promise<{ status: number; texto: string } | { status: number; cortada: string }> {
  sesion ??= await signInPanel(service.info.baseUrl, "admin@demo.vitrina.local", "demo-admin-2026");
  let status = 0;
  try {
    const response = await fetch(`${service.info.baseUrl}${EXPORTAR}`, { headers: { Cookie: sesion } });
    status = response.status;
    // The bytes as sent: TextDecoder (response.text()) would drop the BOM.
    return { status, texto: Buffer.from(await response.arrayBuffer()).toString("utf8") };
  } catch (error) {
    return { status, cortada: String((error as Error).cause ?? error) };
  }
}

/** The rows of an exported file (its header first), after checking its BOM. */
function filasDe(texto: string): string[][] {
  expect(texto.startsWith("\uFEFF")).toBe(true);
  return leerCsv(texto.slice(1));
}

test("an export past the API's 99 pages is one signed request, and holds every enquiry, every column as the API says", async () => {
  test.setTimeout(180_000);
  expect(todas.length).toBeGreaterThan(99 * 50);
  intermedia.olvidar();
  const leida = await exportar();
  expect(leida).toMatchObject({ status: 200, texto: expect.any(String) });
  expect(intermedia.solicitudes()).toEqual([`/v3/consultas/${encodeURIComponent(AGENCIA)}/exportar`]);

  const filas = filasDe("texto" in leida ? leida.texto : "");
  const sids = filas.slice(1).map((fila) => fila[0]);
  expect(new Set(sids).size).toBe(sids.length);
  expect(sids).toHaveLength(todas.length);
  expect([...sids].sort().reverse()).toEqual(sids);
  expect(diferenciasCsv(filas, todas)).toEqual([]);
});

test("24 exports in one minute leave the partner's own integration its rate limit, and each file is whole", async () => {
  test.setTimeout(240_000);
  intermedia.olvidar();
  /** An export's rows, or how it failed (cut part of the way, or an answer that is not the file). */
  const filasDeUna = async () => {
    const leida = await exportar();
    return leida.status === 200 && "texto" in leida ? { status: 200, filas: filasDe(leida.texto).length - 1 } : leida;
  };
  const resultados = [];
  for (let tanda = 0; tanda < 6; tanda++) resultados.push(...(await Promise.all([filasDeUna(), filasDeUna(), filasDeUna(), filasDeUna()])));
  expect(resultados).toEqual(Array.from({ length: 24 }, () => ({ status: 200, filas: todas.length })));
  expect(intermedia.solicitudes()).toHaveLength(24);

  const integracion = await api(service.info, app, "GET", "/v3/agencias");
  expect(integracion.status).toBe(200);
  const restantes = Number(integracion.headers.get("ratelimit")?.match(/"app";r=(\d+)/)?.[1]);
  expect(restantes).toBeGreaterThan(0);
});

test("an answer of the API cut part of the way makes the browser's download fail, not end short", async ({ page }) => {
  test.setTimeout(120_000);
  await ingresar(page);
  await page.goto(`${service.info.baseUrl}/panel/consultas?agencia=${AGENCIA}`);
  // About a sixth of the agency's lines.
  intermedia.cortar(1_000_000);

  const [descarga] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
  expect(await descarga.failure()).not.toBeNull();

  // The same through fetch: a 200 whose body breaks instead of ending.
  expect(await exportar()).toEqual({ status: 200, cortada: expect.stringMatching(/other side closed|terminated/) });
});
