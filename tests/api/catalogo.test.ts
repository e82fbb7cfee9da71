import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, server, signedFetch } from "../support/client";

let app: Credentials;
const REF = "application/vnd.service.ref+json";

beforeAll(async () => {
  app = await createApp("Catálogos");
});

const get = (path: string, accept?: string) => signedFetch(app, "GET", path, { headers: accept ? { Accept: accept } : {} });

async function json(path: string, accept?: string) {
  const response = await get(path, accept);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return response.json();
}

async function expectBadRequest(path: string, keys: string[]) {
  const response = await get(path);
  expect(response.status, path).toBe(400);
  expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  const body = await response.json();
  expect(Object.keys(body.Errors).sort()).toEqual([...keys].sort());
  expect(body).toMatchObject({ Status: 400, Title: "Validación de información esperada fallida", Type: "https://httpstatuses.com/400" });
}

async function expectNotFound(path: string) {
  const response = await get(path);
  expect(response.status, path).toBe(404);
  expect(await response.text()).toBe("");
}

async function expectNotAcceptable(path: string) {
  expect((await get(path, REF)).status, path).toBe(406);
}

const regionId = async (iso: string) => {
  const { _entries } = await json("/v3/regiones");
  return _entries.find((region: { Iso: string }) => region.Iso === iso).Id as number;
};

describe("best match: 40 cases", () => {
  const makes: [string, string | null][] = [
    ["volkswagen", "Volkswagen"],
    ["VW", "Volkswagen"],
    ["vw", "Volkswagen"],
    ["volksvagen", "Volkswagen"],
    ["chevrolete", "Chevrolet"],
    ["mercedes", "Mercedes-Benz"],
    ["mercedes%20benz", "Mercedes-Benz"],
    ["MERCEDES-BENZ", "Mercedes-Benz"],
    ["citroen", "Citroën"],
    ["CITRO%C3%8BN", "Citroën"],
    ["16", "Mercedes-Benz"],
    ["%2Fv3%2Fmarcas%2F3", "Volkswagen"],
    ["http%3A%2F%2Fvitrina.example%2Fv3%2Fmarcas%2F1", "Fiat"],
    ["peugot", "Peugeot"],
    ["toyta", "Toyota"],
    ["alfa", "Alfa Romeo"],
    ["land%20rover", "Land Rover"],
    ["daewoo", "Daewoo"],
    ["xyzzy", null],
    ["%2Fv3%2Fcarrocerias%2F1", null],
    ["99999", null],
  ];
  it.each(makes)("make=%s → %s", async (make, expected) => {
    const path = `/v3/marcas/bestmatch?make=${make}`;
    if (expected === null) return expectBadRequest(path, ["make"]);
    expect((await json(path)).Nombre).toBe(expected);
  });

  const bodyStyles: [string, string | null][] = [
    ["sedan", "Sedán"],
    ["SED%C3%81N", "Sedán"],
    ["pickup", "Pick-up"],
    ["hachback", "Hatchback"],
    ["4", "SUV"],
    ["asdfgh", null],
  ];
  it.each(bodyStyles)("bodystyle=%s → %s", async (bodystyle, expected) => {
    const path = `/v3/carrocerias/bestmatch?bodystyle=${bodystyle}`;
    if (expected === null) return expectBadRequest(path, ["bodystyle"]);
    expect((await json(path)).Nombre).toBe(expected);
  });

  const cities: [string, string, string | null, string | null][] = [
    ["CORDOBA", "r%C3%ADo%20cuarto", "Río Cuarto", "Córdoba"],
    ["AR-X", "CORDOBA", "Córdoba", "Córdoba"],
    ["Buenos%20Aires", "San%20Mart%C3%ADn", "San Martín", "Buenos Aires"],
    ["mendoza", "san%20martin", "San Martín", "Mendoza"],
    ["La%20Pampa", "santa%20rosa", "Santa Rosa", "La Pampa"],
    ["AR-M", "Santa%20Rosa", "Santa Rosa", "Mendoza"],
    ["caba", "palermo", "Palermo", "Ciudad Autónoma de Buenos Aires"],
    ["ar-b", "mar%20del%20plata", "Mar del Plata", "Buenos Aires"],
    ["tucuman", "san%20miguel", "San Miguel de Tucumán", "Tucumán"],
    ["AR-S", "rosaro", "Rosario", "Santa Fe"],
    ["tierra%20del%20fuego", "USHUAIA", "Ushuaia", "Tierra del Fuego"],
    ["AR-X", "ushuaia", null, "city"],
    ["Narnia", "Rosario", null, "state"],
  ];
  it.each(cities)("state=%s city=%s → %s (%s)", async (state, city, expected, region) => {
    const path = `/v3/ciudades/bestmatch?state=${state}&city=${city}`;
    if (expected === null) return expectBadRequest(path, [region as string]);
    expect(await json(path)).toMatchObject({ Nombre: expected, Region: region });
  });

  it("takes the state as api-url-path and the city as part of the name", async () => {
    const cordoba = await regionId("AR-X");
    expect((await json(`/v3/ciudades/bestmatch?state=%2Fv3%2Fregiones%2F${cordoba}&city=carlos%20paz`)).Nombre).toBe("Villa Carlos Paz");
  });

  it("requires its parameters, naming them", async () => {
    await expectBadRequest("/v3/marcas/bestmatch", ["make"]);
    await expectBadRequest("/v3/carrocerias/bestmatch?bodystyle=", ["bodystyle"]);
    await expectBadRequest("/v3/ciudades/bestmatch?state=AR-X", ["city"]);
    await expectBadRequest("/v3/ciudades/bestmatch", ["state", "city"]);
  });

  it("offers the Ref form where the contract lists one", async () => {
    expect(await json("/v3/marcas/bestmatch?make=vw", REF)).toEqual({ href: "/v3/marcas/3", title: "Volkswagen" });
    const city = await json("/v3/ciudades/bestmatch?state=AR-X&city=rio%20cuarto", REF);
    expect(city).toEqual({ href: expect.stringMatching(/^\/v3\/ciudades\/\d+$/), title: "Río Cuarto (Córdoba)" });
    await expectNotAcceptable("/v3/carrocerias/bestmatch?bodystyle=suv");
  });
});

