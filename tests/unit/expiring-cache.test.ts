import { afterEach, describe, expect, it, vi } from "vitest";
import { expiringCache } from "@/lib/expiring-cache";

describe("expiringCache", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a value for its time and no longer", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = expiringCache<string>(10_000, 10);
    cache.set("a", "uno");
    vi.advanceTimersByTime(9_999);
    expect(cache.get("a")).toBe("uno");
    vi.advanceTimersByTime(1);
    expect(cache.get("a")).toBeUndefined();
  });

  it("forgets a deleted value, and everything when it would hold more than its limit", () => {
    const cache = expiringCache<number>(10_000, 2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.delete("a");
    expect(cache.get("a")).toBeUndefined();
    cache.set("c", 3);
    cache.set("d", 4);
    expect([cache.get("b"), cache.get("c"), cache.get("d")]).toEqual([undefined, undefined, 4]);
  });
});
