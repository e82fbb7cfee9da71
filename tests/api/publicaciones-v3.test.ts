import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar } from "../support/client";
import { call, enquiry, market, publish, registered, unique } from "../support/consultas";
import {
  edicion,
  errores,
  externalId,
  leer,
  listar,
  nuevaPublicacion,
  type Paquete,
  paquete,
  productos,
  publicar,
} from "../support/publicaciones";
import { invitationLink, registroValido } from "../support/registro";
import { startPhotoServer } from "../support/servidor-de-fotos";

/**
 * Issue 32: listings through API v3 (docs/contract.md#listings). Each test registers its own agency;
 * app A publishes, app B shares some agencies with it, app C is registered with none of A's. The
 * tests that register two agencies or run the CLI several times get 120 s: on PostgreSQL, three
 * files at once on the shared machine, one took 60 s.
 */

const REF = "application/vnd.service.ref+json";
let appA: Credentials;
let appB: Credentials;
let appC: Credentials;
let photos: Awaited<ReturnType<typeof startPhotoServer>>;

beforeAll(async () => {
  [appA, appB, appC] = await Promise.all([createApp("Publica V3"), createApp("Comparte V3"), createApp("Ajena V3")]);
  photos = await startPhotoServer();
});
afterAll(() => photos.close());

/** A photo whose check lasts its 15 s: pendiente while a test reads the listing again and again. */
const lenta = (name: string) => ({ Url: photos.url(`/lenta.jpg?${name}`) });

/** An agency registered with A (and B when asked) whose package holds `plan`. */
async function agencia(plan: Paquete = { publicaciones: 10, alta: 2, media: 3, baja: 5 }, conB = false) {
  const mail = await registered(
    conB
      ? [
          [appA, false],
          [appB, false],
        ]
      : [[appA, false]],
  );
  await paquete(mail, plan);
  return mail;
}

