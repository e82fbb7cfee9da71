import { describe, expect, it } from "vitest";
import { PublicacionCreateSchema, publicacionCreateSchema } from "@/lib/api/publicaciones";
import { fieldErrors } from "@/lib/http/validation";

/**
 * A listing's photo URLs follow the rules of a webhook Callback (docs/contract.md#listings): the
 * documented schema is the strict one, which the service relaxes only as the operator's webhook
 * settings say (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE_NETWORKS: the API tests' server has both).
 */

const listing = (urls: string[]) => ({
  ExternalId: "FOTOS-1",
  Marca: "Fiat",
  Modelo: "Cronos",
  VersionYear: 2022,
  Kilometraje: 10,
  Precio: { Moneda: "ARS", Importe: 1 },
  Fotos: urls.map((Url) => ({ Url })),
});

const errorsOf = (urls: string[]) => {
  const parsed = PublicacionCreateSchema.safeParse(listing(urls));
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("a listing's photo URLs, strict", () => {
  it("takes public https URLs, stored as new URL() writes them", () => {
    const parsed = PublicacionCreateSchema.parse(listing(["https://Fotos.Example.com/a b.jpg", "https://fotos.example.com/b.jpg"]));
    expect(parsed.Fotos.map((foto) => foto.Url)).toEqual(["https://fotos.example.com/a%20b.jpg", "https://fotos.example.com/b.jpg"]);
  });

  it.each([
    ["http://fotos.example.com/a.jpg", /Esquema http/],
    ["https://127.0.0.1/a.jpg", /públicas/],
    ["https://localhost/a.jpg", /públicas/],
    ["https://10.1.2.3/a.jpg", /públicas/],
    ["https://[::1]/a.jpg", /públicas/],
    ["https://169.254.169.254/latest/meta-data", /públicas/],
    ["https://usuario:clave@fotos.example.com/a.jpg", /usuario ni contraseña/],
    ["fotos.example.com/a.jpg", /URL absoluta/],
  ])("refuses %s under Fotos[0].Url", (url, message) => {
    const errors = errorsOf([url]);
    expect(Object.keys(errors)).toEqual(["Fotos[0].Url"]);
    expect(errors["Fotos[0].Url"]?.[0]).toMatch(message);
  });

  it("refuses a repeat, compared as stored", () => {
    expect(errorsOf(["https://fotos.example.com/a.jpg", "https://FOTOS.example.com/a.jpg"])).toEqual({
      "Fotos[1].Url": ["Repite la foto Fotos[0]."],
    });
  });
});

describe("a listing's photo URLs on the service's own address", () => {
  const strictButOwn = publicacionCreateSchema({ allowHttp: false, allowPrivateNetworks: false, ownOrigin: "http://localhost:3000" });

  it("takes the demo's photos over http on localhost, as npm start serves them", () => {
    const parsed = strictButOwn.safeParse(listing(["http://localhost:3000/demo/fotos/1.jpg"]));
    expect(parsed.success).toBe(true);
  });

  it.each([
    ["http://localhost:3001/demo/fotos/1.jpg", /Esquema http/],
    ["https://localhost:3000/demo/fotos/1.jpg", /públicas/],
    ["http://usuario:clave@localhost:3000/a.jpg", /usuario ni contraseña/],
  ])("still refuses %s, on another origin or with credentials", (url, message) => {
    const parsed = strictButOwn.safeParse(listing([url]));
    expect(parsed.success).toBe(false);
    expect(parsed.success ? "" : fieldErrors(parsed.error)["Fotos[0].Url"]?.[0]).toMatch(message);
  });
});
