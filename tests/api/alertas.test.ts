import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar } from "../support/client";
import { call, enquiry, interesado, publish, registered } from "../support/consultas";
import { iniciarServicioPush } from "../support/servicio-push";

/** Alerts of new enquiries (issue 34, part 1; docs/contract.md#alerts, decision 0100). */

let app: Credentials;
let otra: Credentials;
let mail: string;
let push: Awaited<ReturnType<typeof iniciarServicioPush>>;

const ENLACE = "https://panel.example/panel/consultas?agencia={adminMail}&sid={sid}";
const suscriptor = () => `usuario-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  [app, otra] = await Promise.all([createApp("Alertas A"), createApp("Alertas B")]);
  mail = await registered([[app, false]]);
  expect((await publish(app, mail, "auto-alertas")).status).toBe(201);
  push = await iniciarServicioPush();
});

afterAll(() => push.cerrar());

const valida = (extra: Record<string, unknown> = {}) => ({ Agencias: [mail], Email: null, Horario: null, Enlace: ENLACE, ...extra });

async function expectErrors(response: Response, keys: string[]) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(400);
  for (const key of keys) expect(body.Errors[key], `Errors.${key} in ${JSON.stringify(body.Errors)}`).toEqual([expect.any(String)]);
}

type Alerta = { Para: string; Asunto: string; Texto: string };

async function esperarEmail(para: string, sid: string): Promise<Alerta> {
  for (let intento = 0; intento < 80; intento++) {
    const mensajes = await operar<Alerta[]>("mail.list", { to: para });
    const alerta = mensajes.find((mensaje) => mensaje.Texto.includes(sid));
    if (alerta) return alerta;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No llegó la alerta de ${sid} a ${para}`);
}

describe("GET /v3/alertas", () => {
  it("answers the service's VAPID public key, an uncompressed P-256 point", async () => {
    const response = await call(app, "GET", "/v3/alertas");
    expect(response.status).toBe(200);
    const { ClavePush } = await response.json();
    const punto = Buffer.from(ClavePush, "base64url");
    expect(punto.length).toBe(65);
    expect(punto[0]).toBe(4);
  });
});

describe("a subscription's validation", () => {
  it("refuses a malformed suscriptor, Enlace, Horario and push keys, each under its name", async () => {
    await expectErrors(await call(app, "PUT", "/v3/alertas/con%20espacio", valida()), ["suscriptor"]);
    await expectErrors(await call(app, "PUT", `/v3/alertas/${"x".repeat(101)}`, valida()), ["suscriptor"]);
    await expectErrors(await call(app, "PUT", `/v3/alertas/${suscriptor()}`, valida({ Enlace: "https://panel.example/sin-sid" })), [
      "Enlace",
    ]);
    await expectErrors(
      await call(
        app,
        "PUT",
        `/v3/alertas/${suscriptor()}`,
        valida({ Horario: { Zona: "Marte/Olympus", Dias: [0, 1], Desde: "25:00", Hasta: "18:00" } }),
      ),
      ["Horario.Zona", "Horario.Dias[0]", "Horario.Desde"],
    );
    await expectErrors(
      await call(
        app,
        "PUT",
        `/v3/alertas/${suscriptor()}`,
        valida({ Horario: { Zona: "UTC", Dias: [1, 1], Desde: "09:00", Hasta: "09:00" } }),
      ),
      ["Horario.Dias", "Horario.Hasta"],
    );
    const { endpoint, keys } = push.suscripcion();
    await expectErrors(
      await call(
        app,
        "PUT",
        `/v3/alertas/${suscriptor()}`,
        valida({ Push: { Endpoint: endpoint, Keys: { p256dh: "corta", auth: keys.auth } } }),
      ),
      ["Push.Keys.p256dh"],
    );
    await expectErrors(await call(app, "PUT", `/v3/alertas/${suscriptor()}`, valida({ Email: "no-es-un-email" })), ["Email"]);
  });

  it("refuses an agency not registered with the app and an operator who is not the agency's", async () => {
    const ajena = await registered([[otra, false]]);
    await expectErrors(await call(app, "PUT", `/v3/alertas/${suscriptor()}`, valida({ Agencias: [mail, ajena] })), ["Agencias[1]"]);
    await expectErrors(await call(app, "PUT", `/v3/alertas/${suscriptor()}`, valida({ Operador: "nadie@agencia.test" })), ["Operador"]);
  });
});

