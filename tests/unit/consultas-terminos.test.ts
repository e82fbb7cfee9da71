import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * The search terms the database keeps beside the enquiries (docs/decisions/0051), on a PGlite
 * database of its own: written by whatever statement stores enquiries, removed with them. The HTTP
 * tests cannot see a term left behind: its enquiry is gone, and so is the agency or app it was shown to.
 */

const { closeDb, getDb, queryRows } = await import("@/lib/db");
const { sql } = await import("drizzle-orm");
const { seedDemo } = await import("@/lib/service/demo/seed-demo");

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(query))[0]?.n);

beforeAll(async () => {
  await getDb();
  await seedDemo({ consultas: 40, seed: 7 });
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

describe("consultas_terminos", () => {
  it("holds every term of every stored enquiry, copied with its agency, moment and visibility", async () => {
    const expected = await count(sql`select sum(cardinality(consultas_terminos(sid, external_id, auto, interesado))) as n from consultas`);
    expect(expected).toBeGreaterThan(40 * 10);
    expect(await count(sql`select count(*) as n from consultas_terminos`)).toBe(expected);
    const mismatched = sql`select count(*) as n from consultas_terminos t join consultas c on c.sid = t.sid
      where (t.agencia_id, t.momento, t.tipo_anuncio, t.operador_responsable) is distinct from (c.agencia_id, c.momento, c.tipo_anuncio, c.operador_responsable)
        or t.app_id is distinct from c.app_id`;
    expect(await count(mismatched)).toBe(0);
  });

  it("has the folded words, an e-mail's parts, the phone's digits from each position and the sid's both ways", async () => {
    const [row] = await queryRows<{ terms: string[] }>(
      sql`select consultas_terminos('01ABCXYZ', 'aut-00081', ${JSON.stringify({ Marca: "Citroën", Modelo: "C4 Cactus" })}::jsonb,
        ${JSON.stringify({ Nombre: "José María", Apellido: "Gómez", Email: "JM.Gomez@Correo.com.ar", Telefono: "+54 9 (351) 555-0101" })}::jsonb) as terms`,
    );
    expect([...(row?.terms ?? [])].sort()).toEqual(
      [
        "jose",
        "maria",
        "gomez",
        "jm.gomez@correo.com.ar",
        "gomez@correo.com.ar",
        "correo.com.ar",
        "com.ar",
        "01abcxyz",
        "~zyxcba10",
        "citroen",
        "c4",
        "cactus",
        "aut-00081",
        "00081",
        "5493515550101",
        "~1010555153945",
        // The digits from each position on (decisions 0098): "351 555" finds it.
        ...["493515550101", "93515550101", "3515550101", "515550101", "15550101", "5550101", "550101", "50101", "0101", "101", "01"],
      ].sort(),
    );
  });

  it("are the terms migration 0025's SQL function made, for the demo's enquiries and for odd ones", async () => {
    // That function, under another name: migration 0031 made the same terms in PL/pgSQL (decision 0120).
    const migration = readFileSync("lib/db/migrations/0025_consultas_telefono_parcial.sql", "utf8");
    const definition = migration.slice(0, migration.indexOf("--> statement-breakpoint"));
    const db = await getDb();
    await db.execute(sql.raw(definition.replace("FUNCTION consultas_terminos(", "FUNCTION consultas_terminos_0025(")));
    const odd = [
      { Nombre: "  Ñandú  Ávila ", Apellido: "O'Neil-Pérez", Email: "a.b@c.d", Telefono: "12" },
      { Nombre: "ANA ana Ana", Apellido: "x", Email: "_-+/ab..cd", Telefono: "(0)" },
      { Nombre: "Zoë", Email: "ZOË.Ü@exämple.com" },
      {},
    ];
    await db.execute(sql`create temporary table terminos_casos as
      select 'Caso' || n as sid, n::text as external_id, ${JSON.stringify({ Marca: "Škoda", Modelo: " e-208 ", RefStock: "R/1.2" })}::jsonb as auto, interesado
      from jsonb_array_elements(${JSON.stringify(odd)}::jsonb) with ordinality as casos (interesado, n)
      union all select sid, external_id, auto, interesado from consultas`);
    const ordered = (fn: string) => sql.raw(`(select array_agg(t order by t) from unnest(${fn}(sid, external_id, auto, interesado)) t)`);
    const differing = sql`select count(*) as n from terminos_casos where ${ordered("consultas_terminos")} is distinct from ${ordered("consultas_terminos_0025")}`;
    expect(await count(sql`select count(*) as n from terminos_casos`)).toBe(44);
    expect(await count(differing)).toBe(0);
    await db.execute(sql`drop table terminos_casos`);
    await db.execute(sql`drop function consultas_terminos_0025`);
  });

  it("goes with the enquiries it belongs to", async () => {
    await (await getDb()).execute(sql`delete from agencias`);
    expect(await count(sql`select count(*) as n from consultas`)).toBe(0);
    expect(await count(sql`select count(*) as n from consultas_terminos`)).toBe(0);
  });
});