describe("POST and GET /v3/publicaciones", () => {
  it("creates a listing: 201 with Location and the entry, its car matched against the catalogue", async () => {
    const mail = await agencia();
    const body = nuevaPublicacion({ ExternalId: `Amarok.V6_${Date.now()}~1`, Exposicion: "Media", Fotos: [lenta("1"), lenta("2")] });
    const response = await publicar(appA, mail, body);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(response.headers.get("location")).toBe(`/v3/publicaciones/${mail}/${body.ExternalId}`);
    const entry = await response.json();
    expect(entry).toMatchObject({
      ExternalId: body.ExternalId,
      RefStock: "AB123CD",
      Estado: "Activa",
      Motivo: null,
      Exposicion: "Media",
      OperadorResponsable: mail,
      Marca: { href: "/v3/marcas/3", title: "Volkswagen" },
      Modelo: { title: "Amarok" },
      Version: "V6 Highline 4x4",
      VersionYear: 2022,
      Kilometraje: 35_000,
      Precio: { Moneda: "USD", Importe: 42_000 },
      Carroceria: { href: "/v3/carrocerias/6", title: "Pick-up" },
      Color: { title: "Gris Plata" },
      Combustible: "diesel",
      Transmision: "automatica",
      Descripcion: "Única mano, services oficiales.",
      Fotos: [
        { ...lenta("1"), Estado: "pendiente", Motivo: null },
        { ...lenta("2"), Estado: "pendiente", Motivo: null },
      ],
      Consultas: { Total: 0, SinAtender: 0 },
      _links: {
        self: { href: `/v3/publicaciones/${mail}/${body.ExternalId}` },
        agencia: { href: `/v3/agencias/${mail}` },
        consultas: { href: `/v3/consultas/${mail}?${new URLSearchParams({ externalid: body.ExternalId })}` },
      },
    });
    expect(entry.Creada).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(entry.Modificada).toBe(entry.Creada);
    const modelo = await call(appA, "GET", entry.Modelo.href);
    expect(await modelo.json()).toMatchObject({ Nombre: "Amarok", Marca: "Volkswagen", MarcaId: 3 });

    // Read back, case-insensitively, with its ETag; the ref form's title.
    const read = await call(appA, "GET", `/v3/publicaciones/${mail}/${body.ExternalId.toUpperCase()}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(entry);
    const etag = read.headers.get("etag") as string;
    expect((await call(appA, "GET", `/v3/publicaciones/${mail}/${body.ExternalId}`, undefined, { "If-None-Match": etag })).status).toBe(
      304,
    );
    const ref = await call(appA, "GET", `/v3/publicaciones/${mail}/${body.ExternalId}`, undefined, { Accept: REF });
    expect(await ref.json()).toEqual({ href: entry._links.self.href, title: `Volkswagen Amarok 2022 (${body.ExternalId})` });
    expect((await call(appA, "HEAD", `/v3/publicaciones/${mail}/${body.ExternalId}`)).status).toBe(200);
  });

  it("OPTIONS on both paths answers 204 with Allow", async () => {
    const mail = await agencia();
    const list = await call(appA, "OPTIONS", `/v3/publicaciones/${mail}`);
    expect([list.status, list.headers.get("allow")]).toEqual([204, "GET, POST, HEAD, OPTIONS"]);
    const one = await call(appA, "OPTIONS", `/v3/publicaciones/${mail}/ALGUNA-1`);
    expect([one.status, one.headers.get("allow")]).toEqual([204, "GET, PUT, DELETE, HEAD, OPTIONS"]);
  });

  it("400 naming each member over its limit, dotted for nested ones; nothing is stored", async () => {
    const mail = await agencia();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ ExternalId: "x" }, ["ExternalId"]],
      [{ ExternalId: "con espacio" }, ["ExternalId"]],
      [{ ExternalId: "ñandú-1" }, ["ExternalId"]],
      [{ ExternalId: "a".repeat(256) }, ["ExternalId"]],
      [{ ExternalId: undefined }, ["ExternalId"]],
      [{ RefStock: "x".repeat(26) }, ["RefStock"]],
      [{ Activa: "sí" }, ["Activa"]],
      [{ Exposicion: "Máxima" }, ["Exposicion"]],
      [{ OperadorResponsable: "no es un mail" }, ["OperadorResponsable"]],
      [{ Marca: undefined, Modelo: "" }, ["Marca", "Modelo"]],
      [{ Version: "v".repeat(101) }, ["Version"]],
      [{ VersionYear: 1907 }, ["VersionYear"]],
      [{ VersionYear: 2051 }, ["VersionYear"]],
      [{ VersionYear: 2020.5 }, ["VersionYear"]],
      [{ Kilometraje: -1 }, ["Kilometraje"]],
      [{ Kilometraje: 999_001 }, ["Kilometraje"]],
      [{ Precio: undefined }, ["Precio"]],
      [{ Precio: { Moneda: "EUR", Importe: 0 } }, ["Precio.Importe", "Precio.Moneda"]],
      [{ Precio: { Moneda: "ARS", Importe: 10.5 } }, ["Precio.Importe"]],
      [{ Combustible: "nafta super" }, ["Combustible"]],
      [{ Transmision: "cvt" }, ["Transmision"]],
      [{ Descripcion: "d".repeat(2001) }, ["Descripcion"]],
      [{ Fotos: Array.from({ length: 31 }, (_, n) => ({ Url: `https://fotos.example.com/${n}.jpg` })) }, ["Fotos"]],
      [{ Fotos: [{ Url: "ftp://fotos.example.com/1.jpg" }, { Url: "no es una url" }] }, ["Fotos[0].Url", "Fotos[1].Url"]],
      [{ Fotos: [{ Url: "https://fotos.example.com/1.jpg" }, { Url: "https://FOTOS.example.com/1.jpg" }] }, ["Fotos[1].Url"]],
      [{ Fotos: [{ Url: `https://fotos.example.com/${"x".repeat(1020)}` }] }, ["Fotos[0].Url"]],
      [{ Fotos: [{}] }, ["Fotos[0].Url"]],
    ];
    for (const [extra, keys] of cases) {
      const body = nuevaPublicacion(extra);
      const response = await publicar(appA, mail, body);
      expect(response.status, JSON.stringify(extra).slice(0, 200)).toBe(400);
      expect(await errores(response), JSON.stringify(extra).slice(0, 200)).toEqual(keys);
    }
    expect((await listar(appA, mail, "?estado=suspendida")).Total + (await listar(appA, mail)).Total).toBe(0);
  });

  it("400 when the make, the model within it, the body style, the colour or the operator match nothing", async () => {
    const mail = await agencia();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ Marca: "qwzx" }, ["Marca"]],
      [{ Marca: "Toyota", Modelo: "Amarok" }, ["Modelo"]],
      [{ Carroceria: "zeppelin" }, ["Carroceria"]],
      [{ Color: "transparente fluor" }, ["Color"]],
      [{ OperadorResponsable: "nadie@otra.test" }, ["OperadorResponsable"]],
      [{ Marca: "qwzx", Carroceria: "zeppelin", Color: "xyzw" }, ["Carroceria", "Color", "Marca"]],
    ];
    for (const [extra, keys] of cases) {
      const response = await publicar(appA, mail, nuevaPublicacion(extra));
      expect(response.status, JSON.stringify(extra)).toBe(400);
      const problem = await response.json();
      expect(Object.keys(problem.Errors).sort(), JSON.stringify(extra)).toEqual(keys);
      expect(problem.Title).toBe("Validación de información esperada fallida");
    }
    const modelo = await publicar(appA, mail, nuevaPublicacion({ Marca: "Toyota", Modelo: "Amarok" }));
    expect((await modelo.json()).Errors.Modelo[0]).toContain("Toyota");
    // Ids, api-urls, codenames and typos are matched as the bestmatch endpoints do; a number is a model's name.
    const peugeot = await publicar(
      appA,
      mail,
      nuevaPublicacion({ Marca: "7", Modelo: "208", Carroceria: "/v3/carrocerias/2", Color: "rojo" }),
    );
    expect(peugeot.status).toBe(201);
    expect(await peugeot.json()).toMatchObject({
      Marca: { title: "Peugeot" },
      Modelo: { title: "208" },
      Carroceria: { title: "Hatchback" },
    });
    const typo = await publicar(appA, mail, nuevaPublicacion({ Marca: "volksvagen", Modelo: "tcross", Carroceria: null, Color: null }));
    expect(await typo.json()).toMatchObject({
      Marca: { title: "Volkswagen" },
      Modelo: { title: "T-Cross" },
      Carroceria: null,
      Color: null,
    });
  });

  it("an ExternalId names one listing of the agency, whatever its state or app: 409 naming no app", async () => {
    const mail = await agencia(undefined, true);
    const body = nuevaPublicacion();
    expect((await publicar(appA, mail, body)).status).toBe(201);
    const again = await publicar(appA, mail, { ...body, ExternalId: body.ExternalId.toLowerCase() });
    expect(again.status).toBe(409);
    const other = await publicar(appB, mail, { ...body, ExternalId: body.ExternalId.toUpperCase() });
    expect(other.status).toBe(409);
    const problem = await other.json();
    expect(problem).toMatchObject({ Status: 409, Title: "Entidad duplicada" });
    expect(Object.keys(problem.Errors)).toEqual(["ExternalId"]);
    expect(JSON.stringify(problem)).not.toContain("Publica V3");
    expect(JSON.stringify(problem)).not.toContain(appA.AppKey);
    // Archived, it still names its listing; so does one the marketplace published.
    expect((await call(appA, "DELETE", `/v3/publicaciones/${mail}/${body.ExternalId}`)).status).toBe(204);
    expect((await publicar(appA, mail, body)).status).toBe(409);
    const delMarketplace = externalId("MKT");
    expect((await publish(appB, mail, delMarketplace)).status).toBe(201);
    expect((await publicar(appA, mail, nuevaPublicacion({ ExternalId: delMarketplace }))).status).toBe(409);
    // Another agency of the same app may use it.
    const otra = await agencia();
    expect((await publicar(appA, otra, body)).status).toBe(201);
  }, 120_000);

  it("404 for another app's listing, an unknown one, and an agency not registered with the app, in every operation", async () => {
    const mail = await agencia(undefined, true);
    const body = nuevaPublicacion();
    expect((await publicar(appA, mail, body)).status).toBe(201);
    const path = `/v3/publicaciones/${mail}/${body.ExternalId}`;
    for (const [app, target] of [
      [appB, path],
      [appA, `/v3/publicaciones/${mail}/NO-EXISTE`],
      [appC, path],
    ] as const) {
      for (const [method, payload] of [
        ["GET", undefined],
        ["PUT", edicion(body)],
        ["DELETE", undefined],
      ] as const) {
        const response = await call(app, method, target, payload);
        expect(response.status, `${method} ${target}`).toBe(404);
        expect(await response.text()).toBe("");
      }
    }
    expect((await call(appC, "GET", `/v3/publicaciones/${mail}`)).status).toBe(404);
    expect((await publicar(appC, mail, nuevaPublicacion())).status).toBe(404);
    expect((await call(appA, "GET", `/v3/publicaciones/${unique("nadie")}`)).status).toBe(404);
    // B sees none of A's listings, and its Total counts none.
    expect(await listar(appB, mail)).toMatchObject({ Total: 0, _entries: [] });
    expect((await leer(appA, mail, body.ExternalId)).Estado).toBe("Activa");
  }, 120_000);

  it("400 naming a path parameter over its limit", async () => {
    const response = await call(appA, "GET", `/v3/publicaciones/${"a".repeat(45)}@x.test/${"b".repeat(256)}`);
    expect(response.status).toBe(400);
    expect(await errores(response)).toEqual(["adminMail", "externalId"]);
  });
});

