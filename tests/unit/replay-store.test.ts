import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/** The replay store on a PGlite database of its own: what the HTTP tests cannot reach without moving time. */

const { closeDb, queryRows, getDb } = await import("@/lib/db");
const { sql } = await import("drizzle-orm");
const { rememberSignature, purgeExpiredSignatures, REPLAY_WINDOW_SECONDS } = await import("@/lib/http/replay");

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  await getDb();
});

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

describe("the replay store", () => {
  it("accepts a signature once inside the window, and again once it has left it", async () => {
    expect(await rememberSignature("firma-a", minutesAgo(1))).toBe(true);
    expect(await rememberSignature("firma-a")).toBe(false);
    expect(await rememberSignature("firma-b", minutesAgo(REPLAY_WINDOW_SECONDS / 60 + 1))).toBe(true);
    expect(await rememberSignature("firma-b")).toBe(true);
  });

  it("signatures sent at once are recorded together, each accepted once however often it comes", async () => {
    const signatures = Array.from({ length: 300 }, (_, index) => `junta-${index % 150}`);
    const accepted = await Promise.all(signatures.map((signature) => rememberSignature(signature)));
    expect(accepted.filter(Boolean)).toHaveLength(150);
    const firstOfEach = signatures.map((signature, index) => signatures.indexOf(signature) === index);
    expect(accepted).toEqual(firstOfEach);
    expect(await Promise.all(["junta-0", "junta-149", "junta-150"].map((signature) => rememberSignature(signature)))).toEqual([
      false,
      false,
      true,
    ]);
    await (await getDb()).execute(sql`delete from seen_signatures where signature like 'junta-%'`);
  });

  it("the purge deletes every signature older than the window, in chunks, and nothing newer", async () => {
    const old = minutesAgo(REPLAY_WINDOW_SECONDS / 60 + 5);
    await (await getDb()).execute(
      sql`insert into seen_signatures (signature, seen_at) select 'vieja-' || n, ${old.toISOString()}::timestamptz from generate_series(1, 4500) n`,
    );
    expect(await rememberSignature("reciente", minutesAgo(2))).toBe(true);
    const before = await queryRows<{ count: number }>(sql`select count(*)::int as count from seen_signatures`);
    expect(await purgeExpiredSignatures()).toBe(4500);
    const left = await queryRows<{ signature: string }>(sql`select signature from seen_signatures order by signature`);
    expect(left.map((row) => row.signature)).toEqual(["firma-a", "firma-b", "reciente"]);
    expect(before[0]?.count).toBe(4503);
    expect(await purgeExpiredSignatures()).toBe(0);
    expect(await rememberSignature("reciente")).toBe(false);
  });
});
