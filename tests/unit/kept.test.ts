import { afterEach, describe, expect, it, vi } from "vitest";
import { keptFor } from "@/lib/kept";

describe("keptFor", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a value for its time and no longer", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const kept = keptFor<string>(10_000, 10);
    kept.set("a", "uno");
    vi.advanceTimersByTime(9_999);
    expect(kept.get("a")).toBe("uno");
    vi.advanceTimersByTime(1);
    expect(kept.get("a")).toBeUndefined();
  });

  it("forgets a deleted value, and everything when it would hold more than its limit", () => {
    const kept = keptFor<number>(10_000, 2);
    kept.set("a", 1);
    kept.set("b", 2);
    kept.delete("a");
    expect(kept.get("a")).toBeUndefined();
    kept.set("c", 3);
    kept.set("d", 4);
    expect([kept.get("b"), kept.get("c"), kept.get("d")]).toEqual([undefined, undefined, 4]);
  });
});
