import { describe, expect, it } from "vitest";
import carrocerias from "@/lib/service/catalogo/data/carrocerias.json";
import ciudades from "@/lib/service/catalogo/data/ciudades.json";
import colores from "@/lib/service/catalogo/data/colores.json";
import marcas from "@/lib/service/catalogo/data/marcas.json";
import modelos from "@/lib/service/catalogo/data/modelos.json";
import regiones from "@/lib/service/catalogo/data/regiones.json";
import { normalizeTerm } from "@/lib/service/catalogo/normalize";
import { COLORES, MODELOS } from "@/lib/service/demo/data";

const unique = (values: unknown[]) => new Set(values).size === values.length;

describe("catalogue data files", () => {
  it.each([
    ["regiones", regiones.items],
    ["ciudades", ciudades.items],
    ["marcas", marcas.items],
    ["modelos", modelos.items],
    ["carrocerias", carrocerias.items],
    ["colores", colores.items],
  ])("%s: unique positive integer ids", (_name, items) => {
    const ids = items.map((item) => item.Id);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(unique(ids)).toBe(true);
  });

  it("has the 24 jurisdictions with unique ISO 3166-2:AR codes", () => {
    expect(regiones.items).toHaveLength(24);
    const isos = regiones.items.map((region) => region.Iso);
    expect(unique(isos)).toBe(true);
    expect(isos.every((iso) => /^AR-[A-Z]$/.test(iso))).toBe(true);
    expect(isos).toEqual(expect.arrayContaining(["AR-C", "AR-B", "AR-X", "AR-S", "AR-M", "AR-V", "AR-T"]));
  });

  it("puts every city in an existing region and has at least 400", () => {
    const regionIds = new Set(regiones.items.map((region) => region.Id));
    expect(ciudades.items.length).toBeGreaterThanOrEqual(400);
    expect(ciudades.items.filter((city) => !regionIds.has(city.RegionId))).toEqual([]);
    const keys = ciudades.items.map((city) => `${city.RegionId}:${normalizeTerm(city.Nombre)}`);
    expect(unique(keys)).toBe(true);
  });

  it("has every provincial capital, in its province, and cities in every province", () => {
    for (const region of regiones.items) {
      const cities = ciudades.items.filter((city) => city.RegionId === region.Id);
      expect(
        cities.map((city) => city.Nombre),
        region.Nombre,
      ).toContain(region.Capital);
      expect(cities.length, region.Nombre).toBeGreaterThanOrEqual(5);
    }
  });

  it("has at least 60 makes, current and discontinued, with no codename shared", () => {
    expect(marcas.items.length).toBeGreaterThanOrEqual(60);
    expect(marcas.items.some((make) => make.MercadoNuevos)).toBe(true);
    expect(marcas.items.some((make) => !make.MercadoNuevos)).toBe(true);
    const codenames = marcas.items.flatMap((make) => make.Codenames);
    expect(unique(codenames)).toBe(true);
    expect(codenames).toEqual(expect.arrayContaining(["vw", "volkswagen", "mercedes-benz", "mercedes"]));
  });

  it("has body styles with unique codenames, and colours with valid #rrggbb", () => {
    expect(unique(carrocerias.items.map((style) => style.Codename))).toBe(true);
    expect(carrocerias.items.length).toBeGreaterThanOrEqual(10);
    expect(colores.items.length).toBeGreaterThanOrEqual(15);
    expect(colores.items.filter((colour) => !/^#[0-9a-f]{6}$/.test(colour.HtmlColor))).toEqual([]);
    expect(unique(colores.items.map((colour) => normalizeTerm(colour.Nombre)))).toBe(true);
  });

  it("puts every model in an existing make, each name and codename once per make", () => {
    const makeIds = new Set(marcas.items.map((make) => make.Id));
    expect(modelos.items.filter((model) => !makeIds.has(model.MarcaId))).toEqual([]);
    const keys = modelos.items.flatMap((model) =>
      [model.Nombre, ...model.Codenames].map((name) => `${model.MarcaId}:${normalizeTerm(name)}`),
    );
    expect(unique(keys)).toBe(true);
  });

  const modelOf = (make: string, model: string) => {
    const marca = marcas.items.find((item) => normalizeTerm(item.Nombre) === normalizeTerm(make));
    return modelos.items.find((item) => item.MarcaId === marca?.Id && normalizeTerm(item.Nombre) === normalizeTerm(model));
  };

  it("has the common models sold in Argentina", () => {
    const common: Record<string, string[]> = {
      Volkswagen: ["Gol", "Polo", "Virtus", "Vento", "Amarok", "T-Cross", "Taos", "Nivus", "Tiguan"],
      Toyota: ["Etios", "Yaris", "Corolla", "Corolla Cross", "Hilux", "SW4", "RAV4"],
      Ford: ["Ka", "Fiesta", "Focus", "EcoSport", "Territory", "Ranger", "Maverick", "Bronco"],
      Chevrolet: ["Onix", "Prisma", "Cruze", "Tracker", "S10", "Spin", "Equinox"],
      Fiat: ["Cronos", "Argo", "Mobi", "Toro", "Strada", "Pulse", "Fastback"],
      Renault: ["Sandero", "Logan", "Kwid", "Stepway", "Duster", "Oroch", "Kangoo", "Alaskan"],
      Peugeot: ["208", "2008", "3008", "308", "Partner"],
      Citroën: ["C3", "C4 Cactus", "Berlingo"],
      Nissan: ["Kicks", "Versa", "Frontier", "Sentra"],
      Honda: ["HR-V", "CR-V", "City", "Civic", "WR-V"],
      Jeep: ["Renegade", "Compass", "Commander"],
    };
    const missing = Object.entries(common).flatMap(([make, models]) =>
      models.filter((model) => !modelOf(make, model)).map((model) => `${make} ${model}`),
    );
    expect(missing).toEqual([]);
  });

  it("has every make, model, body style and colour the demo and the tests' cars use", () => {
    const cars = [
      ...MODELOS,
      { marca: "Toyota", modelo: "Corolla", carroceria: "Sedán" },
      { marca: "Fiat", modelo: "Cronos", carroceria: "Sedán" },
    ];
    expect(cars.filter((car) => !modelOf(car.marca, car.modelo)).map((car) => `${car.marca} ${car.modelo}`)).toEqual([]);
    const styles = new Set(carrocerias.items.map((style) => normalizeTerm(style.Nombre)));
    expect(cars.filter((car) => !styles.has(normalizeTerm(car.carroceria))).map((car) => car.carroceria)).toEqual([]);
    const colours = new Set(colores.items.map((colour) => normalizeTerm(colour.Nombre)));
    expect([...COLORES, "Gris"].filter((colour) => !colours.has(normalizeTerm(colour)))).toEqual([]);
  });

  it("normalises case, accents and punctuation", () => {
    expect(normalizeTerm("  Río  Cuarto ")).toBe("rio cuarto");
    expect(normalizeTerm("Mercedes-Benz")).toBe("mercedes benz");
    expect(normalizeTerm("AR-X")).toBe("ar x");
    expect(normalizeTerm("Citroën")).toBe("citroen");
  });
});
