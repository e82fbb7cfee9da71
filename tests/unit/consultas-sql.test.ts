import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * The enquiry statements (lib/service/consultas/sql/) on a PGlite database of its own, each against
 * the same answer worked out here from the stored rows: enquiries every 37 minutes through the days
 * America/Santiago (6 September 2026) and Europe/Madrid (25 October 2026) change to and from summer
 * time, the app's own, catalogue ones and another app's, under three operators. They are stored
 * as ingestion stores them (counted by the database at the commit, migration 0024), so the counters
 * the statements read are the ones ingestion keeps.
 */

const { closeDb, getDb, queryRows } = await import("@/lib/db");
const { consultas } = await import("@/lib/db/schema");
const { sql } = await import("drizzle-orm");
const { newId } = await import("@/lib/ids");
const { addDays, dayOf, startOfDay, counterHours } = await import("@/lib/time");
const { PER_PAGINA } = await import("@/lib/api/consultas");
const { seedDemo } = await import("@/lib/service/demo/seed-demo");
const { DEMO_AGENCIAS } = await import("@/lib/service/demo/data");
const { createApp } = await import("@/lib/service/apps/create-app");
const { storeMark } = await import("@/lib/service/consultas/write/mark");
const { listFacts, listShapeOf } = await import("@/lib/service/consultas/facts");
const { readRevision } = await import("@/lib/service/consultas/cache");
const { countConsultas } = await import("@/lib/service/consultas/sql/count");
const { pageStatement, searchPageStatement } = await import("@/lib/service/consultas/sql/page");
const { searchStatements } = await import("@/lib/service/consultas/sql/search");
const { termParams } = await import("@/lib/service/consultas/sql/matches");
const { detailStatement, visibleEnquiry } = await import("@/lib/service/consultas/sql/detail");
const { batchStatement, START } = await import("@/lib/service/consultas/sql/export");
const { attended, countsPerDay, periodDays } = await import("@/lib/service/consultas/sql/summary");
const { topListings } = await import("@/lib/service/consultas/sql/top-listings");
const { registeredAgencia } = await import("@/lib/service/agencias/relation");

type Db = Awaited<ReturnType<typeof getDb>>;
type Facts = Awaited<ReturnType<typeof listFacts>>;
type Shape = ReturnType<typeof listShapeOf>;
type Row = {
  sid: string;
  appId: string | null;
  externalId: string;
  tipoAnuncio: string;
  momento: Date;
  operador: string;
  apellido: string;
};

const DEMO = DEMO_AGENCIAS[0];
const ADMIN = DEMO.adminMail;
const [LUCIA, MARTIN] = DEMO.operadores.map((operador) => operador.email) as [string, string];
const SURNAMES = ["gomez", "garcia", "garrido", "perez", "lopez", "ibarra"];
/** The two weeks of the fixture: the days around each change of summer time. */
const WINDOWS = [
  { from: "2026-09-03T00:00:00Z", to: "2026-09-09T00:00:00Z" },
  { from: "2026-10-22T00:00:00Z", to: "2026-10-28T00:00:00Z" },
];

let db: Db;
let facts: Facts;
let rows: Row[] = [];
let terms = new Map<string, string[]>();
/** The enquiries the demo app marked attended (the marks' test marks them). */
const marked = new Set<string>();

/** The `index`th enquiry of the fixture: of the app, of another app (each 7th) or of the catalogue (each 5th). */
function enquiry(index: number, time: number, agenciaId: string, appId: string, otherAppId: string): typeof consultas.$inferInsert {
  const catalogue = index % 5 === 0;
  const externalId = catalogue ? "" : `aut-${String(index % 13).padStart(3, "0")}`;
  const apellido = SURNAMES[index % SURNAMES.length] as string;
  return {
    sid: newId(time),
    agenciaId,
    appId: catalogue ? null : index % 7 === 0 ? otherAppId : appId,
    externalId,
    tipoAnuncio: catalogue ? "catalogo" : "publicacion",
    origenLead: "web",
    momento: new Date(time),
    auto: { ExternalId: externalId, Marca: "Ford", Modelo: "Ka", Version: "SE" },
    interesado: {
      Nombre: "ana",
      Apellido: apellido,
      Email: `ana.${apellido}@correo.com`,
      Telefono: `+54 11 5555-${String(index).padStart(4, "0")}`,
    },
    operadorResponsable: [ADMIN, LUCIA, MARTIN][index % 3] as string,
  };
}

