import { describe, expect, it } from "vitest";
import { dentroDelHorario } from "@/lib/service/alertas/horario";

/** Quiet hours of enquiry alerts (issue 34, part 1; decision 0102), on a zone with summer time. */
describe("the alerts' hours", () => {
  const laborable = { Zona: "Europe/Madrid", Dias: [1, 2, 3, 4, 5], Desde: "09:00", Hasta: "18:00" };

  it("follows the zone's clock in winter (UTC+1) and in summer (UTC+2)", () => {
    // Monday 23 March 2026, before the change: 07:30 UTC is 08:30 in Madrid, 08:30 UTC is 09:30.
    expect(dentroDelHorario(laborable, new Date("2026-03-23T07:30:00Z"))).toBe(false);
    expect(dentroDelHorario(laborable, new Date("2026-03-23T08:30:00Z"))).toBe(true);
    expect(dentroDelHorario(laborable, new Date("2026-03-23T16:30:00Z"))).toBe(true);
    // Monday 30 March 2026, after the change: 07:30 UTC is already 09:30, 16:30 UTC is 18:30.
    expect(dentroDelHorario(laborable, new Date("2026-03-30T07:30:00Z"))).toBe(true);
    expect(dentroDelHorario(laborable, new Date("2026-03-30T16:30:00Z"))).toBe(false);
  });

  it("takes Desde and leaves Hasta out, and only on its days", () => {
    expect(dentroDelHorario(laborable, new Date("2026-03-30T07:00:00Z"))).toBe(true);
    expect(dentroDelHorario(laborable, new Date("2026-03-30T16:00:00Z"))).toBe(false);
    // Sunday 29 March 2026 at 12:00 in Madrid: not a working day.
    expect(dentroDelHorario(laborable, new Date("2026-03-29T10:00:00Z"))).toBe(false);
  });

  it("a span across midnight belongs to the day it starts, through the night summer time begins", () => {
    const nocturno = { Zona: "Europe/Madrid", Dias: [6], Desde: "22:00", Hasta: "06:00" };
    // Saturday 28 March 22:30 (UTC+1) and Sunday 29 March 05:30, after the clocks went to UTC+2.
    expect(dentroDelHorario(nocturno, new Date("2026-03-28T21:30:00Z"))).toBe(true);
    expect(dentroDelHorario(nocturno, new Date("2026-03-29T03:30:00Z"))).toBe(true);
    // Sunday 06:30 (04:30 UTC) is past it; Sunday 22:30 starts no span (Sunday is not among its days).
    expect(dentroDelHorario(nocturno, new Date("2026-03-29T04:30:00Z"))).toBe(false);
    expect(dentroDelHorario(nocturno, new Date("2026-03-29T20:30:00Z"))).toBe(false);
  });

  it("no schedule: always", () => {
    expect(dentroDelHorario(null, new Date("2026-03-29T03:30:00Z"))).toBe(true);
  });
});