describe("carrocerías", () => {
  it("lists the body styles, entry form only, cacheable", async () => {
    const response = await get("/v3/carrocerias");
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    const body = await response.json();
    expect(body._links.self).toEqual({ href: "/v3/carrocerias" });
    expect(body._entries.length).toBeGreaterThanOrEqual(10);
    expect(body._entries[0]).toEqual({ Id: 1, Nombre: "Sedán", Codename: "sedan", _links: { self: { href: "/v3/carrocerias/1" } } });
    await expectNotAcceptable("/v3/carrocerias");
  });

  it("answers one by id, 404 without body, 400 naming id", async () => {
    expect((await json("/v3/carrocerias/4")).Nombre).toBe("SUV");
    await expectNotFound("/v3/carrocerias/9999");
    await expectBadRequest("/v3/carrocerias/abc", ["id"]);
    await expectBadRequest("/v3/carrocerias/2147483648", ["id"]);
    await expectNotAcceptable("/v3/carrocerias/4");
  });

  it("sends an ETag and answers 304 to If-None-Match", async () => {
    const first = await get("/v3/carrocerias");
    const etag = first.headers.get("etag") as string;
    const second = await signedFetch(app, "GET", "/v3/carrocerias", { headers: { "If-None-Match": etag } });
    expect(second.status).toBe(304);
    expect(second.headers.get("etag")).toBe(etag);
  });
});

describe("regiones (extension)", () => {
  it("lists the 24 jurisdictions in both forms, and one by id", async () => {
    const entries = (await json("/v3/regiones"))._entries;
    expect(entries).toHaveLength(24);
    const cordoba = entries.find((region: { Iso: string }) => region.Iso === "AR-X");
    expect(cordoba).toMatchObject({ Nombre: "Córdoba", _links: { self: { href: `/v3/regiones/${cordoba.Id}` } } });
    const refs = (await json("/v3/regiones", REF))._entries;
    expect(refs).toContainEqual({ href: `/v3/regiones/${cordoba.Id}`, title: "Córdoba" });
    expect(await json(`/v3/regiones/${cordoba.Id}`, REF)).toEqual({ href: `/v3/regiones/${cordoba.Id}`, title: "Córdoba" });
    await expectNotFound("/v3/regiones/99");
  });
});

describe("ciudades", () => {
  it("needs region or q, naming both", async () => {
    await expectBadRequest("/v3/ciudades", ["region", "q"]);
    await expectBadRequest("/v3/ciudades?region=abc", ["region"]);
    await expectBadRequest("/v3/ciudades?region=999", ["region"]);
  });

  it("lists a region's cities, filters by part of the name, keeps the filters in self", async () => {
    const cordoba = await regionId("AR-X");
    const byRegion = await json(`/v3/ciudades?region=${cordoba}`);
    expect(byRegion._entries.length).toBeGreaterThanOrEqual(20);
    expect(byRegion._entries.every((city: { RegionId: number }) => city.RegionId === cordoba)).toBe(true);
    const byName = await json(`/v3/ciudades?region=${cordoba}&q=rio`);
    expect(byName._links.self).toEqual({ href: `/v3/ciudades?region=${cordoba}&q=rio` });
    expect(byName._entries.map((city: { Nombre: string }) => city.Nombre)).toContain("Río Cuarto");
    const everywhere = (await json("/v3/ciudades?q=san%20martin"))._entries.map((city: { Region: string }) => city.Region);
    expect(everywhere).toEqual(expect.arrayContaining(["Buenos Aires", "Mendoza"]));
    const refs = (await json(`/v3/ciudades?region=${cordoba}&q=cuarto`, REF))._entries;
    expect(refs).toContainEqual({ href: expect.stringMatching(/^\/v3\/ciudades\/\d+$/), title: "Río Cuarto (Córdoba)" });
  });

  it("answers one by id with its region link", async () => {
    const [city] = (await json("/v3/ciudades?q=ushuaia"))._entries;
    const one = await json(`/v3/ciudades/${city.Id}`);
    expect(one).toEqual({
      ...city,
      _links: { self: { href: `/v3/ciudades/${city.Id}` }, region: { href: `/v3/regiones/${city.RegionId}` } },
    });
    await expectNotFound("/v3/ciudades/999999");
    await expectBadRequest("/v3/ciudades/-1", ["id"]);
  });
});

