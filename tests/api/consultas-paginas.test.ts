import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar } from "../support/client";
import { auto, enquiry, list, publish, registered, unique } from "../support/consultas";

/**
 * Property: for random filters, walking every page of GET /v3/consultas/{adminMail} returns each
 * matching enquiry exactly once, newest first, and Total counts them. The expected set comes from a
 * model of the rules (docs/contract.md#the-list) applied to enquiries this test ingested itself.
 */

const DAY = 86_400_000;
const ZONE_OFFSET = -3 * 3_600_000; // America/Argentina/Buenos_Aires, no DST

type Stored = { sid: string; momento: number; externalId: string; operador: string; app: "A" | "B" | null };

let appA: Credentials;
let mail: string;
const operadores: string[] = [];
const stored: Stored[] = [];
const listingsA = ["PA-1", "PA-2", "PA-3"];

const dayOf = (time: number) => new Date(time + ZONE_OFFSET).toISOString().slice(0, 10);
const startOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`) - ZONE_OFFSET;
const today = () => dayOf(Date.now());
const daysAgo = (days: number) => dayOf(Date.now() - days * DAY);

beforeAll(async () => {
  let appB: Credentials;
  [appA, appB] = await Promise.all([createApp("Paginas A"), createApp("Paginas B")]);
  mail = await registered([
    [appA, true],
    [appB, false],
  ]);
  operadores.push(mail);
  for (const name of ["uno", "dos"]) {
    const email = unique(`operador-${name}`);
    await operar("agency.operator", { admin: mail, email, nombre: name, apellido: "Prueba" });
    operadores.push(email);
  }
  for (const externalId of listingsA) expect((await publish(appA, mail, externalId)).status).toBe(201);
  expect((await publish(appB, mail, "PB-1")).status).toBe(201);

  // 160 enquiries over the last 100 days (some outside the 90-day window), a few at the same instant.
  const shapes = fc.sample(
    fc.record({
      ageMinutes: fc.integer({ min: 1, max: 100 * 24 * 60 }),
      kind: fc.constantFrom("A", "A", "A", "B", "catalogo"),
      listing: fc.constantFrom(...listingsA),
      operador: fc.nat({ max: 2 }),
    }),
    { numRuns: 160, seed: 20261122 },
  );
  const now = Date.now();
  for (const [index, shape] of shapes.entries()) {
    const momento = index % 20 === 0 && stored.length > 0 ? (stored.at(-1)?.momento as number) : now - shape.ageMinutes * 60_000;
    const operador = operadores[shape.operador] as string;
    const base = { AdminMail: mail, Momento: new Date(momento).toISOString(), OperadorResponsable: operador };
    const sid =
      shape.kind === "catalogo"
        ? await enquiry({ ...base, ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos") })
        : await enquiry({ ...base, ExternalId: shape.kind === "A" ? shape.listing : "PB-1", TipoAnuncio: "publicacion" });
    const externalId = shape.kind === "catalogo" ? "" : (shape.kind === "A" ? shape.listing : "PB-1").toLowerCase();
    stored.push({ sid, momento, externalId, operador, app: shape.kind === "catalogo" ? null : (shape.kind as "A" | "B") });
  }
}, 180_000);

type Filters = { operador?: string; externalid?: string; desde?: string; hasta?: string };

/** What app A must see for these filters: its listings and the shared catalogue enquiries. */
function expected(filters: Filters): string[] {
  const from = startOfDay(filters.desde ?? daysAgo(90));
  const to = Math.min(startOfDay(dayOf(startOfDay(filters.hasta ?? today()) + DAY)) - 1, Date.now());
  return stored
    .filter((consulta) => consulta.app !== "B")
    .filter((consulta) => consulta.momento >= from && consulta.momento <= to)
    .filter((consulta) => !filters.operador || filters.operador === mail || consulta.operador === filters.operador)
    .filter((consulta) => filters.externalid === undefined || consulta.externalId === filters.externalid.toLowerCase())
    .sort((a, b) => b.momento - a.momento || (a.sid < b.sid ? 1 : -1))
    .map((consulta) => consulta.sid);
}

async function walk(filters: Filters): Promise<{ sids: string[]; totals: Set<number> }> {
  const sids: string[] = [];
  const totals = new Set<number>();
  for (let pagina = 1; ; pagina++) {
    const query = new URLSearchParams({ ...filters, pagina: String(pagina) } as Record<string, string>);
    const { response, body } = await list(appA, mail, `?${query}`);
    expect(response.status).toBe(200);
    totals.add(body.Total);
    expect(body.PerPagina).toBe(50);
    expect(body._entries.length).toBeLessThanOrEqual(50);
    sids.push(...body._entries.map((entry: { _links: { self: { href: string } } }) => entry._links.self.href.split("/").pop()));
    if (!body._links.next) return { sids, totals };
    expect(body._entries).toHaveLength(50);
  }
}

const filtersArbitrary = fc
  .record(
    {
      operador: fc.constantFrom(0, 1, 2),
      externalid: fc.constantFrom("PA-1", "pa-2", "PA-3", "PB-1", "no-existe"),
      desde: fc.integer({ min: 0, max: 90 }),
      span: fc.integer({ min: 0, max: 90 }),
    },
    { requiredKeys: [] },
  )
  .map(({ operador, externalid, desde, span }) => {
    const filters: Filters = {};
    if (operador !== undefined) filters.operador = operadores[operador];
    if (externalid !== undefined) filters.externalid = externalid;
    if (desde !== undefined) filters.desde = daysAgo(desde);
    if (span !== undefined) filters.hasta = daysAgo(Math.max(0, (desde ?? 90) - span));
    return filters;
  });

describe("GET /v3/consultas/{adminMail}: paging", () => {
  it("walking all pages returns every matching enquiry exactly once, newest first, and Total is right", async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary, async (filters) => {
        const want = expected(filters);
        const { sids, totals } = await walk(filters);
        expect(sids).toEqual(want);
        expect([...totals]).toEqual([want.length]);
      }),
      { numRuns: 40 },
    );
  }, 180_000);

  it("with no filters spans several pages and leaves out what app A does not see", async () => {
    const { sids } = await walk({});
    expect(sids.length).toBeGreaterThan(50);
    const hidden = stored.filter((consulta) => consulta.app === "B").map((consulta) => consulta.sid);
    expect(hidden.length).toBeGreaterThan(0);
    expect(sids.filter((sid) => hidden.includes(sid))).toEqual([]);
  });
});

/**
 * Deep pages start their walk at the hour the per-hour counters point to. A busy agency (hundreds
 * of enquiries in the last hours, some at the same instant, some exactly on the hour) checks every
 * page asked for directly against the model.
 */
describe("GET /v3/consultas/{adminMail}: any page asked for directly", () => {
  const HOUR = 3_600_000;
  let busy: string;
  let operador: string;
  const busyStored: Stored[] = [];

  beforeAll(async () => {
    const appB = await createApp("Paginas B ocupada");
    busy = await registered([
      [appA, true],
      [appB, false],
    ]);
    expect((await publish(appA, busy, "PA-1")).status).toBe(201);
    expect((await publish(appB, busy, "PB-1")).status).toBe(201);
    operador = unique("operador-ocupado");
    await operar("agency.operator", { admin: busy, email: operador, nombre: "Ocupado", apellido: "Prueba" });
    const shapes = fc.sample(
      fc.record({
        ageSeconds: fc.integer({ min: 1, max: 6 * 3_600 }),
        kind: fc.constantFrom("A", "A", "B", "catalogo"),
        byOperador: fc.boolean(),
      }),
      { numRuns: 330, seed: 20261125 },
    );
    const now = Date.now();
    for (const [index, shape] of shapes.entries()) {
      let momento = now - shape.ageSeconds * 1_000;
      if (index % 10 === 0) momento = Math.floor(momento / HOUR) * HOUR;
      if (index % 15 === 0 && busyStored.length > 0) momento = busyStored.at(-1)?.momento as number;
      const responsable = shape.byOperador ? operador : busy;
      const base = { AdminMail: busy, Momento: new Date(momento).toISOString(), OperadorResponsable: responsable };
      const sid =
        shape.kind === "catalogo"
          ? await enquiry({ ...base, ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos") })
          : await enquiry({ ...base, ExternalId: shape.kind === "A" ? "PA-1" : "PB-1", TipoAnuncio: "publicacion" });
      const app = shape.kind === "catalogo" ? null : (shape.kind as "A" | "B");
      busyStored.push({ sid, momento, externalId: "", operador: responsable, app });
    }
  }, 180_000);

  it("returns the page the model says, whichever page is asked first", async () => {
    for (const filters of [{}, { operador }, { operador: busy }, { desde: daysAgo(1) }] as Filters[]) {
      const from = startOfDay(filters.desde ?? daysAgo(90));
      const now = Date.now();
      const want = busyStored
        .filter((consulta) => consulta.app !== "B" && consulta.momento >= from && consulta.momento <= now)
        .filter((consulta) => !filters.operador || filters.operador === busy || consulta.operador === filters.operador)
        .sort((a, b) => b.momento - a.momento || (a.sid < b.sid ? 1 : -1))
        .map((consulta) => consulta.sid);
      const last = Math.ceil(want.length / 50);
      expect(last).toBeGreaterThan(1);
      for (const pagina of fc.sample(
        fc.shuffledSubarray(
          [...Array(last + 1).keys()].map((index) => index + 1),
          { minLength: last + 1 },
        ),
        {
          numRuns: 1,
          seed: last,
        },
      )[0] as number[]) {
        const query = new URLSearchParams({ ...filters, pagina: String(pagina) } as Record<string, string>);
        const { response, body } = await list(appA, busy, `?${query}`);
        expect(response.status).toBe(200);
        expect(body.Total).toBe(want.length);
        const sids = body._entries.map((entry: { _links: { self: { href: string } } }) => entry._links.self.href.split("/").pop());
        expect(sids, `${query}`).toEqual(want.slice((pagina - 1) * 50, pagina * 50));
      }
    }
  }, 120_000);
});
