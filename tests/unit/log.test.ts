import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@/lib/log";

/**
 * Issue 17, item 6: what the log keeps of a failed statement, with the errors real drivers raise.
 * drizzle's error repeats every parameter in its message and keeps them in `params`; PostgreSQL's
 * `detail` quotes the values of a duplicate key or of a whole failing row. None of that may reach a
 * log line: buyers' names, e-mails and phones travel as parameters.
 */

const POSTGRES_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const BUYER = { email: "filomena.quintanilla@comprador.test", nombre: "Filomena Quintanilla", telefono: "+54 9 351 7770-1234" };
const VALUES = [BUYER.email, BUYER.nombre, BUYER.telefono, "12345678901", "no-es-un-numero"];

type Run = (statement: ReturnType<typeof sql>) => Promise<unknown>;

/** A temporary table (gone with the session): an e-mail key, a phone that must be short, an integer. */
const CREATE = sql`create temporary table compradores (
  email text primary key, nombre text not null, telefono text check (length(telefono) < 10), edad integer)`;

/** Each statement fails inside the database with a different SQLSTATE. */
const FAILURES: [string, string, ReturnType<typeof sql>][] = [
  ["a NUL in a text", "22021", sql`insert into compradores (email, nombre) values (${BUYER.email}, ${`${BUYER.nombre}\u0000`})`],
  [
    "a duplicate key (detail: the key's value)",
    "23505",
    sql`insert into compradores (email, nombre) values (${BUYER.email}, ${BUYER.nombre})`,
  ],
  [
    "a failed check (detail: the whole row)",
    "23514",
    sql`insert into compradores (email, nombre, telefono) values (${`otra.${BUYER.email}`}, ${BUYER.nombre}, ${BUYER.telefono})`,
  ],
  ["a value out of range (quoted in the message)", "22003", sql`select ${"12345678901"}::integer`],
  ["text that is no integer (quoted in the message)", "22P02", sql`select ${"no-es-un-numero"}::integer`],
];

/** The line the service writes for an unhandled error. */
function logLine(error: unknown): string {
  const lines: string[] = [];
  createLogger({ write: (line: string) => lines.push(line) }).error({ err: error, requestId: "01PRUEBA" }, "unhandled error");
  return lines.join("");
}

async function failureOf(run: Run, statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await run(statement);
  } catch (error) {
    return error;
  }
  throw new Error("the statement did not fail");
}

const drivers: { name: string; open: () => Promise<{ run: Run; close: () => Promise<void> }> }[] = [
  {
    name: "PGlite",
    open: async () => {
      const client = await PGlite.create();
      const db = drizzlePglite(client);
      return { run: (statement) => db.execute(statement), close: () => client.close() };
    },
  },
  {
    name: "node-postgres",
    open: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      const db = drizzlePg(client);
      return { run: (statement) => db.execute(statement), close: () => client.end() };
    },
  },
];

describe.each(drivers)("a failed statement's log line ($name)", ({ open }) => {
  let connection: Awaited<ReturnType<typeof open>>;

  beforeAll(async () => {
    connection = await open();
    await connection.run(CREATE);
    await connection.run(sql`insert into compradores (email, nombre) values (${BUYER.email}, ${BUYER.nombre})`);
  }, 60_000);

  afterAll(async () => {
    await connection.close();
  });

  it.each(FAILURES)("%s keeps the SQLSTATE and the SQL text, and no value", async (_name, code, statement) => {
    const error = await failureOf(connection.run, statement);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error)), "the driver's error holds the values").toMatch(
      new RegExp(VALUES.map((value) => value.replace(/[.+]/g, "\\$&")).join("|")),
    );
    const line = logLine(error);
    for (const value of VALUES) expect(line).not.toContain(value);
    expect(line).not.toContain("params");
    const { err } = JSON.parse(line);
    expect(err).toMatchObject({ type: "DrizzleQueryError", message: expect.stringMatching(/^Failed query: (insert into|select) /) });
    expect(err.cause).toMatchObject({ type: "DatabaseError", code, message: `SQLSTATE ${code}` });
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query: .*\n\s+at /);
  });
});

describe("the log line of any other error", () => {
  it("keeps its class, message, stack, code and causes", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED", port: 1 });
    const { err } = JSON.parse(logLine(new TypeError("no se pudo enviar", { cause })));
    expect(err).toMatchObject({
      type: "TypeError",
      message: "no se pudo enviar",
      stack: expect.stringMatching(/^TypeError: no se pudo enviar\n\s+at /),
    });
    expect(err.cause).toMatchObject({ type: "Error", message: "connect ECONNREFUSED 127.0.0.1:1", code: "ECONNREFUSED", port: 1 });
  });
});
