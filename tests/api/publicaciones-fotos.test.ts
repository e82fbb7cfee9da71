import { imageSize } from "image-size";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, server } from "../support/client";
import { call, registered } from "../support/consultas";
import { edicion, leer, nuevaPublicacion, paquete, publicar } from "../support/publicaciones";
import { eventually, startReceiver } from "../support/receiver";
import { startPhotoServer } from "../support/servidor-de-fotos";

/**
 * Issue 32's photos (docs/contract.md#photos): the service's workers check each new photo, the
 * listing shows each one's result, and each check that ends is a `publicaciones` notification.
 * The test service allows private networks, so the photo server on loopback is reachable; the SSRF
 * guard's refusal is tested in tests/unit/fotos-revision.test.ts.
 */

type Foto = { Url: string; Estado: string; Motivo: string | null };
type Entrega = { Payload: { Datos: { ExternalId: string; Origen: string; Publicacion: { Fotos: Foto[] } } } };

let app: Credentials;
let photos: Awaited<ReturnType<typeof startPhotoServer>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  [app, photos, receiver] = await Promise.all([createApp("Fotos"), startPhotoServer(), startReceiver()]);
  const config = await call(app, "POST", "/v3/appnotificaciones/publicaciones", { Callback: receiver.url("/publicaciones") });
  expect(config.status).toBe(201);
});
afterAll(() => Promise.all([photos.close(), receiver.close()]));

/** An agency registered with the app, with room for listings. */
async function agencia() {
  const mail = await registered([[app, false]]);
  await paquete(mail, { publicaciones: 5, alta: 5 });
  return mail;
}

/** The listing once none of its photos is pendiente. */
const checked = (mail: string, externalId: string) =>
  eventually(
    async () => {
      const entry = await leer(app, mail, externalId);
      return entry.Fotos.every((foto: Foto) => foto.Estado !== "pendiente") ? entry : undefined;
    },
    30_000,
    "la revisión de las fotos",
  );

/** The notifications of one listing written so far, oldest first. */
async function notificaciones(externalId: string): Promise<Entrega["Payload"]["Datos"][]> {
  const log = await (await call(app, "GET", "/v3/appnotificaciones/publicaciones/entregas")).json();
  return (log._entries as Entrega[])
    .map((entry) => entry.Payload.Datos)
    .filter((datos) => datos.ExternalId === externalId)
    .reverse();
}

const pendientes = (datos: Entrega["Payload"]["Datos"]) => datos.Publicacion.Fotos.filter((foto) => foto.Estado === "pendiente").length;

describe("photo checks", () => {
  it("the demo serves its sample photos: 24 JPEGs of at least 640×480", async () => {
    for (const n of [1, 24]) {
      const response = await fetch(`${server().baseUrl}/demo/fotos/${n}.jpg`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      const size = imageSize(new Uint8Array(await response.arrayBuffer()));
      expect(size).toMatchObject({ type: "jpg", width: 800, height: 600 });
    }
    expect((await fetch(`${server().baseUrl}/demo/fotos/25.jpg`)).status).toBe(404);
  });

  it("each new photo ends ok or error with its reason, shown by GET, each check a notification with Origen plataforma", async () => {
    const mail = await agencia();
    const urls = [
      photos.url("/buena.jpg"),
      `${server().baseUrl}/demo/fotos/3.jpg`,
      photos.url("/chica.png"),
      photos.url("/pagina.jpg"),
      photos.url("/a-privada.jpg"),
      photos.url("/no-existe.jpg"),
    ];
    const body = nuevaPublicacion({ Fotos: urls.map((Url) => ({ Url })) });
    const created = await (await publicar(app, mail, body)).json();
    expect(created.Fotos.map((foto: Foto) => foto.Estado)).toEqual(Array(6).fill("pendiente"));

    const entry = await checked(mail, body.ExternalId);
    expect(entry.Fotos).toEqual([
      { Url: urls[0], Estado: "ok", Motivo: null },
      { Url: urls[1], Estado: "ok", Motivo: null },
      { Url: urls[2], Estado: "error", Motivo: "muy chica: 320×240 (mínimo 640×480)" },
      { Url: urls[3], Estado: "error", Motivo: "no es una imagen" },
      { Url: urls[4], Estado: "error", Motivo: "redirige a otra dirección (10.0.0.1)" },
      { Url: urls[5], Estado: "error", Motivo: "respondió 404 (no existe)" },
    ]);
    // A check that ends is a change a partner syncing by modificadaDesde sees.
    expect(Date.parse(entry.Modificada)).toBeGreaterThanOrEqual(Date.parse(created.Modificada));

    // The creation's notification, then one per check, each written with it: one photo fewer
    // pendiente each time (checks of one listing are recorded one at a time, under its lock). The
    // log's order among notifications of the same millisecond is not the order of writing.
    const written = await notificaciones(body.ExternalId);
    expect(written.map((datos) => datos.Origen)).toEqual(["app", ...Array(6).fill("plataforma")]);
    expect(pendientes(written[0] as (typeof written)[number])).toBe(6);
    expect(written.slice(1).map(pendientes).sort().reverse()).toEqual([5, 4, 3, 2, 1, 0]);
    const last = written.slice(1).find((datos) => pendientes(datos) === 0);
    expect(last?.Publicacion.Fotos).toEqual(entry.Fotos);
  }, 60_000);

  it("a PUT checks again the photos in error it keeps, not those ok; a new photo is checked, one left out forgotten", async () => {
    const mail = await agencia();
    const [buena, chica, mudada, retrato] = ["/buena.jpg", "/chica.png", "/mudada.jpg", "/retrato.webp"].map((name) => ({
      Url: photos.url(name),
    }));
    const body = nuevaPublicacion({ Fotos: [buena, chica, mudada] });
    expect((await publicar(app, mail, body)).status).toBe(201);
    await checked(mail, body.ExternalId);

    const response = await call(
      app,
      "PUT",
      `/v3/publicaciones/${mail}/${body.ExternalId}`,
      edicion(body, { Fotos: [retrato, chica, buena] }),
    );
    expect(response.status).toBe(200);
    const edited = await response.json();
    expect(edited.Fotos.map((foto: Foto) => `${foto.Estado} ${foto.Motivo}`)).toEqual(["pendiente null", "pendiente null", "ok null"]);
    const entry = await checked(mail, body.ExternalId);
    expect(entry.Fotos.map((foto: Foto) => `${foto.Estado} ${foto.Motivo}`)).toEqual([
      "ok null",
      "error muy chica: 320×240 (mínimo 640×480)",
      "ok null",
    ]);
    // Three checks at creation, two after the PUT: five notifications of the platform.
    const written = await notificaciones(body.ExternalId);
    expect(written.filter((datos) => datos.Origen === "plataforma")).toHaveLength(5);
  }, 60_000);

  it("a failure that may pass (a 503) is tried again after 10 s: ok, and only the check that ended is notified", async () => {
    const mail = await agencia();
    const url = photos.url(`/a-veces.jpg?${Date.now()}`);
    const body = nuevaPublicacion({ Fotos: [{ Url: url }] });
    expect((await publicar(app, mail, body)).status).toBe(201);
    const started = Date.now();
    const entry = await checked(mail, body.ExternalId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(entry.Fotos).toEqual([{ Url: url, Estado: "ok", Motivo: null }]);
    const written = await notificaciones(body.ExternalId);
    expect(written.map((datos) => `${datos.Origen} ${pendientes(datos)}`)).toEqual(["app 1", "plataforma 0"]);
  }, 60_000);
});
