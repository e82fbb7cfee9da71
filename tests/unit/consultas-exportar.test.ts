import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * The export's batches (docs/decisions/0060) on a PGlite database of its own, in batches of 7 so that
 * their boundaries fall everywhere: ties of `momento` across a boundary (the sid breaks them) and
 * moments finer than a millisecond (the next batch starts where the database says the last one
 * ended, not where a JavaScript Date rounds it to). The reference is the list itself, page by page.
 */

const { closeDb, getDb, queryRows } = await import("@/lib/db");
const { sql } = await import("drizzle-orm");
const { seedDemo } = await import("@/lib/service/demo/seed-demo");
const { exportarConsultas } = await import("@/lib/service/consultas/exportar-consultas");
const { listConsultas } = await import("@/lib/service/consultas/list-consultas");
const { DEMO_AGENCIAS } = await import("@/lib/service/demo/data");
const { raiseRevisions } = await import("@/lib/service/consultas/write/tally");

type Filters = Partial<Parameters<typeof exportarConsultas>[2]>;
type AppOf = Parameters<typeof exportarConsultas>[0];

const AGENCIA = DEMO_AGENCIAS[0].adminMail;
const LOTE = 7;
let app: AppOf;

const sidOf = (entry: { _links: Record<string, { href: string }> }) => entry._links.self?.href.split("/").pop();

async function exported(filters: Filters, size = LOTE): Promise<string[]> {
  const sids: string[] = [];
  for await (const batch of await exportarConsultas(app, AGENCIA, { externalid: undefined, ...filters }, size)) {
    expect(batch.length).toBeLessThanOrEqual(size);
    sids.push(...batch.map((entry) => sidOf(entry) as string));
  }
  return sids;
}

async function listed(filters: Filters): Promise<string[]> {
  const sids: string[] = [];
  for (let pagina = 1; ; pagina++) {
    const page = await listConsultas(app, AGENCIA, { externalid: undefined, ...filters, pagina }, "entry");
    for (const entry of page._entries) if ("_links" in entry) sids.push(sidOf(entry) as string);
    if (!page._links.next) return sids;
  }
}

/**
 * Moves enquiries (and their terms' copy) to `micros` microseconds past the millisecond of `reference`'s
 * moment, and raises their agency's revision as every write does: the list read before is kept under
 * the revision it was read at (decision 0112).
 */
async function move(sids: string[], reference: string, micros: number) {
  const list = sql.join(
    sids.map((sid) => sql`${sid}`),
    sql`, `,
  );
  const moment = sql`(select date_trunc('milliseconds', momento) from consultas where sid = ${reference}) + ${micros} * interval '1 microsecond'`;
  await queryRows(sql`update consultas set momento = ${moment} where sid in (${list})`);
  await queryRows(sql`update consultas_terminos set momento = ${moment} where sid in (${list})`);
  await queryRows(raiseRevisions(sql`(select agencia_id from consultas where sid in (${list})) as movidas`));
}

beforeAll(async () => {
  await getDb();
  const { AppKey } = await seedDemo({ consultas: 300, seed: 29 });
  const [row] = await queryRows<{ id: string }>(sql`select id from apps where app_key = ${AppKey}`);
  app = { id: row?.id as string, name: "Demo", appKey: AppKey, topics: [], secrets: [] };
  // Ten of the newest enquiries at one moment 0.5 ms past a millisecond, and four more 0.2 ms past
  // it: newer than that millisecond, older than the ten.
  const newest = await listed({});
  const reference = newest[25] as string;
  await move(newest.slice(5, 15), reference, 500);
  await move(newest.slice(15, 19), reference, 200);
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

describe("the export's batches", () => {
  it("give what the list gives, in its order, whatever the batch size, ties and sub-millisecond moments across their boundaries", async () => {
    const all = await listed({});
    expect(all.length).toBeGreaterThan(5 * LOTE);
    expect(await exported({})).toEqual(all);
    for (const size of [1, 2, 3, 10, 500]) expect(await exported({}, size), `lotes de ${size}`).toEqual(all);
  });

  it("give what the list gives with each of its filters, a search among them", async () => {
    const [{ apellido } = { apellido: "" }] = await queryRows<{ apellido: string }>(
      sql`select interesado->>'Apellido' as apellido from consultas order by momento desc limit 1`,
    );
    const operador = DEMO_AGENCIAS[0].operadores[1]?.email;
    const cases: Filters[] = [
      { q: apellido },
      { q: `${apellido.slice(0, 3)}` },
      { operador },
      { operador: AGENCIA },
      { atendida: false },
      { desde: undefined, hasta: undefined, externalid: "nada-de-esto" },
    ];
    for (const filters of cases) {
      const want = await listed(filters);
      expect(await exported(filters), JSON.stringify(filters)).toEqual(want);
    }
  });

  it("break instead of ending early when the agency changes between two batches", async () => {
    const batches = (await exportarConsultas(app, AGENCIA, { externalid: undefined }, LOTE))[Symbol.asyncIterator]();
    expect((await batches.next()).value).toHaveLength(LOTE);
    await queryRows(sql`update agencia_apps set compartir_catalogo = not compartir_catalogo where app_id = ${app.id}`);
    try {
      await expect(batches.next()).rejects.toMatchObject({ status: 503 });
    } finally {
      await queryRows(sql`update agencia_apps set compartir_catalogo = not compartir_catalogo where app_id = ${app.id}`);
    }
  });
});
