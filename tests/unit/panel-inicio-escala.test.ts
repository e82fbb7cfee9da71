import { describe, expect, it } from "vitest";
import { marcasDeCuentas } from "@/lib/panel/inicio/escala";

describe("marcasDeCuentas: the 30-day chart's value axis", () => {
  it("whole, round steps from 0 to a top at or above the largest count", () => {
    expect(marcasDeCuentas(13)).toEqual([0, 5, 10, 15]);
    expect(marcasDeCuentas(3)).toEqual([0, 1, 2, 3]);
    expect(marcasDeCuentas(1)).toEqual([0, 1]);
    expect(marcasDeCuentas(60)).toEqual([0, 20, 40, 60]);
    expect(marcasDeCuentas(61)).toEqual([0, 50, 100]);
    expect(marcasDeCuentas(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it("an empty period still has an axis: 0 and 1", () => {
    expect(marcasDeCuentas(0)).toEqual([0, 1]);
  });
});
