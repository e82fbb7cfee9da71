import { describe, expect, it } from "vitest";
import {
  JITTER,
  MAX_ATTEMPTS,
  nextRetryDelay,
  parseRetryAfter,
  RETRY_LADDER_MS,
  THROTTLE_FLOOR_MS,
} from "@/lib/service/webhooks/retry-schedule";

const failure = { httpStatus: 500, timedOut: false };
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const middle = () => 0.5;
const lowest = () => 0;
const highest = () => 0.999_999_999;

describe("the retry ladder (docs/contract.md#retries)", () => {
  it("is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 attempts in all", () => {
    expect(RETRY_LADDER_MS).toEqual([5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR]);
    expect(MAX_ATTEMPTS).toBe(8);
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempts) => nextRetryDelay(attempts, failure, middle));
    expect(delays).toEqual(RETRY_LADDER_MS);
  });

  it("has no retry after the 8th attempt", () => {
    expect(nextRetryDelay(8, failure, middle)).toBeUndefined();
    expect(nextRetryDelay(9, failure, middle)).toBeUndefined();
    expect(nextRetryDelay(0, failure, middle)).toBeUndefined();
  });

  it("keeps the jitter within ±20 %, reaching both bounds", () => {
    for (const [index, base] of RETRY_LADDER_MS.entries()) {
      const attempts = index + 1;
      expect(nextRetryDelay(attempts, failure, lowest)).toBe(Math.round(base * (1 - JITTER)));
      expect(nextRetryDelay(attempts, failure, highest)).toBe(Math.round(base * (1 + JITTER)));
      for (let sample = 0; sample < 200; sample++) {
        const delay = nextRetryDelay(attempts, failure) as number;
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      }
    }
  });

  it("waits at least 60 s after a timeout or a 429", () => {
    expect(nextRetryDelay(1, { httpStatus: 0, timedOut: true }, lowest)).toBe(THROTTLE_FLOOR_MS);
    expect(nextRetryDelay(1, { httpStatus: 429, timedOut: false }, highest)).toBe(THROTTLE_FLOOR_MS);
    expect(nextRetryDelay(1, { httpStatus: 503, timedOut: false }, middle)).toBe(5 * SECOND);
    expect(nextRetryDelay(2, { httpStatus: 429, timedOut: false }, middle)).toBe(5 * MINUTE);
  });

  it("honours Retry-After up to twice the scheduled delay", () => {
    expect(nextRetryDelay(2, { ...failure, retryAfterMs: 7 * MINUTE }, middle)).toBe(7 * MINUTE);
    expect(nextRetryDelay(2, { ...failure, retryAfterMs: 3 * HOUR }, middle)).toBe(10 * MINUTE);
    expect(nextRetryDelay(2, { ...failure, retryAfterMs: 1 * MINUTE }, middle)).toBe(5 * MINUTE);
    expect(nextRetryDelay(1, { httpStatus: 429, timedOut: false, retryAfterMs: 10 * MINUTE }, middle)).toBe(2 * MINUTE);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120 * SECOND);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:05:00 GMT", now)).toBe(5 * MINUTE);
    expect(parseRetryAfter("pronto", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
