import { getEventListeners } from "node:events";
import { expect, it } from "vitest";
import { runClaimLoop } from "@/lib/service/claim-loop";

/**
 * The claim loop's wait while items are in flight and nothing is due: each item that ends starts
 * another round, and the wait of the round before leaves no listener behind on the stop signal (20
 * items ending 5 ms apart piled up 20 listeners, and Node's MaxListenersExceededWarning in the
 * workers' log, before decision 0131).
 */
it("items ending one after another leave at most one listener on the stop signal", async () => {
  const stop = new AbortController();
  let claims = 0;
  const loop = runClaimLoop(
    {
      name: "prueba",
      maxInFlight: 64,
      claim: async () => (claims++ === 0 ? Array.from({ length: 20 }, (_, index) => (index + 1) * 5) : []),
      handle: (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
    stop.signal,
  );
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(claims).toBeGreaterThan(20);
  expect(getEventListeners(stop.signal, "abort").length).toBeLessThanOrEqual(1);
  stop.abort();
  await loop;
  expect(getEventListeners(stop.signal, "abort")).toHaveLength(0);
});
