import { describe, expect, it } from "vitest";
import { AutoInputSchema, InteresadoInputSchema } from "@/lib/api/marketplace";
import { generateAuto, generateInteresado, generateMomento, seededRandom } from "@/lib/service/demo/generate";

describe("demo data", () => {
  it("is what the marketplace itself would accept: every car and buyer passes the ingestion schemas", () => {
    const random = seededRandom(42);
    for (let index = 0; index < 2_000; index++) {
      const { ExternalId: _id, ...auto } = generateAuto(random, `DEMO-${index}`);
      expect(AutoInputSchema.safeParse(auto).error).toBeUndefined();
      expect(InteresadoInputSchema.safeParse(generateInteresado(random)).error).toBeUndefined();
    }
  });

  it("prices new cars in pesos and used ones in pesos or dollars, with plausible amounts", () => {
    const random = seededRandom(7);
    const autos = Array.from({ length: 2_000 }, (_, index) => generateAuto(random, `X-${index}`));
    const nuevos = autos.filter((auto) => auto.Estado === "nuevo");
    expect(nuevos.length).toBeGreaterThan(300);
    expect(nuevos.every((auto) => auto.Precio?.Moneda === "ARS" && auto.Kilometraje === 0)).toBe(true);
    const dolares = autos.filter((auto) => auto.Precio?.Moneda === "USD");
    expect(dolares.length).toBeGreaterThan(300);
    expect(dolares.every((auto) => (auto.Precio?.Importe ?? 0) >= 3_000 && (auto.Precio?.Importe ?? 0) <= 60_000)).toBe(true);
  });

  it("is the same for the same seed", () => {
    const [first, second] = [seededRandom(123), seededRandom(123)];
    expect(generateInteresado(first)).toEqual(generateInteresado(second));
  });

  it("spreads moments over the last days, in Argentine business hours, never in the future", () => {
    const random = seededRandom(9);
    const now = new Date("2026-11-21T15:30:00Z");
    const moments = Array.from({ length: 5_000 }, () => generateMomento(random, now, 120));
    const oldest = now.getTime() - 120 * 86_400_000;
    for (const moment of moments) {
      expect(moment.getTime()).toBeLessThan(now.getTime());
      expect(moment.getTime()).toBeGreaterThan(oldest);
      const hourInArgentina = (moment.getUTCHours() + 21) % 24;
      expect(hourInArgentina).toBeGreaterThanOrEqual(8);
      expect(hourInArgentina).toBeLessThan(23);
    }
    const days = new Set(moments.map((moment) => moment.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(110);
  });

  it("gives today only the business hours that have passed, never a day's enquiries in its last hour", () => {
    const random = seededRandom(13);
    const hour = 3_600_000;
    const beforeOpening = new Date("2026-11-21T10:30:00Z"); // 07:30 in Argentina
    const moments = Array.from({ length: 30_000 }, () => generateMomento(random, beforeOpening, 120));
    expect(moments.filter((moment) => moment.getTime() > beforeOpening.getTime() - 8.5 * hour)).toHaveLength(0); // yesterday closed at 23:00
    const midday = new Date("2026-11-21T15:30:00Z"); // 12:30: four and a half business hours today
    const lastHour = Array.from({ length: 30_000 }, () => generateMomento(random, midday, 120)).filter(
      (moment) => moment.getTime() > midday.getTime() - hour,
    );
    const averageHour = 30_000 / (119 * 15 + 4.5);
    expect(lastHour.length).toBeGreaterThan(averageHour / 3);
    expect(lastHour.length).toBeLessThan(averageHour * 3);
  });

  it("keeps the moments of a slice of the period inside it (the seed inserts the period oldest first)", () => {
    const random = seededRandom(11);
    const now = new Date("2026-11-21T15:30:00Z");
    const day = (moment: Date) => Math.floor((now.getTime() - moment.getTime()) / 86_400_000);
    const oldestQuarter = Array.from({ length: 2_000 }, () => generateMomento(random, now, 120, { from: 0, to: 0.25 }));
    const newestQuarter = Array.from({ length: 2_000 }, () => generateMomento(random, now, 120, { from: 0.75, to: 1 }));
    expect(Math.min(...oldestQuarter.map(day))).toBeGreaterThanOrEqual(89);
    expect(Math.max(...oldestQuarter.map(day))).toBeLessThanOrEqual(120);
    expect(Math.max(...newestQuarter.map(day))).toBeLessThanOrEqual(30);
    expect(new Set(newestQuarter.map(day)).size).toBeGreaterThanOrEqual(29);
  });
});
