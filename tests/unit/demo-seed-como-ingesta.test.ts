import { afterAll, describe, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/** tests/support/seed-como-ingesta.ts on PGlite: the seed stages its batches in its transaction. */

const { closeDb } = await import("@/lib/db");
const { failedSeedLeavesNothing, seedLeavesWhatIngestionLeaves } = await import("../support/seed-como-ingesta");

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

describe("seed demo on PGlite", () => {
  it("leaves the terms, counters and revisions that ingesting its enquiries one by one leaves", seedLeavesWhatIngestionLeaves, 120_000);
  it("leaves everything as it was when it fails", failedSeedLeavesNothing, 120_000);
});