/** The enquiries of the fixture: every 37 minutes (and a few seconds) through each window. */
function fixture(agenciaId: string, appId: string, otherAppId: string) {
  const values: (typeof consultas.$inferInsert)[] = [];
  for (const window of WINDOWS) {
    for (let time = Date.parse(window.from); time < Date.parse(window.to); time += 37 * 60_000 + (values.length % 11) * 1000) {
      values.push(enquiry(values.length + 1, time, agenciaId, appId, otherAppId));
    }
  }
  return values;
}

/** Stores enquiries as ingestion does: the insert; the database counts them and raises the revision at the commit. */
async function store(values: (typeof consultas.$inferInsert)[]) {
  await db.transaction(async (tx) => {
    await tx.insert(consultas).values(values);
  });
}

beforeAll(async () => {
  db = await getDb();
  const { AppKey } = await seedDemo({ consultas: 0, seed: 3 });
  const other = await createApp({ name: "Otra app", topics: [] });
  const [app] = await queryRows<{ id: string }>(sql`select id from apps where app_key = ${AppKey}`);
  facts = await listFacts(db, app?.id as string, ADMIN, undefined);
  const values = fixture(facts.agenciaId, facts.appId, other.AppId);
  for (let start = 0; start < values.length; start += 200) await store(values.slice(start, start + 200));
  rows = values.map((value) => ({
    sid: value.sid,
    appId: value.appId ?? null,
    externalId: value.externalId,
    tipoAnuncio: value.tipoAnuncio,
    momento: value.momento,
    operador: value.operadorResponsable,
    apellido: (value.interesado as { Apellido: string }).Apellido,
  }));
  const stored = await queryRows<{ sid: string; terms: string[] }>(
    sql`select sid, consultas_terminos(sid, external_id, auto, interesado) as terms from consultas`,
  );
  terms = new Map(stored.map((row) => [row.sid, row.terms]));
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

/** Whole days of a zone, from the first's midnight to the last's final millisecond. */
const zoneDays = (first: string, last: string, zone: string) => ({
  from: startOfDay(first, zone),
  to: new Date(startOfDay(addDays(last, 1), zone).getTime() - 1),
});

/** Periods: whole days of both zones around their changes, and odd ones that end inside hours. */
const PERIODS = [
  zoneDays("2026-09-04", "2026-09-07", "America/Santiago"),
  zoneDays("2026-09-06", "2026-09-06", "America/Santiago"),
  zoneDays("2026-10-24", "2026-10-26", "Europe/Madrid"),
  zoneDays("2026-10-25", "2026-10-25", "Europe/Madrid"),
  { from: new Date("2026-09-04T10:17:00Z"), to: new Date("2026-09-07T15:42:13Z") },
  { from: new Date("2026-10-23T22:10:00Z"), to: new Date("2026-10-24T00:40:00Z") },
  { from: new Date("2026-09-05T12:05:00Z"), to: new Date("2026-09-05T12:50:00Z") },
];

type Filters = { operador?: string; externalId?: string; atendida?: boolean; q?: string[]; compartir?: boolean };

/** The shape and placeholder values of a list of the demo app with these filters. */
function scope(filters: Filters, period: { from: Date; to: Date }) {
  const operador = filters.operador === undefined ? undefined : { email: filters.operador, administrador: filters.operador === ADMIN };
  const withOperador = { ...facts, operador, compartir: filters.compartir ?? facts.compartir };
  const q = filters.q ?? [];
  const shape: Shape = {
    ...listShapeOf(withOperador),
    externalId: filters.externalId !== undefined,
    terminos: q.length,
    atendida: filters.atendida,
  };
  const params = {
    agencia: facts.agenciaId,
    app: facts.appId,
    adminMail: facts.adminMail,
    operador: operador?.email,
    externalId: filters.externalId,
    ...termParams(q),
    ...period,
  };
  return { shape, params };
}

/** Whether the demo app sees the enquiry (docs/contract.md#visibility), as the agency shares catalogue enquiries or not. */
const visible = (row: Row, compartir = facts.compartir) =>
  row.appId === facts.appId || (compartir && row.appId === null && row.tipoAnuncio === "catalogo");

const found = (row: Row, word: string) =>
  (terms.get(row.sid) ?? []).some((term) => term.startsWith(word) || term.startsWith(`~${[...word].reverse().join("")}`));

/** The list's enquiries worked out from the rows, newest first. */
function expected(filters: Filters, period: { from: Date; to: Date }) {
  return rows
    .filter(
      (row) =>
        visible(row, filters.compartir) &&
        row.momento >= period.from &&
        row.momento <= period.to &&
        (filters.operador === undefined || filters.operador === ADMIN || row.operador === filters.operador) &&
        (filters.externalId === undefined || row.externalId === filters.externalId) &&
        (filters.atendida === undefined || marked.has(row.sid) === filters.atendida) &&
        (filters.q ?? []).every((word) => found(row, word)),
    )
    .sort((a, b) => b.momento.getTime() - a.momento.getTime() || (a.sid < b.sid ? 1 : -1))
    .map((row) => row.sid);
}

const FILTERS: Filters[] = [{}, { operador: LUCIA }, { operador: ADMIN }, { externalId: "aut-004" }, { atendida: false }];

describe("the enquiry statements", () => {
  it("count: each period's Total, from the counters or the rows, with each filter", async () => {
    for (const period of PERIODS) {
      for (const filters of FILTERS) {
        const { shape, params } = scope(filters, period);
        const count = await countConsultas(db, shape, params);
        expect(count, `${JSON.stringify(filters)} ${period.from.toISOString()}`).toEqual({
          total: expected(filters, period).length,
          factsTrue: true,
        });
      }
    }
  });

  it("count: factsTrue false when the agency's catalogue sharing is not the shape's", async () => {
    const { shape, params } = scope({ compartir: !facts.compartir }, PERIODS[0] as { from: Date; to: Date });
    expect((await countConsultas(db, shape, params)).factsTrue).toBe(false);
  });

  it("page: every page newest first, walked from the newest and sought from the per-hour counters", async () => {
    for (const period of [PERIODS[0], PERIODS[2], PERIODS[4]] as { from: Date; to: Date }[]) {
      for (const filters of [{}, { operador: MARTIN }]) {
        const want = expected(filters, period);
        const { shape, params } = scope(filters, period);
        const pages = Math.ceil(want.length / PER_PAGINA) + 1;
        expect(want.length).toBeGreaterThan(0);
        for (let pagina = 1; pagina <= pages; pagina++) {
          const offset = (pagina - 1) * PER_PAGINA;
          const slice = want.slice(offset, offset + PER_PAGINA);
          for (const seek of [false, true]) {
            const page = await pageStatement(db, shape, seek).execute({ ...params, offset, ...counterHours(period.from, period.to) });
            expect(
              page.map((row) => row.sid),
              `página ${pagina}, seek ${seek}`,
            ).toEqual(slice);
          }
        }
      }
    }
  });

  it("search page: the enquiries holding every term of q, a page with the Total of all", async () => {
    const period = PERIODS[0] as { from: Date; to: Date };
    for (const q of [["garr"], ["gar"], ["ana", "gomez"], ["0007"], ["aut-004", "perez"]]) {
      const want = expected({ q }, period);
      const { shape, params } = scope({ q }, period);
      const page = await searchPageStatement(db, shape).execute({ ...params, offset: 0 });
      expect(
        page.map((row) => row.sid),
        q.join(" "),
      ).toEqual(want.slice(0, PER_PAGINA));
      if (want.length > 0) expect(page[0]).toMatchObject({ total: want.length, factsTrue: true });
      expect((await countConsultas(db, shape, params)).total).toBe(want.length);
    }
  });

  it("search in all the app's agencies: the same matches, each with its agency's adminMail", async () => {
    const period = PERIODS[2] as { from: Date; to: Date };
    for (const [word, offset] of [
      ["ga", 0],
      ["ana", PER_PAGINA],
    ] as const) {
      const want = expected({ q: [word] }, period);
      expect(want.length).toBeGreaterThan(offset);
      const statements = searchStatements(db, 1, undefined);
      const params = { app: facts.appId, ...period, offset, ...termParams([word]) };
      const page = await statements.page.execute(params);
      expect(
        page.map((row) => row.sid),
        word,
      ).toEqual(want.slice(offset, offset + PER_PAGINA));
      expect(new Set(page.map((row) => row.adminMail))).toEqual(new Set([ADMIN]));
      expect(page[0]?.total).toBe(want.length);
      expect((await statements.total.execute(params))[0]?.total).toBe(want.length);
    }
  });

  it("detail: an enquiry the app sees, and none of another app's or under another adminMail", async () => {
    const own = rows.find((row) => row.appId === facts.appId) as Row;
    const foreign = rows.find((row) => row.appId !== null && row.appId !== facts.appId) as Row;
    const detail = detailStatement(db);
    const read = (sid: string, adminMail: string = ADMIN) => detail.execute({ appId: facts.appId, sid, adminMail });
    expect((await read(own.sid)).map((row) => row.consulta.sid)).toEqual([own.sid]);
    expect(await read(foreign.sid)).toEqual([]);
    expect(await read(own.sid, DEMO_AGENCIAS[1].adminMail)).toEqual([]);
    const agencia = await registeredAgencia(db, facts.appId, ADMIN);
    if (!agencia) throw new Error("la agencia de la demo no está registrada");
    expect((await visibleEnquiry(db, agencia, own.sid)).map((row) => row.consulta.sid)).toEqual([own.sid]);
    expect(await visibleEnquiry(db, agencia, foreign.sid)).toEqual([]);
  });

  it("export: batch after batch from the cursor, the list in order", async () => {
    for (const filters of [{}, { q: ["gomez"] }, { operador: LUCIA }]) {
      const period = PERIODS[4] as { from: Date; to: Date };
      const { shape, params } = scope(filters, period);
      const statement = batchStatement(db, shape, 7);
      const sids: string[] = [];
      for (let cursor = START; ; ) {
        const batch = await statement.execute({ ...params, ...cursor });
        expect(batch.every((row) => row.factsTrue)).toBe(true);
        sids.push(...batch.map((row) => row.sid));
        const last = batch.at(-1);
        if (!last || batch.length < 7) break;
        cursor = { antesMomento: last.cursor, antesSid: last.sid };
      }
      expect(sids, JSON.stringify(filters)).toEqual(expected(filters, period));
    }
  });

  it("per day: each day of a zone holds that zone's enquiries of the day, through its changes to and from summer time", async () => {
    const cases = [
      { zone: "America/Santiago", first: "2026-09-03", last: "2026-09-08" },
      { zone: "Europe/Madrid", first: "2026-10-22", last: "2026-10-27" },
      { zone: "Europe/Madrid", first: "2026-09-03", last: "2026-09-08" },
      { zone: "America/Argentina/Buenos_Aires", first: "2026-10-22", last: "2026-10-27" },
    ];
    for (const { zone, first, last } of cases) {
      for (const filters of [{}, { operador: MARTIN }]) {
        const period = zoneDays(first, last, zone);
        const days = periodDays(period.from, period.to, zone);
        expect(days).toHaveLength(6);
        const { shape, params } = scope(filters, period);
        const counted = await countsPerDay(db, { shape, params }, days, zone);
        const inPeriod = new Set(expected(filters, period));
        const want = days.map((day) => {
          const ofDay = rows.filter((row) => inPeriod.has(row.sid) && dayOf(row.momento, zone) === day);
          const catalogo = ofDay.filter((row) => row.tipoAnuncio === "catalogo").length;
          return { publicacion: ofDay.length - catalogo, catalogo };
        });
        expect(counted, `${zone} ${JSON.stringify(filters)}`).toEqual(want);
        expect(want.every((day) => day.publicacion > 0 && day.catalogo > 0)).toBe(true);
      }
    }
  });

  it("top listings: the app's listings with most enquiries in the period, most first, ties by ExternalId", async () => {
    for (const period of PERIODS) {
      for (const filters of [{}, { operador: LUCIA }]) {
        const perListing = new Map<string, number>();
        const listed = new Set(expected(filters, period));
        for (const row of rows) {
          if (listed.has(row.sid) && row.externalId !== "") perListing.set(row.externalId, (perListing.get(row.externalId) ?? 0) + 1);
        }
        const want = [...perListing]
          .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1))
          .slice(0, 10)
          .map(([externalId, cantidad]) => ({ externalId, cantidad }));
        const { shape, params } = scope(filters, period);
        expect(await topListings(db, shape, params), `${JSON.stringify(filters)} ${period.from.toISOString()}`).toEqual(want);
      }
    }
  });

  it("marks: the revision rises with each; attended and the list's atendida filter count the app's marks", async () => {
    const period = PERIODS[2] as { from: Date; to: Date };
    const candidates = rows.filter((row) => expected({}, period).includes(row.sid)).slice(0, 9);
    const before = await readRevision(db, facts);
    expect(before.factsTrue).toBe(true);
    const marks = new Map<string, Date>();
    for (const [index, row] of candidates.entries()) {
      const enquiry = { sid: row.sid, agenciaId: facts.agenciaId, operadorResponsable: row.operador, momento: row.momento };
      const mark = await storeMark(db, facts.appId, enquiry, { Atendida: true, Por: ADMIN });
      marks.set(row.sid, mark?.momento as Date);
      marked.add(row.sid);
      // The last two are marked back: they count as not attended.
      if (index >= candidates.length - 2) {
        await storeMark(db, facts.appId, enquiry, { Atendida: false, Por: ADMIN });
        marks.delete(row.sid);
        marked.delete(row.sid);
      }
    }
    const after = await readRevision(db, facts);
    expect(BigInt(after.revision) - BigInt(before.revision)).toBe(BigInt(candidates.length + 2));
    const minutes = candidates
      .filter((row) => marks.has(row.sid))
      .map((row) => ((marks.get(row.sid) as Date).getTime() - row.momento.getTime()) / 60_000)
      .sort((a, b) => a - b);
    const middle = (minutes.length - 1) / 2;
    const median = ((minutes[Math.floor(middle)] as number) + (minutes[Math.ceil(middle)] as number)) / 2;
    const { shape, params } = scope({}, period);
    const enUnaHora = minutes.filter((minutos) => minutos <= 60).length;
    expect(await attended(db, { shape, params })).toEqual({ atendidas: marks.size, mediana: Math.round(median), enUnaHora });
    for (const atendida of [true, false]) {
      const filtered = scope({ atendida }, period);
      expect((await countConsultas(db, filtered.shape, filtered.params)).total).toBe(expected({ atendida }, period).length);
    }
  });

  it("revision: rises when a statement stores enquiries", async () => {
    const before = await readRevision(db, facts);
    // Outside every period the other tests read.
    const moment = Date.parse("2026-09-01T12:00:00Z");
    await store([
      enquiry(1, moment, facts.agenciaId, facts.appId, facts.appId),
      enquiry(2, moment + 1000, facts.agenciaId, facts.appId, facts.appId),
    ]);
    expect(BigInt((await readRevision(db, facts)).revision)).toBeGreaterThan(BigInt(before.revision));
  });
});
