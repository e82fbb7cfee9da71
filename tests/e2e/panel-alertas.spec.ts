import { expect, type Page, test } from "@playwright/test";
import { revisarPagina } from "../support/pagina";
import { abrirConSesion, createPanelUser, createPanelWorkspace } from "../support/panel";
import { api, autoDePrueba, type Credenciales, ingresarConsulta, publicar } from "../support/panel-consultas";
import { registroValido } from "../support/registro";
import { iniciarServicioPush } from "../support/servicio-push";
import { iniciarSmtp } from "../support/smtp";
import { startTestServer } from "../support/test-server";

/**
 * Alerts of new enquiries (issue 34, part 1): a dealership's salesperson turns on e-mail and this
 * browser's push in the Panel, a buyer's enquiry is ingested, and the e-mail arrives at a real SMTP
 * server on loopback and the push at a push service stand-in (which checks the VAPID signature and
 * decrypts it); the push's link opens the enquiry. An admin chooses agencies and hours. Headless
 * Chromium reaches no vendor's push service: its PushManager.subscribe answers the stand-in's
 * subscription, everything else (permission, service worker, the Panel's calls) is the browser's.
 */

test.describe.configure({ mode: "serial" });

const WORKSPACE = "Alertas E2E";
const PASSWORD = "una-clave-de-prueba";
const AGENCIA = "ventas@alertas-sur.test";
const ADMIN = "admin@alertas-e2e.test";

let service: Awaited<ReturnType<typeof startTestServer>>;
let smtp: Awaited<ReturnType<typeof iniciarSmtp>>;
let push: Awaited<ReturnType<typeof iniciarServicioPush>>;
let app: Credenciales;
let base: string;

/** Invites the agency and registers it with the link of the invitation that arrived by SMTP. */
async function registrar(mail: string, nombre: string) {
  expect((await api(service.info, app, "POST", "/v3/agencias", { AdminMail: mail })).status).toBe(202);
  const invitacion = await smtp.esperar(mail, "/registro/");
  const link = invitacion.texto.match(/https?:\/\/[^\s"<>]+\/registro\/[A-Za-z0-9_-]+/)?.[0];
  const response = await fetch(`${link}/aceptar`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...registroValido, Nombre: nombre }),
  });
  expect(response.status).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  [smtp, push] = await Promise.all([iniciarSmtp(), iniciarServicioPush()]);
  service = await startTestServer({ embedded: true, env: { SMTP_URL: smtp.url } });
  base = service.info.baseUrl;
  ({ credentials: app } = await createPanelWorkspace(service.info, WORKSPACE));
  await createPanelUser(service.info, { workspace: WORKSPACE, email: ADMIN, role: "admin", password: PASSWORD });
  await createPanelUser(service.info, { workspace: WORKSPACE, email: AGENCIA, role: "agencia", agency: AGENCIA, password: PASSWORD });
  await registrar(AGENCIA, "Alertas Sur");
  await registrar("ventas@alertas-norte.test", "Alertas Norte");
  await publicar(service.info, app, AGENCIA, "GOL-1", { ...autoDePrueba(), RefStock: "RS-GOL-1" });
});

test.afterAll(async () => {
  await service?.stop();
  await Promise.all([smtp?.cerrar(), push?.cerrar()]);
});

async function ingresar(page: Page, email: string, destino: string) {
  await abrirConSesion(page, base, email, PASSWORD, destino);
}

test("agencia: e-mail and push on; an ingested enquiry arrives by SMTP and by push, and the push opens it", async ({ page, context }) => {
  await context.grantPermissions(["notifications"], { origin: base });
  // The browser's own push service is out of reach: subscribe answers the stand-in's subscription.
  await page.addInitScript((suscripcion) => {
    let actual: unknown = null;
    const desuscribir = async () => {
      actual = null;
      return true;
    };
    const comoSuscripcion = () => ({ ...suscripcion, toJSON: () => suscripcion, unsubscribe: desuscribir });
    PushManager.prototype.subscribe = async () => {
      actual = comoSuscripcion();
      return actual as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => actual as PushSubscription | null;
  }, push.suscripcion("/push/lucia"));
  await ingresar(page, AGENCIA, "/panel/alertas");
  await expect(page.getByRole("heading", { name: "Alertas de consultas nuevas" })).toBeVisible();
  await expect(page.getByText("De tu agencia, Alertas Sur")).toBeVisible();
  await revisarPagina(page, "alertas-agencia");

  await page.getByLabel(`Un e-mail a ${AGENCIA} por cada consulta`).check();
  await page.getByRole("button", { name: "Activar en este navegador" }).click();
  await expect(page.getByText("Activadas en este navegador")).toBeVisible();
  await page.getByRole("button", { name: "Guardar alertas" }).click();
  await expect(page.getByText("Listo: tus alertas quedaron guardadas.")).toBeVisible();
  await revisarPagina(page, "alertas-agencia-activas");

  const sid = await ingresarConsulta(service.info, {
    AdminMail: AGENCIA,
    ExternalId: "GOL-1",
    TipoAnuncio: "publicacion",
    Interesado: {
      Interes: "compra",
      Nombre: "Marta",
      Apellido: "Quiroga",
      Email: "marta@example.com",
      Telefono: "+54 9 351 555-0177",
      Comentario: "¿Lo puedo ver el sábado?",
    },
  });
  const correo = await smtp.esperar(AGENCIA, sid);
  expect(correo.texto).toContain("¿Lo puedo ver el sábado?");
  expect(correo.texto).toContain("https://wa.me/5493515550177");
  const [recibido] = await push.esperar(1);
  expect(recibido?.path).toBe("/push/lucia");
  expect(recibido?.vapid.valido, recibido?.vapid.motivo).toBe(true);
  const alerta = recibido?.payload as { title: string; body: string; url: string; tag: string };
  expect(alerta).toMatchObject({ title: expect.stringContaining("Marta Quiroga"), body: "¿Lo puedo ver el sábado?", tag: sid });

  // What the service worker opens when the notification is tapped.
  await page.goto(alerta.url);
  await expect(page.getByText("¿Lo puedo ver el sábado?").first()).toBeVisible();
});

test("admin: chooses agencies and working hours, kept after a reload", async ({ page }) => {
  await ingresar(page, ADMIN, "/panel/alertas");
  await revisarPagina(page, "alertas-admin");
  await page.getByLabel("Alertas Norte").check();
  await page.getByLabel(`Un e-mail a ${ADMIN} por cada consulta`).check();
  await page.getByLabel("Solo en mi horario").check();
  await page.getByLabel("Sábado").check();
  await page.getByLabel("Hasta").fill("21:30");
  await page.getByRole("button", { name: "Guardar alertas" }).click();
  await expect(page.getByText("Listo: tus alertas quedaron guardadas.")).toBeVisible();
  await revisarPagina(page, "alertas-admin-horario");
  await page.reload();
  await expect(page.getByLabel("Alertas Norte")).toBeChecked();
  await expect(page.getByLabel("Alertas Sur")).not.toBeChecked();
  await expect(page.getByLabel("Sábado")).toBeChecked();
  await expect(page.getByLabel("Domingo")).not.toBeChecked();
  await expect(page.getByLabel("Hasta")).toHaveValue("21:30");
});
