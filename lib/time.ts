/** An IANA zone this runtime knows ("America/Argentina/Buenos_Aires"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function zoneParts(date: Date, timeZone: string): Record<string, number> {
  const parts = formatterFor(timeZone).formatToParts(date);
  return Object.fromEntries(parts.filter((part) => part.type !== "literal").map((part) => [part.type, Number(part.value)]));
}

/**
 * A zone's offset from UTC changes only at transitions, which fall on whole quarter hours: one
 * Intl lookup per zone and quarter hour, kept, makes formatting a page of date-times cheap.
 */
const QUARTER_HOUR_MS = 900_000;
const MAX_CACHED_OFFSETS = 100_000;
const offsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant (ms since the epoch), in ms. */
export function zoneOffsetMs(time: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const quarter = Math.floor(time / QUARTER_HOUR_MS);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = new Date(quarter * QUARTER_HOUR_MS);
    const p = zoneParts(start, timeZone);
    offset = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second) - start.getTime();
    if (zone.size >= MAX_CACHED_OFFSETS) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

const offsetMs = (date: Date, timeZone: string) => zoneOffsetMs(date.getTime(), timeZone);

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The wall clock of an instant in the zone, read off a Date shifted by the offset (UTC getters). */
function wallClock(date: Date, timeZone: string): { local: Date; offset: number } {
  const offset = offsetMs(date, timeZone);
  return { local: new Date(Math.floor(date.getTime() / 1000) * 1000 + offset), offset };
}

const dayText = (local: Date) => `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;

/**
 * Date-times on the wire (docs/contract.md#wire-conventions): ISO 8601 with the offset of the service time zone,
 * second precision, e.g. 2026-11-21T14:03:07-03:00.
 */
export function formatDateTime(date: Date, timeZone: string): string {
  const { local, offset } = wallClock(date, timeZone);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const zone = `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  // toISOString's "YYYY-MM-DDTHH:mm:ss" of the shifted Date is the wall clock (one call for six getters).
  return `${local.toISOString().slice(0, 19)}${zone}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in the time zone. */
export function dayOf(date: Date, timeZone: string): string {
  return dayText(wallClock(date, timeZone).local);
}

/** A YYYY-MM-DD day plus (or minus) whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD text names a real calendar day. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** 00:00 of a YYYY-MM-DD day in the time zone, as an instant. */
export function startOfDay(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const first = guess - offsetMs(new Date(guess), timeZone);
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of an instant given in milliseconds. */
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A day's number (days since 1970-01-01) from its YYYY-MM-DD text. */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

const dayTexts = new Map<number, string>();

/** The YYYY-MM-DD text of a day number, made once per day (a summary names 90 of them per request). */
export function dayTextOf(number: number): string {
  let text = dayTexts.get(number);
  if (text === undefined) {
    text = isoDay(number * DAY_MS);
    dayTexts.set(number, text);
  }
  return text;
}

/**
 * How a period splits for counting: whole UTC days [firstDay, afterDays), the whole UTC hours around
 * them [firstHour, firstDay) and [afterDays, afterHours), and the partial hours at both ends.
 * Without a whole day inside, firstDay = afterDays = afterHours and the hours are [firstHour, afterHours).
 */
export function splitPeriod(from: Date, to: Date) {
  const end = to.getTime() + 1;
  const firstHour = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS;
  const afterHours = Math.floor(end / HOUR_MS) * HOUR_MS;
  let firstDay = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  let afterDays = Math.floor(end / DAY_MS) * DAY_MS;
  if (afterDays <= firstDay) firstDay = afterDays = afterHours;
  return { firstHour, afterHours, firstDay, afterDays };
}

/**
 * The hours of the per-hour counters that cover a period, [firstHour, hourAfter): from its first whole
 * hour to the end of the hour its last moment falls in (lib/service/consultas/sql/page.ts).
 */
export function counterHours(from: Date, to: Date): { firstHour: Date; hourAfter: Date } {
  return {
    firstHour: new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS),
    hourAfter: new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS),
  };
}

/** Waits `ms`, or less when the signal aborts first (a worker's poll that a shutdown cuts short). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
