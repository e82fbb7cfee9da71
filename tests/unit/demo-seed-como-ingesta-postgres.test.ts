import { afterAll, describe, it } from "vitest";
import { createScratchDatabase } from "../support/test-server";

/**
 * tests/support/seed-como-ingesta.ts on PostgreSQL, in a database of its own: another connection
 * stages the seed's batches and makes their terms, outside its transaction (decision 0128).
 */

const POSTGRES_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const scratch = await createScratchDatabase(POSTGRES_URL);
Object.assign(process.env, {
  DATABASE_URL: scratch.url,
  SECRETS_KEY: "7".repeat(64),
  AUTH_SECRET: "demo-seed-como-ingesta-en-postgresql",
  SEED_DEMO: "false",
  LOG_LEVEL: "silent",
});
delete process.env.SMTP_URL;

const { closeDb } = await import("@/lib/db");
const { failedSeedLeavesNothing, seedLeavesWhatIngestionLeaves } = await import("../support/seed-como-ingesta");

afterAll(async () => {
  await closeDb();
  await scratch.drop();
});

describe("seed demo on PostgreSQL", () => {
  it("leaves the terms, counters and revisions that ingesting its enquiries one by one leaves", seedLeavesWhatIngestionLeaves, 120_000);
  it("leaves everything as it was when it fails", failedSeedLeavesNothing, 120_000);
});
