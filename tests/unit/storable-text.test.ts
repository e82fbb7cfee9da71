import { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storableText, unstorableCharacter } from "@/lib/db/storable-text";

/**
 * Outside text made storable (decisions 0024): whatever the bytes or the string, the result has no
 * NUL, no lone surrogate, at most the bytes asked for, and both PostgreSQL and PGlite store it in
 * a text and a jsonb column (temporary tables: nothing is left behind).
 */

const POSTGRES_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const utf8Length = (text: string) => Buffer.byteLength(text, "utf8");

type Store = (text: string) => Promise<string>;
let postgres: pg.Client;
let pglite: PGlite;
const stores: [string, Store][] = [];

beforeAll(async () => {
  postgres = new pg.Client({ connectionString: POSTGRES_URL });
  await postgres.connect();
  await postgres.query("create temporary table outside (t text, j jsonb)");
  pglite = new PGlite();
  await pglite.query("create temporary table outside (t text, j jsonb)");
  const roundTrip = async (query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>, text: string) => {
    const { rows } = await query("insert into outside (t, j) values ($1, $2) returning t", [text, JSON.stringify({ v: text })]);
    return (rows[0] as { t: string }).t;
  };
  stores.push(["PostgreSQL", (text) => roundTrip((sql, params) => postgres.query(sql, params), text)]);
  stores.push(["PGlite", (text) => roundTrip((sql, params) => pglite.query(sql, params), text)]);
}, 120_000);

afterAll(async () => {
  await postgres?.end();
  await pglite?.close();
});

describe("storableText", () => {
  it("replaces NUL, lone surrogates and invalid UTF-8 with U+FFFD", () => {
    expect(storableText("ok\u0000", 100)).toBe("ok\uFFFD");
    expect(storableText("a\uD800b\uDC00c", 100)).toBe("a\uFFFDb\uFFFDc");
    expect(storableText("😀", 100)).toBe("😀");
    expect(storableText(Buffer.from([0x6f, 0x6b, 0xff, 0xfe, 0x00, 0xc3]), 100)).toBe("ok\uFFFD\uFFFD\uFFFD\uFFFD");
  });

  it("keeps at most maxBytes of UTF-8 and never cuts a character in two", () => {
    expect(storableText("aé".repeat(10), 4)).toBe("aéa");
    expect(storableText(Buffer.from("aé".repeat(10)), 5)).toBe("aéa");
    expect(storableText("x".repeat(10_000_000), 20_480)).toHaveLength(20_480);
    // Three bytes for each replaced NUL: still within the limit.
    expect(storableText("\u0000".repeat(10), 10)).toBe("\uFFFD".repeat(3));
    expect(storableText("ok😀", 5)).toBe("ok");
  });

  it("leaves storable text that fits as it is", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (text) => {
        fc.pre(unstorableCharacter(text) === undefined);
        expect(storableText(text, utf8Length(text))).toBe(text);
      }),
    );
  });

  const inputs = fc.oneof(fc.uint8Array({ maxLength: 600 }), fc.string({ unit: "binary", maxLength: 300 }));

  it("answers storable text of at most maxBytes for any bytes or string", () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 700 }), (input, maxBytes) => {
        const text = storableText(input, maxBytes);
        expect(unstorableCharacter(text)).toBeUndefined();
        expect(utf8Length(text)).toBeLessThanOrEqual(maxBytes);
      }),
    );
  });

  it("PostgreSQL and PGlite store the result in text and jsonb, unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        const text = storableText(input, 400);
        for (const [, store] of stores) expect(await store(text)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

describe("unstorableCharacter", () => {
  it("names NUL and lone surrogates, and nothing else", () => {
    expect(unstorableCharacter("a\u0000")).toBe("nul");
    expect(unstorableCharacter("a\uD800")).toBe("surrogate");
    expect(unstorableCharacter("\uDC00a")).toBe("surrogate");
    expect(unstorableCharacter("😀 \u0001\u007f\uFFFD ñ")).toBeUndefined();
  });

  it.each([
    ["NUL", "a\u0000b"],
    ["a lone surrogate", "a\uD800b"],
  ])("%s is what PostgreSQL and PGlite refuse", async (_name, text) => {
    for (const [name, store] of stores) await expect(store(text), name).rejects.toThrow();
  });
});