describe("a subscription's lifecycle and isolation", () => {
  it("PUT creates and replaces it, GET reads it without the push keys, DELETE removes it", async () => {
    const nombre = suscriptor();
    const path = `/v3/alertas/${nombre}`;
    const horario = { Zona: "America/Argentina/Buenos_Aires", Dias: [5, 1, 2], Desde: "09:00", Hasta: "19:00" };
    const creada = await call(
      app,
      "PUT",
      path,
      valida({
        Email: "Vendedor@Agencia.test",
        Push: { Endpoint: push.suscripcion().endpoint, Keys: push.suscripcion().keys },
        Horario: horario,
      }),
    );
    expect(creada.status).toBe(200);
    expect(await creada.json()).toEqual({
      Suscriptor: nombre,
      Agencias: [mail],
      Operador: null,
      Email: "vendedor@agencia.test",
      Push: { Endpoint: push.suscripcion().endpoint },
      Horario: { ...horario, Dias: [1, 2, 5] },
      Enlace: ENLACE,
      _links: { self: { href: path } },
    });
    // Push absent keeps the browser's subscription; null removes it.
    const sinCambio = await (await call(app, "PUT", path, valida({ Email: null }))).json();
    expect(sinCambio.Push).toEqual({ Endpoint: push.suscripcion().endpoint });
    expect(sinCambio.Email).toBeNull();
    expect((await (await call(app, "PUT", path, valida({ Push: null }))).json()).Push).toBeNull();
    expect((await call(app, "GET", path)).status).toBe(200);
    expect((await call(app, "DELETE", path)).status).toBe(204);
    expect((await call(app, "GET", path)).status).toBe(404);
    expect((await call(app, "DELETE", path)).status).toBe(404);
  });

  it("another app neither sees nor changes it; its own of the same name is another", async () => {
    const nombre = suscriptor();
    const path = `/v3/alertas/${nombre}`;
    expect((await call(app, "PUT", path, valida({ Email: "a@agencia.test" }))).status).toBe(200);
    expect((await call(otra, "GET", path)).status).toBe(404);
    expect((await call(otra, "DELETE", path)).status).toBe(404);
    const suya = await call(otra, "PUT", path, { Agencias: [], Email: "b@agencia.test", Enlace: ENLACE });
    expect(suya.status).toBe(200);
    expect((await (await call(app, "GET", path)).json()).Email).toBe("a@agencia.test");
    expect((await (await call(otra, "GET", path)).json()).Email).toBe("b@agencia.test");
    await Promise.all([call(app, "DELETE", path), call(otra, "DELETE", path)]);
  });
});

describe("an enquiry's alerts", () => {
  it("an ingested enquiry sends one e-mail and one push (VAPID signed, encrypted for the browser); outside the hours, none", async () => {
    const [abierta, quieta] = [suscriptor(), suscriptor()];
    const email = `${abierta}@agencia.test`;
    const navegador = push.suscripcion(`/push/${abierta}`);
    const enElNavegador = (s: ReturnType<typeof push.suscripcion>) => ({ Endpoint: s.endpoint, Keys: s.keys });
    expect((await call(app, "PUT", `/v3/alertas/${abierta}`, valida({ Email: email, Push: enElNavegador(navegador) }))).status).toBe(200);
    // A span of one hour twelve hours from now, every day: never now.
    const hora = (new Date().getUTCHours() + 12) % 24;
    const fuera = {
      Zona: "UTC",
      Dias: [1, 2, 3, 4, 5, 6, 7],
      Desde: `${String(hora).padStart(2, "0")}:00`,
      Hasta: `${String(hora).padStart(2, "0")}:59`,
    };
    const silenciosa = valida({
      Email: `${quieta}@agencia.test`,
      Push: enElNavegador(push.suscripcion(`/push/${quieta}`)),
      Horario: fuera,
    });
    expect((await call(app, "PUT", `/v3/alertas/${quieta}`, silenciosa)).status).toBe(200);

    const antes = push.recibidos.length;
    const sid = await enquiry({
      AdminMail: mail,
      ExternalId: "auto-alertas",
      TipoAnuncio: "publicacion",
      Interesado: interesado({ Telefono: "+54 9 351 555-0102", Comentario: "¿Toman usado en parte de pago?" }),
    });
    const [recibido] = (await push.esperar(antes + 1)).slice(antes);
    expect(recibido?.path).toBe(`/push/${abierta}`);
    expect(recibido?.vapid, recibido?.vapid.motivo).toMatchObject({ valido: true, sub: expect.stringMatching(/^mailto:/) });
    expect(recibido?.vapid.clave).toBe((await (await call(app, "GET", "/v3/alertas")).json()).ClavePush);
    expect(recibido?.headers.ttl).toBeDefined();
    expect(recibido?.payload).toMatchObject({
      title: expect.stringContaining("Juan Gómez"),
      body: "¿Toman usado en parte de pago?",
      url: `https://panel.example/panel/consultas?agencia=${encodeURIComponent(mail)}&sid=${sid}`,
      tag: sid,
    });

    const alerta = await esperarEmail(email, sid);
    expect(alerta.Asunto).toContain("Juan Gómez");
    expect(alerta.Texto).toContain("¿Toman usado en parte de pago?");
    expect(alerta.Texto).toContain("https://wa.me/5493515550102");
    expect(alerta.Texto).toContain("tel:+5493515550102");
    expect(alerta.Texto.toLowerCase()).toContain("mailto:juan.gomez@example.com");

    // Never twice, and nothing for the subscription outside its hours.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(push.recibidos.filter((each) => (each.payload as { tag: string }).tag === sid).map((each) => each.path)).toEqual([
      `/push/${abierta}`,
    ]);
    expect((await operar<Alerta[]>("mail.list", { to: email })).filter((mensaje) => mensaje.Texto.includes(sid))).toHaveLength(1);
    expect(await operar<Alerta[]>("mail.list", { to: `${quieta}@agencia.test` })).toEqual([]);
    await Promise.all([call(app, "DELETE", `/v3/alertas/${abierta}`), call(app, "DELETE", `/v3/alertas/${quieta}`)]);
  });
});
