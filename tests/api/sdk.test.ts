import type { AddressInfo } from "node:net";
import { createClient, type Notificacion, orThrow, sidDeConsulta, VitrinaError, verifyWebhook, WebhookError } from "@vitrina/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receptor } from "../../sdk/examples/receptor-node";
import { POST as routeHandler } from "../../sdk/examples/route-handler";
import { createApp, operar, server } from "../support/client";
import { enquiry, publish, registered } from "../support/consultas";
import { operationIdOf, operationIds } from "../support/contract";

/**
 * @vitrina/sdk against the real service (the API test server): every operation at least once
 * through the typed client, a full page walk, and deliveries received by the README's example
 * receivers and verified. Every answer also goes through the contract hook.
 */

const SECRET = "secreto-del-sdk-0001";
const called = new Set<string>();
let vitrina: ReturnType<typeof createClient>;
let adminMail: string;
const recibidas: Notificacion[] = [];
const listener = receptor(SECRET, (notificacion) => recibidas.push(notificacion));
let callback = "";

async function waitFor(evento: Notificacion["Evento"], count = 1): Promise<Notificacion[]> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const found = recibidas.filter((notificacion) => notificacion.Evento === evento);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`El receptor no recibió ${evento}`);
}

beforeAll(async () => {
  const app = await createApp("SDK");
  vitrina = createClient({
    baseUrl: server().baseUrl,
    appKey: app.AppKey,
    appSecret: app.AppSecret,
    fetch: async (request) => {
      called.add(operationIdOf(request.method, request.url) ?? `${request.method} ${request.url}`);
      return fetch(request);
    },
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  callback = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hooks/vitrina`;
  adminMail = await registered([[app, true]]);
  await publish(app, adminMail, "SDK-1");
  // PER_PAGINA + 1 enquiries: two pages.
  for (let index = 0; index < 51; index++) await enquiry({ AdminMail: adminMail, ExternalId: "SDK-1", TipoAnuncio: "publicacion" });
}, 240_000);

afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

describe("@vitrina/sdk", () => {
  it("home, the document and OPTIONS", async () => {
    const home = await orThrow(vitrina.GET("/v3"));
    expect(home._links.consultas.href).toContain("/v3/consultas/");
    expect((await orThrow(vitrina.GET("/v3/openapi.json"))).openapi).toBe("3.1.0");
    const options = await vitrina.OPTIONS("/v3/agencias/{adminMail}", { params: { path: { adminMail } } });
    expect(options.response.headers.get("agencia-estado")).toBe("registrada");
  });

  it("walks every page of an agency's enquiries, and reads one by its sid", async () => {
    const pages = [];
    for await (const page of vitrina.pages("/v3/consultas/{adminMail}", { params: { path: { adminMail }, query: {} } })) pages.push(page);
    expect(pages.map((page) => page.Pagina)).toEqual([1, 2]);
    expect(pages[1]?._links.next).toBeUndefined();
    const all = pages.flatMap((page) => page._entries);
    expect(all).toHaveLength(51);
    expect(pages[0]?.Total).toBe(51);
    const sids = new Set(all.map(sidDeConsulta));
    expect(sids.size).toBe(51);
    const first = all[0];
    if (!first) throw new Error("sin consultas");
    const one = await orThrow(
      vitrina.GET("/v3/consultas/{adminMail}/{sid}", { params: { path: { adminMail, sid: sidDeConsulta(first) } } }),
    );
    expect(one).toEqual(first);
    const marked = await orThrow(
      vitrina.PUT("/v3/consultas/{adminMail}/{sid}/atencion", {
        params: { path: { adminMail, sid: sidDeConsulta(first) } },
        body: { Atendida: true, Por: adminMail },
      }),
    );
    expect(marked.Atencion?.Atendida).toBe(true);
    const historial = await orThrow(
      vitrina.GET("/v3/consultas/{adminMail}/{sid}/historial", { params: { path: { adminMail, sid: sidDeConsulta(first) } } }),
    );
    expect(historial.Eventos.map((evento) => `${evento.Tipo} ${evento.Por ?? ""}`.trim())).toEqual(["recibida", `atendida ${adminMail}`]);
    const found = await orThrow(vitrina.GET("/v3/consultas", { params: { query: { q: sidDeConsulta(first) } } }));
    expect(found._entries.map((entry) => entry.AdminMail)).toEqual([adminMail]);
    const resumen = await orThrow(vitrina.GET("/v3/consultas/{adminMail}/resumen", { params: { path: { adminMail }, query: {} } }));
    expect(resumen.Atendidas).toBe(1);
    let counted = 0;
    for await (const _ of vitrina.entries("/v3/consultas/{adminMail}", { params: { path: { adminMail }, query: { pagina: 2 } } }))
      counted++;
    expect(counted).toBe(1);
    // The export: every enquiry of the list in one request, one per line.
    const exported = await vitrina.GET("/v3/consultas/{adminMail}/exportar", {
      params: { path: { adminMail }, query: {} },
      headers: { Accept: "application/x-ndjson" },
      parseAs: "text",
    });
    expect(exported.response.status).toBe(200);
    expect(
      exported.data
        ?.trimEnd()
        .split("\n")
        .map((line) => sidDeConsulta(JSON.parse(line))),
    ).toEqual([...sids]);
  });

  it("agencies: invite, list, read, edit, products, detach", async () => {
    const invited = `sdk.${Date.now().toString(36)}@agencia.test`;
    const invitation = await vitrina.POST("/v3/agencias", { body: { AdminMail: invited } });
    expect(invitation.response.status).toBe(202);
    const registradas = await orThrow(vitrina.GET("/v3/agencias", { params: { query: {} } }));
    expect(registradas._entries.map((agencia) => agencia.AdminMail)).toContain(adminMail);
    const agencia = await orThrow(vitrina.GET("/v3/agencias/{adminMail}", { params: { path: { adminMail } } }));
    expect(await vitrina.follow(agencia._links.productos)).toMatchObject({ Estado: expect.any(String) });
    await orThrow(vitrina.GET("/v3/agencias/{adminMail}/productos", { params: { path: { adminMail } } }));
    const edited = await orThrow(
      vitrina.PUT("/v3/agencias/{adminMail}", { params: { path: { adminMail } }, body: { Nombre: "Autos SDK", Telefono: null } }),
    );
    expect(edited.Nombre).toBe("Autos SDK");
    const detached = await vitrina.PATCH("/v3/agencias/{adminMail}/desasociar", { params: { path: { adminMail: invited } } });
    expect(detached.response.status).toBe(204);
  });

  it("problems are typed errors", async () => {
    const refused = vitrina.GET("/v3/consultas/{adminMail}", { params: { path: { adminMail }, query: { desde: "ayer" } } });
    const error = await orThrow(refused).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VitrinaError);
    expect((error as VitrinaError).status).toBe(400);
    expect(Object.keys((error as VitrinaError).errors)).toEqual(["desde"]);
    // The service's 404 has no body: the client makes the problem, so code that checks `error` sees it.
    const unknown = await vitrina.GET("/v3/marcas/{id}", { params: { path: { id: 999_999 } } });
    expect(unknown.data).toBeUndefined();
    expect(unknown.error).toEqual({
      Type: "https://httpstatuses.com/404",
      Title: "No encontrado",
      Status: 404,
      Detail: "El recurso no existe para la app.",
      Instance: "/v3/marcas/999999",
      Extensions: {},
    });
    const missing = await orThrow(vitrina.GET("/v3/marcas/{id}", { params: { path: { id: 999_999 } } })).catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(VitrinaError);
    expect((missing as VitrinaError).status).toBe(404);
    expect((missing as VitrinaError).problem).toEqual(unknown.error);
  });

  it("notifications: configure the consultas topic; deliveries reach the example receiver, verified", async () => {
    const created = await orThrow(
      vitrina.POST("/v3/appnotificaciones/{topic}", {
        params: { path: { topic: "consultas" } },
        body: { Callback: callback, Secret: SECRET },
      }),
    );
    expect(created.Topic).toBe("consultas");
    expect((await orThrow(vitrina.GET("/v3/appnotificaciones")))._entries.map((entry) => entry.Topic)).toContain("consultas");
    await orThrow(vitrina.GET("/v3/appnotificaciones/{topic}", { params: { path: { topic: "consultas" } } }));
    await orThrow(
      vitrina.PUT("/v3/appnotificaciones/{topic}", {
        params: { path: { topic: "consultas" } },
        body: { Callback: callback, Description: "SDK", Activo: true },
      }),
    );

    const prueba = await orThrow(vitrina.POST("/v3/appnotificaciones/{topic}/prueba", { params: { path: { topic: "consultas" } } }));
    const [recibida] = await waitFor("prueba");
    expect(recibida).toEqual(prueba);

    const sid = await enquiry({ AdminMail: adminMail, ExternalId: "SDK-1", TipoAnuncio: "publicacion" });
    const [nueva] = await waitFor("consulta.recibida");
    if (nueva?.Evento !== "consulta.recibida") throw new Error("se esperaba consulta.recibida");
    expect(nueva.Datos.Sid).toBe(sid);
    expect(sidDeConsulta(nueva.Datos.Consulta)).toBe(sid);

    const reenvio = await orThrow(vitrina.POST("/v3/consultas/{adminMail}/{sid}/resendwebhook", { params: { path: { adminMail, sid } } }));
    expect(reenvio.Reenvio).toBe(true);
    await waitFor("consulta.recibida", 2);

    const entregas = await orThrow(
      vitrina.GET("/v3/appnotificaciones/{topic}/entregas", { params: { path: { topic: "consultas" }, query: {} } }),
    );
    const id = entregas._entries[0]?.Id ?? "";
    await orThrow(vitrina.GET("/v3/appnotificaciones/{topic}/entregas/{id}", { params: { path: { topic: "consultas", id } } }));
    const reintento = await orThrow(
      vitrina.POST("/v3/appnotificaciones/{topic}/entregas/{id}/reintentar", { params: { path: { topic: "consultas", id } } }),
    );
    expect(reintento.Intentos.at(-1)?.HttpStatus).toBe(200);

    const deleted = await vitrina.DELETE("/v3/appnotificaciones/{topic}", { params: { path: { topic: "consultas" } } });
    expect(deleted.response.status).toBe(204);
  });

  it("verifyWebhook refuses a tampered body and a wrong secret; the route handler example answers 200 and 400", async () => {
    const body = JSON.stringify(recibidas[0]);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = await signedDelivery(body, timestamp);
    await expect(verifyWebhook({ secret: SECRET, headers, body })).resolves.toEqual(recibidas[0]);
    await expect(verifyWebhook({ secret: SECRET, headers, body: body.replace("consultas", "agencias") })).rejects.toThrow(WebhookError);
    await expect(verifyWebhook({ secret: "otro-secreto-de-16", headers, body })).rejects.toThrow(WebhookError);
    process.env.VITRINA_WEBHOOK_SECRET = SECRET;
    const ok = await routeHandler(new Request("http://receptor.test/hooks", { method: "POST", headers, body }));
    expect(ok.status).toBe(200);
    const refused = await routeHandler(new Request("http://receptor.test/hooks", { method: "POST", headers, body: `${body} ` }));
    expect(refused.status).toBe(400);
  });

  it("catalogues", async () => {
    const get = async <T>(pending: Promise<{ data?: T; response: Response }>) => orThrow(pending);
    const carrocerias = await get(vitrina.GET("/v3/carrocerias"));
    await get(vitrina.GET("/v3/carrocerias/{id}", { params: { path: { id: carrocerias._entries[0]?.Id ?? 1 } } }));
    await get(vitrina.GET("/v3/carrocerias/bestmatch", { params: { query: { bodystyle: "sedan" } } }));
    const regiones = await get(vitrina.GET("/v3/regiones"));
    await get(vitrina.GET("/v3/regiones/{id}", { params: { path: { id: regiones._entries[0]?.Id ?? 1 } } }));
    const ciudades = await get(vitrina.GET("/v3/ciudades", { params: { query: { q: "villa" } } }));
    const ciudad = await get(vitrina.GET("/v3/ciudades/{id}", { params: { path: { id: ciudades._entries[0]?.Id ?? 1 } } }));
    expect(await vitrina.follow(ciudad._links.region)).toMatchObject({ Id: ciudad.RegionId });
    await get(vitrina.GET("/v3/ciudades/bestmatch", { params: { query: { state: "cordoba", city: "villa maria" } } }));
    const colores = await get(vitrina.GET("/v3/colores", { params: { query: {} } }));
    await get(vitrina.GET("/v3/colores/{id}", { params: { path: { id: colores._entries[0]?.Id ?? 1 } } }));
    const marcas = await get(vitrina.GET("/v3/marcas", { params: { query: { q: "fer", soloMercadoNuevos: false } } }));
    await get(vitrina.GET("/v3/marcas/{id}", { params: { path: { id: marcas._entries[0]?.Id ?? 1 } } }));
    await get(vitrina.GET("/v3/marcas/bestmatch", { params: { query: { make: "volkswagen" } } }));
    const modelos = await get(vitrina.GET("/v3/modelos", { params: { query: { marca: 3 } } }));
    const modelo = await get(vitrina.GET("/v3/modelos/{id}", { params: { path: { id: modelos._entries[0]?.Id ?? 1 } } }));
    expect(await vitrina.follow(modelo._links.marca)).toMatchObject({ Id: 3 });
    await get(vitrina.GET("/v3/modelos/bestmatch", { params: { query: { make: "vw", model: "t-cross" } } }));
  });

  it("listings: publish, read, walk every page, edit, archive; the publicaciones topic's deliveries verified and typed", async () => {
    await operar("agency.plan", { admin: adminMail, plan: "SDK", estado: "activo", publicaciones: 2, baja: 2 });
    await orThrow(
      vitrina.POST("/v3/appnotificaciones/{topic}", {
        params: { path: { topic: "publicaciones" } },
        body: { Callback: callback, Secret: SECRET },
      }),
    );
    const path = { adminMail };
    const car = {
      Marca: "Toyota",
      Modelo: "Hilux",
      Version: "2.8 SRX",
      VersionYear: 2023,
      Kilometraje: 12_000,
      Precio: { Moneda: "USD" as const, Importe: 48_000 },
    };
    const creada = await orThrow(
      vitrina.POST("/v3/publicaciones/{adminMail}", { params: { path }, body: { ExternalId: "SDK-HLX-1", ...car } }),
    );
    expect(creada).toMatchObject({ Estado: "Activa", Exposicion: "Baja", Modelo: { title: "Hilux" } });
    const one = { params: { path: { adminMail, externalId: "SDK-HLX-1" } } };
    await orThrow(vitrina.GET("/v3/publicaciones/{adminMail}/{externalId}", one));
    const { Marca: _marca, Modelo: _modelo, Version: _version, ...editable } = car;
    const editada = await orThrow(
      vitrina.PUT("/v3/publicaciones/{adminMail}/{externalId}", { ...one, body: { ...editable, Activa: false } }),
    );
    expect(editada).toMatchObject({ Estado: "Suspendida", Motivo: "app" });
    const ids: string[] = [];
    for await (const publicacion of vitrina.entries("/v3/publicaciones/{adminMail}", { path, query: { estado: "suspendida" } })) {
      ids.push(publicacion.ExternalId);
    }
    expect(ids).toContain("SDK-HLX-1");
    expect((await vitrina.DELETE("/v3/publicaciones/{adminMail}/{externalId}", one)).response.status).toBe(204);
    const historia = await orThrow(vitrina.GET("/v3/publicaciones/{adminMail}/{externalId}/cambios", one));
    expect(historia.Total).toBe(3);
    const cambios = await waitFor("publicacion.cambiada", 3);
    const estados = cambios.map((notificacion) => {
      if (notificacion.Evento !== "publicacion.cambiada") throw new Error("se esperaba publicacion.cambiada");
      return `${notificacion.Datos.Origen} ${notificacion.Datos.Publicacion.Estado}`;
    });
    expect(estados.sort()).toEqual(["app Activa", "app Archivada", "app Suspendida"]);
  });

  it("alerts: the push key; a person's subscription saved, read and removed", async () => {
    const { ClavePush } = await orThrow(vitrina.GET("/v3/alertas"));
    expect(Buffer.from(ClavePush, "base64url")).toHaveLength(65);
    const path = { suscriptor: "sdk-persona-1" };
    const body = {
      Agencias: [adminMail],
      Email: "vendedor@agencia.test",
      Horario: null,
      Enlace: "https://panel.example/consultas?sid={sid}",
    };
    const guardada = await orThrow(vitrina.PUT("/v3/alertas/{suscriptor}", { params: { path }, body }));
    expect(guardada).toMatchObject({ Suscriptor: "sdk-persona-1", Agencias: [adminMail], Email: "vendedor@agencia.test", Push: null });
    expect(await orThrow(vitrina.GET("/v3/alertas/{suscriptor}", { params: { path } }))).toEqual(guardada);
    expect((await vitrina.DELETE("/v3/alertas/{suscriptor}", { params: { path } })).response.status).toBe(204);
    expect((await vitrina.GET("/v3/alertas/{suscriptor}", { params: { path } })).response.status).toBe(404);
  });

  it("reached every operation of the document except the OPTIONS of each path", () => {
    const expected = operationIds().filter((id) => !id.endsWith("Options") && id !== "optionsAgencia");
    expect(expected.filter((id) => !called.has(id))).toEqual([]);
  });
});

/** The headers Vitrina sends with a delivery, built with the SDK's own primitives for the tampering cases. */
async function signedDelivery(body: string, timestamp: string): Promise<Record<string, string>> {
  const { Webhook } = await import("standardwebhooks");
  const { hmacSha256, toBase64 } = await import("../../sdk/src/signing");
  const payload = JSON.parse(body) as Notificacion;
  const webhookSignature = new Webhook(new TextEncoder().encode(SECRET), { format: "raw" }).sign(
    payload.Id,
    new Date(Number(timestamp) * 1000),
    body,
  );
  return {
    "Content-Type": "application/json",
    "Notification-Hook-ID": payload.Id,
    "Notification-Timestamp": timestamp,
    "Notification-Topic": payload.Topic,
    "Notification-Signature": toBase64(await hmacSha256(SECRET, `${payload.Id}.${timestamp}.${payload.Topic}`)),
    "webhook-id": payload.Id,
    "webhook-timestamp": timestamp,
    "webhook-signature": webhookSignature,
  };
}
