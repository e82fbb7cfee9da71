import { describe, expect, it } from "vitest";
import { answerCache } from "@/lib/service/consultas/cache";

/** A keeper of numbers, and a count that answers when told to and says how many times it ran. */
function keeperOfCounts(keeps?: (value: number) => boolean) {
  const calls: Array<{ resolve: (value: number) => void; reject: (error: Error) => void }> = [];
  const count = () => new Promise<number>((resolve, reject) => calls.push({ resolve, reject }));
  return { once: answerCache<number>(10, keeps), calls, count };
}

describe("answerCache", () => {
  it("counts once for requests that read the same revision while the count is under way", async () => {
    const { once, calls, count } = keeperOfCounts();
    const answers = Promise.all([once("a", "7", count), once("a", "7", count), once("a", "7", count)]);
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    calls[0]?.resolve(42);
    expect(await answers).toEqual([42, 42, 42]);
    expect(await once("a", "7", count)).toBe(42);
    expect(calls).toHaveLength(1);
  });

  it("counts again for another revision or another key, even while a count is under way", async () => {
    const { once, calls, count } = keeperOfCounts();
    const answers = Promise.all([once("a", "7", count), once("a", "8", count), once("b", "7", count)]);
    await Promise.resolve();
    expect(calls).toHaveLength(3);
    for (const [index, call] of calls.entries()) call.resolve(index);
    expect(await answers).toEqual([0, 1, 2]);
  });

  it("keeps a later revision's answer when an earlier count ends after it", async () => {
    const { once, calls, count } = keeperOfCounts();
    const earlier = once("a", "7", count);
    const later = once("a", "8", count);
    await Promise.resolve();
    calls[1]?.resolve(8);
    await later;
    calls[0]?.resolve(7);
    await earlier;
    expect(await once("a", "8", count)).toBe(8);
    expect(calls).toHaveLength(2);
  });

  it("passes a failed count to every waiting request and keeps nothing of it", async () => {
    const { once, calls, count } = keeperOfCounts();
    const answers = Promise.allSettled([once("a", "7", count), once("a", "7", count)]);
    await Promise.resolve();
    calls[0]?.reject(new Error("se cayó la base"));
    expect((await answers).map((answer) => answer.status)).toEqual(["rejected", "rejected"]);
    const again = once("a", "7", count);
    await Promise.resolve();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(5);
    expect(await again).toBe(5);
  });

  it("does not keep an answer it is told to refuse", async () => {
    const { once, calls, count } = keeperOfCounts((value) => value > 0);
    const first = once("a", "7", count);
    await Promise.resolve();
    calls[0]?.resolve(0);
    expect(await first).toBe(0);
    const second = once("a", "7", count);
    await Promise.resolve();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve(3);
    expect(await second).toBe(3);
  });
});