describe("PUT and DELETE /v3/publicaciones/{adminMail}/{externalId}", () => {
  it("PUT replaces every editable member, absent ones become null; a photo kept keeps its place in order", async () => {
    const mail = await agencia();
    const body = nuevaPublicacion({ Fotos: [lenta("a1"), lenta("a2")] });
    const created = await (await publicar(appA, mail, body)).json();
    const response = await call(appA, "PUT", `/v3/publicaciones/${mail}/${body.ExternalId}`, {
      VersionYear: 2021,
      Kilometraje: 0,
      Precio: { Moneda: "ARS", Importe: 51_000_000 },
      Fotos: [lenta("a3"), lenta("a1")],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const entry = await response.json();
    expect(entry).toMatchObject({
      ExternalId: body.ExternalId,
      Marca: created.Marca,
      Modelo: created.Modelo,
      Version: created.Version,
      RefStock: null,
      Estado: "Activa",
      OperadorResponsable: mail,
      VersionYear: 2021,
      Kilometraje: 0,
      Precio: { Moneda: "ARS", Importe: 51_000_000 },
      Carroceria: null,
      Color: null,
      Combustible: null,
      Transmision: null,
      Descripcion: null,
      Fotos: [
        { ...lenta("a3"), Estado: "pendiente" },
        { ...lenta("a1"), Estado: "pendiente" },
      ],
      Creada: created.Creada,
    });
    expect(Date.parse(entry.Modificada)).toBeGreaterThanOrEqual(Date.parse(created.Modificada));
    expect(await leer(appA, mail, body.ExternalId)).toEqual(entry);
  });

  it("PUT naming ExternalId, Marca, Modelo or Version is a 400 under that member: identity is fixed at creation", async () => {
    const mail = await agencia();
    const body = nuevaPublicacion();
    expect((await publicar(appA, mail, body)).status).toBe(201);
    for (const member of ["ExternalId", "Marca", "Modelo", "Version"]) {
      const response = await call(appA, "PUT", `/v3/publicaciones/${mail}/${body.ExternalId}`, edicion(body, { [member]: null }));
      expect(response.status, member).toBe(400);
      expect(await errores(response)).toEqual([member]);
    }
    const all = await call(appA, "PUT", `/v3/publicaciones/${mail}/${body.ExternalId}`, body);
    expect(await errores(all)).toEqual(["ExternalId", "Marca", "Modelo", "Version"]);
    const bad = await call(appA, "PUT", `/v3/publicaciones/${mail}/${body.ExternalId}`, edicion(body, { Color: "xyzw", Kilometraje: -3 }));
    expect(await errores(bad)).toEqual(["Kilometraje"]);
    const noMatch = await call(appA, "PUT", `/v3/publicaciones/${mail}/${body.ExternalId}`, edicion(body, { Color: "xyzw" }));
    expect(await errores(noMatch)).toEqual(["Color"]);
    expect((await leer(appA, mail, body.ExternalId)).Color.title).toBe("Gris Plata");
  });

  it("DELETE archives for good: 204, again 204, PUT 409 under _, still readable and listed with estado=archivada", async () => {
    const mail = await agencia();
    const body = nuevaPublicacion();
    expect((await publicar(appA, mail, body)).status).toBe(201);
    const path = `/v3/publicaciones/${mail}/${body.ExternalId}`;
    const deleted = await call(appA, "DELETE", path);
    expect([deleted.status, await deleted.text()]).toEqual([204, ""]);
    expect((await call(appA, "DELETE", path)).status).toBe(204);
    expect(await leer(appA, mail, body.ExternalId)).toMatchObject({ Estado: "Archivada", Motivo: "app", Exposicion: null });
    const put = await call(appA, "PUT", path, edicion(body));
    expect(put.status).toBe(409);
    expect(await errores(put)).toEqual(["_"]);
    expect((await listar(appA, mail)).Total).toBe(0);
    expect((await listar(appA, mail, "?estado=archivada"))._entries.map((entry) => entry.ExternalId)).toEqual([body.ExternalId]);
    expect((await productos(appA, mail)).Publicaciones.Activas).toBe(0);
  });
});

describe("GET /v3/publicaciones/{adminMail}", () => {
  it("filters by estado, exposicion, operador, q and modificadaDesde; the latest changed first", async () => {
    const mail = await registered([[appA, false]]);
    await paquete(mail, { publicaciones: 10, alta: 1, media: 1, baja: 8 });
    const operador = `vende.${Date.now()}@agencia.test`;
    await operar("agency.operator", { admin: mail, email: operador, nombre: "Vende", apellido: "Autos" });
    const ids = {
      amarok: nuevaPublicacion({ ExternalId: externalId("AMK"), Exposicion: "Alta" }),
      hilux: nuevaPublicacion({
        ExternalId: externalId("HLX"),
        Marca: "Toyota",
        Modelo: "Hilux",
        Version: "2.8 SRX",
        RefStock: "AE901ZZ",
        OperadorResponsable: operador,
        Exposicion: "Baja",
      }),
      cronos: nuevaPublicacion({ ExternalId: externalId("CRN"), Marca: "Fiat", Modelo: "Cronos", Version: "1.3 Drive", Activa: false }),
      citroen: nuevaPublicacion({
        ExternalId: externalId("C3"),
        Marca: "Citroën",
        Modelo: "C4 Cactus",
        Version: "1.6 Feel",
        Exposicion: "Media",
      }),
    };
    for (const body of Object.values(ids)) expect((await publicar(appA, mail, body)).status).toBe(201);
    const names = async (query: string) => (await listar(appA, mail, query))._entries.map((entry) => entry.ExternalId);
    expect(await names("")).toEqual([ids.citroen, ids.cronos, ids.hilux, ids.amarok].map((body) => body.ExternalId));
    expect(await names("?estado=suspendida")).toEqual([ids.cronos.ExternalId]);
    expect(await names("?estado=activa&exposicion=alta")).toEqual([ids.amarok.ExternalId]);
    expect(await names("?exposicion=media")).toEqual([ids.citroen.ExternalId]);
    expect(await names(`?operador=${operador}`)).toEqual([ids.hilux.ExternalId]);
    expect(await names(`?operador=${mail}`)).toHaveLength(4);
    const notOperator = await call(appA, "GET", `/v3/publicaciones/${mail}?operador=nadie@agencia.test`);
    expect(await errores(notOperator)).toEqual(["operador"]);
    // q: every word begins a term of make, model, version, ExternalId or RefStock; case and accents ignored.
    expect(await names("?q=TOYO")).toEqual([ids.hilux.ExternalId]);
    expect(await names("?q=citroen%20cactus")).toEqual([ids.citroen.ExternalId]);
    expect(await names("?q=ae901")).toEqual([ids.hilux.ExternalId]);
    expect(await names(`?q=${ids.cronos.ExternalId.slice(4, 9)}&estado=suspendida`)).toEqual([ids.cronos.ExternalId]);
    expect(await names("?q=oyota")).toEqual([]);
    expect(await names("?q=100%25")).toEqual([]);
    // A change moves a listing to the top; modificadaDesde keeps what changed at or after it.
    const before = (await leer(appA, mail, ids.hilux.ExternalId)).Modificada;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const since = new Date();
    expect((await call(appA, "PUT", `/v3/publicaciones/${mail}/${ids.amarok.ExternalId}`, edicion(ids.amarok))).status).toBe(200);
    expect((await names(""))[0]).toBe(ids.amarok.ExternalId);
    const desde = encodeURIComponent(since.toISOString().replace("Z", "+00:00"));
    expect(await names(`?modificadaDesde=${desde}`)).toEqual([ids.amarok.ExternalId]);
    expect(await names(`?modificadaDesde=${encodeURIComponent(before)}`)).toContain(ids.hilux.ExternalId);
    for (const [query, key] of [
      ["?estado=borrada", "estado"],
      ["?exposicion=maxima", "exposicion"],
      ["?modificadaDesde=ayer", "modificadaDesde"],
      ["?modificadaDesde=2026-01-01T10:00:00", "modificadaDesde"],
      ["?pagina=100", "pagina"],
      ["?pagina=0", "pagina"],
      [`?q=${"x".repeat(101)}`, "q"],
    ]) {
      const response = await call(appA, "GET", `/v3/publicaciones/${mail}${query}`);
      expect(response.status, query).toBe(400);
      expect(await errores(response)).toEqual([key]);
    }
  }, 120_000);

  it("pages of 50 like the enquiries: Total over all pages, first/prev/next/last keeping the filters, the ref form", async () => {
    const mail = await registered([[appA, false]]);
    await paquete(mail, { publicaciones: 0 });
    for (let n = 0; n < 52; n++) {
      expect((await publicar(appA, mail, nuevaPublicacion({ ExternalId: `PAG-${n}-${Date.now()}`, Activa: false }))).status).toBe(201);
    }
    const first = await listar(appA, mail, "?estado=suspendida");
    expect(first).toMatchObject({ Total: 52, Pagina: 1, PerPagina: 50 });
    expect(first._entries).toHaveLength(50);
    const base = `/v3/publicaciones/${mail}`;
    expect(first._links).toEqual({
      self: { href: `${base}?estado=suspendida&pagina=1` },
      first: { href: `${base}?estado=suspendida&pagina=1` },
      next: { href: `${base}?estado=suspendida&pagina=2` },
      last: { href: `${base}?estado=suspendida&pagina=2` },
      publicacion: { href: `${base}/{externalId}`, templated: true },
    });
    const second = await listar(appA, mail, "?estado=suspendida&pagina=2");
    expect(second._entries).toHaveLength(2);
    expect(second._links.prev).toEqual({ href: `${base}?estado=suspendida&pagina=1` });
    expect(second._links.next).toBeUndefined();
    const past = await listar(appA, mail, "?estado=suspendida&pagina=3");
    expect(past).toMatchObject({ Total: 52, _entries: [] });
    const refs = await call(appA, "GET", `${base}?estado=suspendida&pagina=2`, undefined, { Accept: REF });
    const refBody = await refs.json();
    expect(refBody._entries[0].title).toMatch(/^Volkswagen Amarok 2022 \(PAG-/);
    const etag = refs.headers.get("etag") as string;
    expect((await call(appA, "GET", `${base}?estado=suspendida&pagina=2`, undefined, { Accept: REF, "If-None-Match": etag })).status).toBe(
      304,
    );
  });
});

describe("the package, enforced", () => {
  it("a level falls back Alta > Media > Baja; beyond the package a 409 under Activa with the numbers; Activa false uses none", async () => {
    const mail = await agencia({ publicaciones: 3, alta: 1, media: 0, baja: 3 });
    const alta = await (await publicar(appA, mail, nuevaPublicacion({ Exposicion: "Alta" }))).json();
    expect([alta.Estado, alta.Exposicion]).toEqual(["Activa", "Alta"]);
    const second = await (await publicar(appA, mail, nuevaPublicacion({ Exposicion: "Alta" }))).json();
    expect(second.Exposicion).toBe("Baja");
    const best = await (await publicar(appA, mail, nuevaPublicacion({ Exposicion: null }))).json();
    expect(best.Exposicion).toBe("Baja");
    const full = await publicar(appA, mail, nuevaPublicacion());
    expect(full.status).toBe(409);
    const problem = await full.json();
    expect(Object.keys(problem.Errors)).toEqual(["Activa"]);
    expect(problem.Detail).toContain("contratadas 3, activas 3");
    expect(problem.Extensions.Paquete).toMatchObject({ Estado: "activo", Publicaciones: { Contratadas: 3, Activas: 3 } });
    const staged = await publicar(appA, mail, nuevaPublicacion({ Activa: false, Exposicion: "Alta" }));
    expect(await staged.json()).toMatchObject({ Estado: "Suspendida", Motivo: "app", Exposicion: null });
    expect((await productos(appA, mail)).Publicaciones).toEqual({ Contratadas: 3, Activas: 3, Disponibles: 0 });
    expect((await productos(appA, mail)).Exposiciones).toEqual({
      Alta: { Contratadas: 1, Usadas: 1 },
      Media: { Contratadas: 0, Usadas: 0 },
      Baja: { Contratadas: 3, Usadas: 2 },
    });
    // Suspending frees the place at once; the staged listing takes it, at the level it asks for when free.
    const suspend = await call(appA, "PUT", `/v3/publicaciones/${mail}/${alta.ExternalId}`, {
      ...edicion(nuevaPublicacion()),
      Activa: false,
    });
    expect(await suspend.json()).toMatchObject({ Estado: "Suspendida", Motivo: "app", Exposicion: null });
    // The suspended ones, the latest changed first: the one just suspended, then the staged one.
    const stagedId = (await listar(appA, mail, "?estado=suspendida"))._entries[1]?.ExternalId;
    const activate = await call(appA, "PUT", `/v3/publicaciones/${mail}/${stagedId}`, {
      ...edicion(nuevaPublicacion()),
      Exposicion: "Alta",
    });
    expect(await activate.json()).toMatchObject({ Estado: "Activa", Motivo: null, Exposicion: "Alta" });
    // Archiving frees it too.
    expect((await call(appA, "DELETE", `/v3/publicaciones/${mail}/${second.ExternalId}`)).status).toBe(204);
    expect((await productos(appA, mail)).Publicaciones.Activas).toBe(2);
  });

  it("409 under Exposicion when the package has a publication free but no level; under Activa when it is not activo", async () => {
    const mail = await agencia({ publicaciones: 5, alta: 1, media: 0, baja: 1 });
    for (let n = 0; n < 2; n++) expect((await publicar(appA, mail, nuevaPublicacion())).status).toBe(201);
    const noLevel = await publicar(appA, mail, nuevaPublicacion());
    expect(noLevel.status).toBe(409);
    const problem = await noLevel.json();
    expect(Object.keys(problem.Errors)).toEqual(["Exposicion"]);
    expect(problem.Detail).toContain("Alta 1 de 1");
    const suspendida = await agencia({ publicaciones: 5, baja: 5, estado: "suspendido" });
    const refused = await publicar(appA, suspendida, nuevaPublicacion());
    expect(refused.status).toBe(409);
    const refusal = await refused.json();
    expect(Object.keys(refusal.Errors)).toEqual(["Activa"]);
    expect(refusal.Detail).toContain("suspendido");
    expect(refusal.Detail).toContain("contratadas 5, activas 0");
    expect((await publicar(appA, suspendida, nuevaPublicacion({ Activa: false }))).status).toBe(201);
  });

  it("a package lowered or ended by the operator suspends the most recently activated first (Motivo paquete), never reactivated by itself", async () => {
    const mail = await agencia({ publicaciones: 4, alta: 2, media: 0, baja: 2 });
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) {
      const body = nuevaPublicacion({ Exposicion: n < 2 ? "Alta" : "Baja" });
      expect((await publicar(appA, mail, body)).status).toBe(201);
      ids.push(body.ExternalId);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const lowered = await paquete(mail, { publicaciones: 2 });
    expect(lowered.Suspendidas).toBe(2);
    const state = async () =>
      Promise.all(
        ids.map(async (id) => {
          const entry = await leer(appA, mail, id);
          return `${entry.Estado}/${entry.Motivo}/${entry.Exposicion}`;
        }),
      );
    expect(await state()).toEqual(["Activa/null/Alta", "Activa/null/Alta", "Suspendida/paquete/null", "Suspendida/paquete/null"]);
    // Fewer Alta slots: the most recent Alta listing moves to a level with room.
    const levels = await paquete(mail, { publicaciones: 2, alta: 1, baja: 2 });
    expect([levels.Suspendidas, levels.CambiadasDeNivel]).toEqual([0, 1]);
    expect(await state()).toEqual(["Activa/null/Alta", "Activa/null/Baja", "Suspendida/paquete/null", "Suspendida/paquete/null"]);
    // Raised again: nothing comes back by itself.
    await paquete(mail, { publicaciones: 4 });
    expect((await productos(appA, mail)).Publicaciones).toEqual({ Contratadas: 4, Activas: 2, Disponibles: 2 });
    // Ended: every Activa listing is suspended.
    const ended = await paquete(mail, { estado: "vencido" });
    expect(ended.Suspendidas).toBe(2);
    expect((await state()).every((value) => value === "Suspendida/paquete/null")).toBe(true);
    expect((await productos(appA, mail)).Publicaciones.Activas).toBe(0);
  }, 120_000);

  it("detaching frees the app's places at once; registering again restores them", async () => {
    const mail = await agencia({ publicaciones: 2, baja: 2 }, true);
    const mine = nuevaPublicacion();
    expect((await publicar(appA, mail, mine)).status).toBe(201);
    expect((await publicar(appA, mail, nuevaPublicacion())).status).toBe(201);
    expect((await publicar(appB, mail, nuevaPublicacion())).status).toBe(409);
    expect((await call(appA, "PATCH", `/v3/agencias/${mail}/desasociar`)).status).toBe(204);
    expect((await productos(appB, mail)).Publicaciones.Activas).toBe(0);
    expect((await publicar(appB, mail, nuevaPublicacion())).status).toBe(201);
    expect((await call(appA, "GET", `/v3/publicaciones/${mail}/${mine.ExternalId}`)).status).toBe(404);
    // Back with A: one place left, so the first activated returns and the other waits for the package.
    const previous = await invitationLink(mail);
    expect((await call(appA, "POST", "/v3/agencias", { AdminMail: mail })).status).toBe(202);
    const link = await invitationLink(mail, previous);
    const accepted = await fetch(`${link}/aceptar`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...registroValido, CompartirConsultasCatalogo: false }),
    });
    expect(accepted.status).toBe(200);
    const back = await listar(appA, mail);
    expect(back._entries.map((entry) => `${entry.Estado}/${entry.Motivo}`).sort()).toEqual(["Activa/null", "Suspendida/paquete"]);
    expect((await leer(appA, mail, mine.ExternalId)).Estado).toBe("Activa");
  }, 120_000);
});

