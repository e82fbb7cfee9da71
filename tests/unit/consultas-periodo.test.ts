import { describe, expect, it } from "vitest";
import { Problem } from "@/lib/api/problem";
import { periodOf } from "@/lib/service/consultas/period";

/**
 * The period of an enquiry list (docs/contract.md#the-list, decisions 0014): whole days in the service's time zone, by
 * default the last 90 days up to now, never before them, never past now. Buenos Aires is UTC−3.
 */
const ZONE = "America/Argentina/Buenos_Aires";
// 2026-11-25 14:30 in Buenos Aires.
const NOW = new Date("2026-11-25T17:30:00.000Z");

const period = (filters: { desde?: string; hasta?: string }) => periodOf(filters, NOW, ZONE);

function refusal(filters: { desde?: string; hasta?: string }): { status: number; errors: unknown } {
  try {
    period(filters);
  } catch (error) {
    if (error instanceof Problem) return { status: error.status, errors: error.errors };
    throw error;
  }
  throw new Error("no refusal");
}

describe("the list's period", () => {
  it("by default: from the start of today minus 90 days, in the service's zone, to now", () => {
    expect(period({})).toEqual({ from: new Date("2026-08-27T03:00:00.000Z"), to: NOW });
  });

  it("desde and hasta are whole days of the zone; a past hasta ends at its last millisecond", () => {
    expect(period({ desde: "2026-11-01", hasta: "2026-11-10" })).toEqual({
      from: new Date("2026-11-01T03:00:00.000Z"),
      to: new Date("2026-11-11T02:59:59.999Z"),
    });
  });

  it("hasta today (or only desde) ends now, not at midnight", () => {
    expect(period({ desde: "2026-11-25", hasta: "2026-11-25" })).toEqual({ from: new Date("2026-11-25T03:00:00.000Z"), to: NOW });
    expect(period({ desde: "2026-11-20" }).to).toEqual(NOW);
  });

  it("only hasta: from the 90-day bound", () => {
    expect(period({ hasta: "2026-09-01" }).from).toEqual(new Date("2026-08-27T03:00:00.000Z"));
  });

  it("accepts the first day of the 90, refuses the day before it, naming desde", () => {
    expect(period({ desde: "2026-08-27" }).from).toEqual(new Date("2026-08-27T03:00:00.000Z"));
    expect(refusal({ desde: "2026-08-26" })).toEqual({
      status: 400,
      errors: { desde: ["desde no puede ser anterior a 2026-08-27 (hoy menos 90 días)."] },
    });
  });

  it("refuses a desde after today and a hasta before desde", () => {
    expect(refusal({ desde: "2026-11-26" })).toEqual({
      status: 400,
      errors: { desde: ["desde no puede ser posterior a hoy (2026-11-25)."] },
    });
    expect(refusal({ desde: "2026-11-10", hasta: "2026-11-09" })).toEqual({
      status: 400,
      errors: { hasta: ["hasta no puede ser anterior a desde."] },
    });
  });

  it("today is the zone's: at 01:00 UTC it is still yesterday in Buenos Aires", () => {
    const lateEvening = new Date("2026-11-26T01:00:00.000Z");
    expect(periodOf({ desde: "2026-11-25" }, lateEvening, ZONE)).toEqual({ from: new Date("2026-11-25T03:00:00.000Z"), to: lateEvening });
    expect(() => periodOf({ desde: "2026-11-26" }, lateEvening, ZONE)).toThrow(Problem);
    expect(periodOf({ desde: "2026-11-26" }, lateEvening, "UTC").from).toEqual(new Date("2026-11-26T00:00:00.000Z"));
  });
});
