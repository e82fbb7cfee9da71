import { describe, expect, it } from "vitest";
import { addDays, dayOf, formatDateTime, isDay, startOfDay } from "@/lib/time";

const AR = "America/Argentina/Buenos_Aires";

describe("service time zone helpers", () => {
  it("formats date-times with the zone's offset", () => {
    expect(formatDateTime(new Date("2026-11-21T17:03:07.900Z"), AR)).toBe("2026-11-21T14:03:07-03:00");
    expect(formatDateTime(new Date("2026-11-21T17:03:07Z"), "UTC")).toBe("2026-11-21T17:03:07+00:00");
    expect(formatDateTime(new Date("2026-07-01T12:00:00Z"), "Asia/Kolkata")).toBe("2026-07-01T17:30:00+05:30");
    expect(formatDateTime(new Date("2026-11-22T02:30:00Z"), AR)).toBe("2026-11-21T23:30:00-03:00");
  });

  it("knows days in the zone", () => {
    expect(dayOf(new Date("2026-11-22T02:30:00Z"), AR)).toBe("2026-11-21");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2028-02-29")).toBe(true);
    expect(startOfDay("2026-11-21", AR).toISOString()).toBe("2026-11-21T03:00:00.000Z");
  });
});