describe("colores", () => {
  it("lists, filters by part of the name and by full name, in both forms", async () => {
    const all = (await json("/v3/colores"))._entries;
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(all.every((colour: { HtmlColor: string }) => /^#[0-9a-f]{6}$/.test(colour.HtmlColor))).toBe(true);
    const greys = (await json("/v3/colores?q=gris"))._entries.map((colour: { Nombre: string }) => colour.Nombre);
    expect(greys.length).toBeGreaterThan(1);
    expect(greys.every((name: string) => name.toLowerCase().includes("gris"))).toBe(true);
    expect((await json("/v3/colores?nombre=GRIS"))._entries.map((colour: { Nombre: string }) => colour.Nombre)).toEqual(["Gris"]);
    const [blanco] = (await json("/v3/colores?nombre=blanco", REF))._entries;
    expect(blanco).toEqual({ href: "/v3/colores/1", title: "Blanco" });
    expect(await json("/v3/colores/1")).toMatchObject({ Id: 1, Nombre: "Blanco", HtmlColor: "#ffffff" });
    await expectNotFound("/v3/colores/999");
  });
});

describe("marcas", () => {
  it("filters by part of the name or codename and by the new-vehicle market", async () => {
    expect((await json("/v3/marcas?q=fer"))._entries.map((make: { Nombre: string }) => make.Nombre)).toEqual(["Ferrari"]);
    expect((await json("/v3/marcas?q=vw"))._entries.map((make: { Nombre: string }) => make.Nombre)).toEqual(["Volkswagen"]);
    const all = (await json("/v3/marcas"))._entries;
    expect(all.length).toBeGreaterThanOrEqual(60);
    const current = (await json("/v3/marcas?soloMercadoNuevos=true"))._entries;
    expect(current.length).toBeLessThan(all.length);
    expect(current.every((make: { MercadoNuevos: boolean }) => make.MercadoNuevos)).toBe(true);
    expect(current.map((make: { Nombre: string }) => make.Nombre)).not.toContain("Daewoo");
    expect((await json("/v3/marcas?soloMercadoNuevos=false"))._entries).toHaveLength(all.length);
    await expectBadRequest("/v3/marcas?soloMercadoNuevos=quizas", ["soloMercadoNuevos"]);
    // The contract's boolean is written true or false (decisions 0034), as the document says.
    for (const other of ["1", "yes", "TRUE"]) await expectBadRequest(`/v3/marcas?soloMercadoNuevos=${other}`, ["soloMercadoNuevos"]);
    expect((await json("/v3/marcas?q=vw", REF))._entries).toEqual([{ href: "/v3/marcas/3", title: "Volkswagen" }]);
  });

  it("is cacheable and signed like every v3 request", async () => {
    const response = await get("/v3/marcas");
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    expect((await fetch(`${server().baseUrl}/v3/marcas`)).status).toBe(401);
  });
});

describe("answers kept in memory (decisions 0086)", () => {
  const answer = async (path: string, accept?: string) => {
    const response = await get(path, accept);
    return { status: response.status, etag: response.headers.get("etag"), body: await response.text() };
  };

  it("answers a request again with the same bytes and ETag, each representation and query its own", async () => {
    const paths = ["/v3/marcas?q=ford", "/v3/marcas/bestmatch?make=volksvagen", "/v3/modelos/bestmatch?make=vw&model=gol", "/v3/colores/1"];
    for (const path of paths) {
      const first = await answer(path);
      expect(first.status, path).toBe(200);
      expect(await answer(path), path).toEqual(first);
      const etag = first.etag as string;
      expect((await signedFetch(app, "GET", path, { headers: { "If-None-Match": etag } })).status, path).toBe(304);
    }
    const entry = await answer("/v3/marcas?q=vw");
    const ref = await answer("/v3/marcas?q=vw", REF);
    expect(JSON.parse(ref.body)._entries).toEqual([{ href: "/v3/marcas/3", title: "Volkswagen" }]);
    expect(JSON.parse(entry.body)._entries[0]).toMatchObject({ Id: 3, Nombre: "Volkswagen" });
    expect(ref.etag).not.toBe(entry.etag);
    expect((await answer("/v3/marcas?q=fiat")).etag).not.toBe(entry.etag);
  });

  it("keeps no error: a request that failed fails again", async () => {
    for (let i = 0; i < 2; i++) {
      expect((await get("/v3/marcas/bestmatch?make=zzzzqqqq")).status).toBe(400);
      await expectNotFound("/v3/marcas/9999");
    }
  });
});
