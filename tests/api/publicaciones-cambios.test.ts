import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp } from "../support/client";
import { call, registered, unique } from "../support/consultas";
import { edicion, leer, nuevaPublicacion, paquete, publicar } from "../support/publicaciones";
import { eventually } from "../support/receiver";
import { startPhotoServer } from "../support/servidor-de-fotos";

/**
 * A listing's changes (decision 0116, docs/contract.md#changes): GET …/{externalId}/cambios, each
 * change with who made it (the app, its Panel with X-ACS-Origen: panel, or the platform) and the
 * state it left, newest first. App A publishes; B shares the agency; C is registered with none.
 */

type Cambio = {
  Momento: string;
  Cambio: string;
  Origen: string;
  Estado: string;
  Motivo: string | null;
  Exposicion: string | null;
  Foto: { Url: string; Estado: string; Motivo: string | null } | null;
};
type Cambios = { Pagina: number; Total: number; PerPagina: number; _links: Record<string, { href: string }>; _entries: Cambio[] };

const PANEL = { "X-ACS-Origen": "panel" };

let appA: Credentials;
let appB: Credentials;
let appC: Credentials;
let photos: Awaited<ReturnType<typeof startPhotoServer>>;

beforeAll(async () => {
  [appA, appB, appC, photos] = await Promise.all([
    createApp("Cambios A"),
    createApp("Cambios B"),
    createApp("Cambios C"),
    startPhotoServer(),
  ]);
});
afterAll(() => photos.close());