describe("enquiries about listings", () => {
  it("an enquiry links to its listing, which counts it; a suspended listing still receives them, an archived one none", async () => {
    const mail = await agencia();
    const body = nuevaPublicacion({ Kilometraje: 0 });
    expect((await publicar(appA, mail, body)).status).toBe(201);
    const sid = await enquiry({ AdminMail: mail, ExternalId: body.ExternalId.toLowerCase(), TipoAnuncio: "publicacion" });
    const consulta = await (await call(appA, "GET", `/v3/consultas/${mail}/${sid}`)).json();
    expect(consulta._links.publicacion).toEqual({ href: `/v3/publicaciones/${mail}/${body.ExternalId}` });
    expect(consulta.Auto).toMatchObject({
      ExternalId: body.ExternalId,
      Marca: "Volkswagen",
      Modelo: "Amarok",
      Estado: "nuevo",
      BodyType: "Pick-up",
      Color: "Gris Plata",
      Precio: body.Precio,
    });
    expect((await leer(appA, mail, body.ExternalId)).Consultas).toEqual({ Total: 1, SinAtender: 1 });
    await call(appA, "PUT", `/v3/consultas/${mail}/${sid}/atencion`, { Atendida: true, Por: mail });
    expect((await leer(appA, mail, body.ExternalId)).Consultas).toEqual({ Total: 1, SinAtender: 0 });
    // The enquiry keeps the car as it was when it arrived.
    await call(appA, "PUT", `/v3/publicaciones/${mail}/${body.ExternalId}`, { ...edicion(body), Activa: false, Kilometraje: 10 });
    expect((await (await call(appA, "GET", `/v3/consultas/${mail}/${sid}`)).json()).Auto.Kilometraje).toBe(0);
    expect(await enquiry({ AdminMail: mail, ExternalId: body.ExternalId, TipoAnuncio: "publicacion" })).toMatch(/^[0-9A-Z]{26}$/);
    expect((await call(appA, "DELETE", `/v3/publicaciones/${mail}/${body.ExternalId}`)).status).toBe(204);
    const refused = await market("consultas", {
      AdminMail: mail,
      ExternalId: body.ExternalId,
      TipoAnuncio: "publicacion",
      OrigenLead: "form",
      Interesado: { Interes: "compra", Nombre: "Ana", Apellido: "Paz", Email: "ana@ejemplo.test", Comentario: "¿Sigue?" },
    });
    expect(refused.status).toBe(400);
    const problem = await refused.json();
    expect(Object.keys(problem.Errors)).toEqual(["ExternalId"]);
    expect(problem.Errors.ExternalId[0]).toContain("archivada");
  });

  it("a marketplace listing is the app's listing through v3 too, within the package", async () => {
    const mail = await agencia({ publicaciones: 1, baja: 1 });
    const first = externalId("MKT");
    const second = externalId("MKT");
    expect(await (await publish(appA, mail, first)).json()).toMatchObject({ ExternalId: first, Estado: "Activa" });
    expect(await (await publish(appA, mail, second)).json()).toMatchObject({ ExternalId: second, Estado: "Suspendida" });
    expect(await leer(appA, mail, first)).toMatchObject({
      Estado: "Activa",
      Exposicion: "Baja",
      Marca: { href: "/v3/marcas/5", title: "Toyota" },
      Modelo: { title: "Corolla" },
      Carroceria: { title: "Sedán" },
      Color: { title: "Gris" },
      VersionYear: 2021,
      Combustible: null,
    });
    expect(await leer(appA, mail, second)).toMatchObject({ Estado: "Suspendida", Motivo: "paquete" });
    const unknownMake = await market("publicaciones", {
      AppKey: appA.AppKey,
      AdminMail: mail,
      ExternalId: externalId("MKT"),
      Auto: { Marca: "Qwzx", Modelo: "Nada", Estado: "usado" },
    });
    expect(await errores(unknownMake)).toEqual(["Auto.Marca"]);
  });
});

