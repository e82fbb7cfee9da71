import { decodeTime, isValid } from "ulid";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";

describe("newId", () => {
  it("makes valid ULIDs carrying the given time, all different", () => {
    const time = Date.UTC(2026, 10, 23, 12, 0, 0);
    const ids = Array.from({ length: 20_000 }, () => newId(time));
    expect(ids.every((id) => isValid(id) && decodeTime(id) === time)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("spreads its random part over the whole alphabet", () => {
    const counts = new Map<string, number>();
    for (let n = 0; n < 2_000; n++) for (const char of newId().slice(10)) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(32);
    // 32,000 characters: about 1,000 each; a biased generator would leave some far behind.
    expect(Math.min(...counts.values())).toBeGreaterThan(800);
  });
});
