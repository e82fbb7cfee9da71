import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * lookUp on a PGlite database of its own: a value's best match is kept by the process after the
 * first time (decision 0125), so asking again must give what the database gave, a model within its
 * make's scope, and a make that matched nothing no model.
 */

const { closeDb, getDb } = await import("@/lib/db");
const { loadCatalogo } = await import("@/lib/service/catalogo/load-catalogo");
const { lookUp } = await import("@/lib/service/publicaciones/resolve");

beforeAll(async () => {
  await getDb();
  await loadCatalogo();
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

const car = (marca: string, modelo: string, color = "rojo") => ({
  marca: { member: "Marca", value: marca },
  modelo: { member: "Modelo", value: modelo },
  color: { member: "Color", value: color },
});

async function twice(marca: string, modelo: string, color?: string) {
  const db = await getDb();
  const first = await lookUp(db, "sin-agencia", car(marca, modelo, color), "sin-app");
  const again = await lookUp(db, "sin-agencia", car(marca, modelo, color), "sin-app");
  expect(again).toEqual(first);
  return first;
}

describe("lookUp's best matches", () => {
  it("gives the same items the second time, each model within its own make's scope", async () => {
    const amarok = await twice("vw", "Amarok");
    expect(amarok.marca?.nombre).toBe("Volkswagen");
    expect(amarok.modelo?.nombre).toMatch(/amarok/i);
    expect(amarok.color?.nombre).toMatch(/rojo/i);
    const fiat = await twice("Fiat", "Amarok");
    expect(fiat.marca?.nombre).toBe("Fiat");
    expect(fiat.modelo).toBeNull();
    expect(fiat.agenciaId).toBe("sin-agencia");
  });

  it("a make that matches nothing has no model, the first time and the next", async () => {
    const none = await twice("zzqqxx", "Amarok", "zzqqxx");
    expect(none.marca).toBeNull();
    expect(none.modelo).toBeNull();
    expect(none.color).toBeNull();
  });
});