async function cambios(app: Credentials, mail: string, id: string, query = ""): Promise<Cambios> {
  const response = await call(app, "GET", `/v3/publicaciones/${mail}/${id}/cambios${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** Each change as "origen cambio Estado/Motivo/Exposicion", oldest first. */
const resumen = (lista: Cambios) => lista._entries.map((c) => `${c.Origen} ${c.Cambio} ${c.Estado}/${c.Motivo}/${c.Exposicion}`).reverse();

describe("GET /v3/publicaciones/{adminMail}/{externalId}/cambios", () => {
  it("keeps the creation, a pause, a reactivation, a level change and the archiving, each with its origin; a price change is none", async () => {
    const mail = await registered([[appA, false]]);
    await paquete(mail, { publicaciones: 3, alta: 1, media: 1, baja: 1 });
    const body = nuevaPublicacion({ Exposicion: "Alta" });
    const path = `/v3/publicaciones/${mail}/${body.ExternalId}`;
    expect((await publicar(appA, mail, body)).status).toBe(201);
    expect((await call(appA, "PUT", path, edicion(body, { Precio: { Moneda: "USD", Importe: 40_000 } }))).status).toBe(200);
    expect((await call(appA, "PUT", path, edicion(body, { Activa: false }), PANEL)).status).toBe(200);
    expect((await call(appA, "PUT", path, edicion(body, { Exposicion: "Alta" }))).status).toBe(200);
    expect((await call(appA, "PUT", path, edicion(body, { Exposicion: "Media" }), PANEL)).status).toBe(200);
    expect((await call(appA, "DELETE", path)).status).toBe(204);
    // Archiving an archived listing changes nothing.
    expect((await call(appA, "DELETE", path, undefined, PANEL)).status).toBe(204);

    const lista = await cambios(appA, mail, body.ExternalId.toUpperCase());
    expect(resumen(lista)).toEqual([
      "app creada Activa/null/Alta",
      "panel estado Suspendida/app/null",
      "app estado Activa/null/Alta",
      "panel exposicion Activa/null/Media",
      "app estado Archivada/app/null",
    ]);
    expect(lista).toMatchObject({
      Pagina: 1,
      Total: 5,
      PerPagina: 50,
      _links: {
        self: { href: `${path}/cambios?pagina=1` },
        first: { href: `${path}/cambios?pagina=1` },
        last: { href: `${path}/cambios?pagina=1` },
        publicacion: { href: path },
      },
    });
    expect(lista._links.next).toBeUndefined();
    const [ultimo, ...antes] = lista._entries;
    expect(ultimo?.Momento).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(antes.every((cambio) => cambio.Momento <= (ultimo?.Momento as string) && cambio.Foto === null)).toBe(true);
    // The listing's last change is the newest one kept.
    const leida = await (await call(appA, "GET", path)).json();
    expect(leida.Modificada).toBe(ultimo?.Momento);

    // A page past the changes is empty, with the same Total.
    const segunda = await cambios(appA, mail, body.ExternalId, "?pagina=2");
    expect([segunda._entries.length, segunda.Total, segunda._links.prev?.href]).toEqual([0, 5, `${path}/cambios?pagina=1`]);
  });

  it("the operator's package changes are the platform's: a level moved, then the listing suspended by the package", async () => {
    const mail = await registered([[appA, false]]);
    await paquete(mail, { publicaciones: 2, alta: 1, baja: 1 });
    const body = nuevaPublicacion({ Exposicion: "Alta" });
    expect((await publicar(appA, mail, body)).status).toBe(201);
    expect((await paquete(mail, { publicaciones: 2, alta: 0, baja: 1 })).CambiadasDeNivel).toBe(1);
    expect((await paquete(mail, { estado: "suspendido" })).Suspendidas).toBe(1);
    expect(resumen(await cambios(appA, mail, body.ExternalId))).toEqual([
      "app creada Activa/null/Alta",
      "plataforma exposicion Activa/null/Baja",
      "plataforma estado Suspendida/paquete/null",
    ]);
  });

  it("a photo's check that ends is a change of the platform's, with its result; the same result again is none", async () => {
    const mail = await registered([[appA, false]]);
    await paquete(mail, { publicaciones: 2, alta: 2 });
    const body = nuevaPublicacion({ Fotos: [{ Url: photos.url("/pagina.jpg") }] });
    expect((await publicar(appA, mail, body, PANEL)).status).toBe(201);
    const lista = await eventually(
      async () => {
        const leida = await cambios(appA, mail, body.ExternalId);
        return leida.Total === 2 ? leida : undefined;
      },
      30_000,
      "la revisión de la foto",
    );
    expect(lista._entries.map(({ Momento: _, ...cambio }) => cambio)).toEqual([
      {
        Cambio: "foto",
        Origen: "plataforma",
        Estado: "Activa",
        Motivo: null,
        Exposicion: "Alta",
        Foto: { Url: photos.url("/pagina.jpg"), Estado: "error", Motivo: "no es una imagen" },
      },
      { Cambio: "creada", Origen: "panel", Estado: "Activa", Motivo: null, Exposicion: "Alta", Foto: null },
    ]);
    // A PUT checks a photo in error again: the same result again is no new change.
    const path = `/v3/publicaciones/${mail}/${body.ExternalId}`;
    const pausada = await call(appA, "PUT", path, edicion(body, { Activa: false }));
    expect((await pausada.json()).Fotos[0].Estado).toBe("pendiente");
    await eventually(
      async () => ((await leer(appA, mail, body.ExternalId)).Fotos[0].Estado === "error" ? true : undefined),
      30_000,
      "la nueva revisión de la foto",
    );
    expect(resumen(await cambios(appA, mail, body.ExternalId))).toEqual([
      "panel creada Activa/null/Alta",
      "plataforma foto Activa/null/Alta",
      "app estado Suspendida/app/null",
    ]);
  });

  it("only the listing's app sees its changes: 404 for another app, an unknown listing or agency; 400 for a bad page", async () => {
    const mail = await registered([
      [appA, false],
      [appB, true],
    ]);
    await paquete(mail, { publicaciones: 2, baja: 2 });
    const body = nuevaPublicacion();
    expect((await publicar(appA, mail, body)).status).toBe(201);
    const path = `/v3/publicaciones/${mail}/${body.ExternalId}/cambios`;
    for (const [app, target] of [
      [appB, path],
      [appC, path],
      [appA, `/v3/publicaciones/${mail}/NO-EXISTE-1/cambios`],
      [appA, `/v3/publicaciones/${unique("nadie")}/${body.ExternalId}/cambios`],
    ] as const) {
      const response = await call(app, "GET", target);
      expect(response.status, target).toBe(404);
    }
    const mala = await call(appA, "GET", `${path}?pagina=cero`);
    expect(mala.status).toBe(400);
    expect(Object.keys((await mala.json()).Errors)).toEqual(["pagina"]);
    expect((await cambios(appA, mail, body.ExternalId)).Total).toBe(1);
  });
});
