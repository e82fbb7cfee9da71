import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayNumber, dayOf, dayTextOf, formatDateTime, isDay, splitPeriod, startOfDay } from "@/lib/time";

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

  it("numbers days and names them back, the same as adding days to the text", () => {
    fc.assert(
      fc.property(fc.integer({ min: -3000, max: 30000 }), fc.integer({ min: -400, max: 400 }), (start, step) => {
        const day = dayTextOf(start);
        expect(dayNumber(day)).toBe(start);
        expect(dayTextOf(start + step)).toBe(addDays(day, step));
      }),
    );
    expect(dayTextOf(dayNumber("2028-02-28") + 1)).toBe("2028-02-29");
  });

  it("follows daylight-saving transitions to the second", () => {
    const NY = "America/New_York";
    expect(formatDateTime(new Date("2026-03-08T06:59:59Z"), NY)).toBe("2026-03-08T01:59:59-05:00");
    expect(formatDateTime(new Date("2026-03-08T07:00:00Z"), NY)).toBe("2026-03-08T03:00:00-04:00");
    expect(formatDateTime(new Date("2026-11-01T05:59:59Z"), NY)).toBe("2026-11-01T01:59:59-04:00");
    expect(formatDateTime(new Date("2026-11-01T06:00:00Z"), NY)).toBe("2026-11-01T01:00:00-05:00");
  });

  it("agrees with Intl for any instant and zone (the cached offsets are never stale)", () => {
    const zones = [AR, "UTC", "America/New_York", "Europe/Madrid", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham"];
    const reference = (date: Date, timeZone: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat("en-US", {
          timeZone,
          hourCycle: "h23",
          year: "numeric",
          month: "2-digit",
          day: "2-digit",
          hour: "2-digit",
          minute: "2-digit",
          second: "2-digit",
          timeZoneName: "longOffset",
        })
          .formatToParts(date)
          .map((part) => [part.type, part.value]),
      );
      const offset = parts.timeZoneName === "GMT" ? "+00:00" : String(parts.timeZoneName).slice(3);
      return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
    };
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2040-01-01T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom(...zones),
        (date, zone) => {
          expect(formatDateTime(date, zone)).toBe(reference(date, zone));
          expect(dayOf(date, zone)).toBe(reference(date, zone).slice(0, 10));
        },
      ),
      { numRuns: 5_000, seed: 20261123 },
    );
  });

  it("splits a period into partial hours, whole hours and whole days that cover it exactly", () => {
    const HOUR = 3_600_000;
    const DAY = 86_400_000;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY }), fc.integer({ min: 0, max: 100 * DAY }), (start, length) => {
        const base = Date.UTC(2026, 0, 1);
        const from = new Date(base + start);
        const to = new Date(base + start + length);
        const { firstHour, afterHours, firstDay, afterDays } = splitPeriod(from, to);
        const end = to.getTime() + 1;
        if (afterHours <= firstHour) {
          // No whole hour inside: everything is counted row by row.
          expect(afterHours - from.getTime()).toBeLessThan(HOUR);
          return;
        }
        expect([firstHour % HOUR, afterHours % HOUR, firstDay % HOUR, afterDays % HOUR]).toEqual([0, 0, 0, 0]);
        expect(from.getTime() <= firstHour && firstHour <= firstDay && firstDay <= afterDays).toBe(true);
        expect(afterDays <= afterHours && afterHours <= end).toBe(true);
        expect(firstHour - from.getTime()).toBeLessThan(HOUR);
        expect(end - afterHours).toBeLessThan(HOUR);
        if (afterDays > firstDay) expect([firstDay % DAY, afterDays % DAY, firstDay - firstHour < DAY]).toEqual([0, 0, true]);
      }),
      { numRuns: 2_000, seed: 20261123 },
    );
  });
});