describe("the publicaciones topic", () => {
  it("a notification for every change of state, reason or level, with Origen: app, panel or plataforma", async () => {
    const mail = await agencia({ publicaciones: 2, alta: 1, baja: 1 });
    const config = await call(appA, "POST", "/v3/appnotificaciones/publicaciones", { Callback: "http://127.0.0.1:9/publicaciones" });
    expect(config.status).toBe(201);
    const body = nuevaPublicacion({ Exposicion: "Alta" });
    expect((await publicar(appA, mail, body)).status).toBe(201);
    const path = `/v3/publicaciones/${mail}/${body.ExternalId}`;
    // A price change alone is no change of state: no notification.
    expect((await call(appA, "PUT", path, edicion(body, { Precio: { Moneda: "USD", Importe: 41_000 } }))).status).toBe(200);
    expect((await call(appA, "PUT", path, edicion(body, { Activa: false }), { "X-ACS-Origen": "panel" })).status).toBe(200);
    expect((await call(appA, "PUT", path, edicion(body))).status).toBe(200);
    await paquete(mail, { estado: "suspendido" });
    const log = await (await call(appA, "GET", "/v3/appnotificaciones/publicaciones/entregas")).json();
    const mine = (
      log._entries as { Evento: string; Payload: { Datos: Record<string, unknown> & { Publicacion: Record<string, unknown> } } }[]
    )
      .filter((entry) => entry.Payload.Datos.ExternalId === body.ExternalId)
      .reverse();
    expect(mine.map((entry) => entry.Evento)).toEqual(Array(4).fill("publicacion.cambiada"));
    expect(
      mine.map(
        ({ Payload: { Datos } }) =>
          `${Datos.Origen} ${Datos.Publicacion.Estado}/${Datos.Publicacion.Motivo}/${Datos.Publicacion.Exposicion}`,
      ),
    ).toEqual(["app Activa/null/Alta", "panel Suspendida/app/null", "app Activa/null/Alta", "plataforma Suspendida/paquete/null"]);
    expect(mine[0]?.Payload.Datos).toMatchObject({ AdminMail: mail, ExternalId: body.ExternalId });
  });
});
