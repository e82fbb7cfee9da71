import { readFileSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { autoDePrueba } from "../support/auto";
import { type Demo, operarEn } from "../support/operador";
import { marketplace } from "../support/panel-consultas";
import { eventually } from "../support/receiver";
import { startTestServer } from "../support/test-server";

/**
 * Issue 17, item 6: a 500's log line never carries a statement's values. A CHECK constraint added
 * behind the service's back makes PostgreSQL refuse one enquiry: the error drizzle raises carries
 * the statement's parameters (the buyer's name, e-mail, phone and comment, in its message too), and
 * PostgreSQL's detail quotes the whole failing row. Always on the local PostgreSQL, like the crash
 * tests: only there can a test change the schema under a running service.
 */

const POSTGRES_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const BUYER = {
  Interes: "compra",
  Nombre: "Filomena",
  Apellido: "Quintanilla-Ybarra",
  Email: "filomena.quintanilla@comprador.test",
  Telefono: "+54 9 351 7770-1234",
  DocIdentidad: "27999888",
  Comentario: "forzar-un-error-interno",
};

describe("the log line of a 500", () => {
  it("keeps the request id, the SQLSTATE, the constraint and the SQL text, and none of the buyer's data", async () => {
    const service = await startTestServer({ postgresUrl: POSTGRES_URL });
    const database = new pg.Client({ connectionString: service.info.env.DATABASE_URL });
    try {
      const seeded = await operarEn<Demo>(service.info, "seed.demo", { consultas: 0 });
      const [adminMail] = seeded.Agencias as string[];
      const listing = { AppKey: seeded.AppKey, AdminMail: adminMail, ExternalId: "LOG-1", Auto: autoDePrueba() };
      expect((await marketplace(service.info, "publicaciones", listing)).status).toBe(201);
      await database.connect();
      await database.query(
        `alter table consultas add constraint prueba_log_sin_valores check (interesado->>'Comentario' <> '${BUYER.Comentario}')`,
      );

      const enquiry = { AdminMail: adminMail, ExternalId: "LOG-1", TipoAnuncio: "publicacion", OrigenLead: "form", Interesado: BUYER };
      const response = await marketplace(service.info, "consultas", enquiry);
      expect(response.status).toBe(500);
      const { requestId } = (await response.json()).Extensions;

      // The server's output reaches the log file through a pipe: on a busy machine, a moment later.
      const line = await eventually(
        async () =>
          readFileSync(service.info.logFile, "utf8")
            .split("\n")
            .find((candidate) => candidate.includes(requestId) && candidate.includes('"level":50')),
        10_000,
        "the 500 logged with its request id",
      );
      for (const value of [BUYER.Nombre, BUYER.Apellido, BUYER.Email, BUYER.Telefono, BUYER.DocIdentidad, BUYER.Comentario, "Failing row"])
        expect(line).not.toContain(value);
      const { err } = JSON.parse(line as string);
      expect(err).not.toHaveProperty("params");
      expect(err.query).toMatch(/insert into "consultas"/);
      expect(err.cause).toMatchObject({ type: "DatabaseError", code: "23514", constraint: "prueba_log_sin_valores", table: "consultas" });
      expect(err.cause).not.toHaveProperty("detail");
    } finally {
      await database.end();
      await service.stop();
    }
  }, 120_000);
});
