import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp } from "../support/client";
import { call, enquiry, publish, registered } from "../support/consultas";
import { edicion, externalId, leer, listar, nuevaPublicacion, paquete, publicar } from "../support/publicaciones";
import { eventually } from "../support/receiver";
import { startPhotoServer } from "../support/servidor-de-fotos";

/**
 * Decision 0124: the list of an agency's listings is kept under the agency's revision, which every
 * change of a listing raises in its own transaction, whoever makes it. Each test reads the list (so
 * the page is kept), changes a listing through one write path, and reads the list right after: it
 * shows the change, never the page kept before it.
 */

type Entry = Record<string, unknown> & { ExternalId: string };

let app: Credentials;
let other: Credentials;
let photos: Awaited<ReturnType<typeof startPhotoServer>>;

beforeAll(async () => {
  [app, other, photos] = await Promise.all([createApp("Lista al día"), createApp("Lista ajena"), startPhotoServer()]);
});
afterAll(() => photos.close());

/** An agency registered with the app (and the other app), with room for a few listings. */
async function agencia() {
  const mail = await registered([
    [app, false],
    [other, false],
  ]);
  await paquete(mail, { publicaciones: 3, alta: 1, media: 1, baja: 1 });
  return mail;
}

/** The listing as the list's first page shows it, or undefined when it is not on it. */
async function listed(mail: string, id: string, query = ""): Promise<Entry | undefined> {
  const page = await listar(app, mail, query);
  return (page._entries as Entry[]).find((entry) => entry.ExternalId === id);
}

/** A listing created and read through the list, so the page that shows it is the one kept. */
async function listedListing(mail: string, extra: Record<string, unknown> = {}) {
  const body = nuevaPublicacion(extra);
  expect((await publicar(app, mail, body)).status).toBe(201);
  expect(await listed(mail, body.ExternalId)).toBeDefined();
  return body;
}

const put = (mail: string, body: ReturnType<typeof nuevaPublicacion>, extra: Record<string, unknown>) =>
  call(app, "PUT", `/v3/publicaciones/${mail}/${body.ExternalId}`, edicion(body, extra));

describe("the list of listings after each kind of change", () => {
  it("a creation and a marketplace listing are on the next page read; Total counts them", async () => {
    const mail = await agencia();
    const before = await listar(app, mail);
    const body = nuevaPublicacion({ Activa: false });
    expect((await publicar(app, mail, body)).status).toBe(201);
    const after = await listar(app, mail);
    expect(after.Total).toBe(before.Total + 1);
    expect(after._entries[0]).toMatchObject({ ExternalId: body.ExternalId, Estado: "Suspendida", Motivo: "app" });
    const marketplace = externalId("MKT");
    expect((await publish(app, mail, marketplace)).status).toBeLessThan(300);
    const last = await listar(app, mail);
    expect(last.Total).toBe(before.Total + 2);
    expect(last._entries[0]).toMatchObject({ ExternalId: marketplace, Estado: "Activa" });
    // Another app's listing changes nothing the app sees.
    expect((await publicar(other, mail, nuevaPublicacion({ Activa: false }))).status).toBe(201);
    expect((await listar(app, mail)).Total).toBe(before.Total + 2);
    expect((await listar(other, mail)).Total).toBe(1);
  }, 60_000);

  it("an edit, a change of state, of level, and archiving show at once", async () => {
    const mail = await agencia();
    const body = await listedListing(mail, { Exposicion: "Alta" });
    expect((await put(mail, body, { Precio: { Moneda: "USD", Importe: 39_000 }, Exposicion: "Alta" })).status).toBe(200);
    expect(await listed(mail, body.ExternalId)).toMatchObject({ Precio: { Moneda: "USD", Importe: 39_000 }, Exposicion: "Alta" });
    expect((await put(mail, body, { Exposicion: "Media" })).status).toBe(200);
    expect(await listed(mail, body.ExternalId)).toMatchObject({ Estado: "Activa", Exposicion: "Media" });
    expect((await put(mail, body, { Activa: false })).status).toBe(200);
    expect(await listed(mail, body.ExternalId)).toMatchObject({ Estado: "Suspendida", Motivo: "app", Exposicion: null });
    expect((await call(app, "DELETE", `/v3/publicaciones/${mail}/${body.ExternalId}`)).status).toBe(204);
    expect(await listed(mail, body.ExternalId)).toBeUndefined();
    expect(await listed(mail, body.ExternalId, "?estado=archivada")).toMatchObject({ Estado: "Archivada" });
  }, 60_000);

  it("the operator's package suspensions show at once", async () => {
    const mail = await agencia();
    const body = await listedListing(mail);
    expect((await paquete(mail, { estado: "vencido" })).Suspendidas).toBe(1);
    expect(await listed(mail, body.ExternalId)).toMatchObject({ Estado: "Suspendida", Motivo: "paquete" });
  }, 60_000);

  it("a photo check that ended shows at once", async () => {
    const mail = await agencia();
    const url = photos.url(`/buena.jpg?lista=${externalId()}`);
    const body = await listedListing(mail, { Fotos: [{ Url: url }] });
    await eventually(
      async () => ((await leer(app, mail, body.ExternalId)).Fotos[0].Estado === "ok" ? true : undefined),
      30_000,
      "la revisión de la foto",
    );
    expect((await listed(mail, body.ExternalId))?.Fotos).toEqual([{ Url: url, Estado: "ok", Motivo: null }]);
  }, 60_000);

  it("an enquiry about a listing and its mark show in its Consultas at once", async () => {
    const mail = await agencia();
    const body = await listedListing(mail);
    const sid = await enquiry({ AdminMail: mail, ExternalId: body.ExternalId, TipoAnuncio: "publicacion" });
    expect((await listed(mail, body.ExternalId))?.Consultas).toEqual({ Total: 1, SinAtender: 1 });
    expect((await call(app, "PUT", `/v3/consultas/${mail}/${sid}/atencion`, { Atendida: true, Por: mail })).status).toBeLessThan(300);
    expect((await listed(mail, body.ExternalId))?.Consultas).toEqual({ Total: 1, SinAtender: 0 });
  }, 60_000);
});
