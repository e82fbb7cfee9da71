import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar } from "../support/client";
import { auto, call, enquiry, interesado, publish, registered, unique } from "../support/consultas";

/**
 * GET /v3/consultas/{adminMail}/exportar (issue 29, docs/decisions/0060): with any of the list's
 * filters it gives, one per line, exactly the entries walking every page of the list gives (same
 * visibility between apps, same operator rule, same order), and refuses what the list refuses.
 * Every line is checked against the Consulta schema by the contract hook (tests/support/contract.ts).
 */

const DAY = 86_400_000;
const ZONE_OFFSET = -3 * 3_600_000; // America/Argentina/Buenos_Aires, no DST
const dayOf = (time: number) => new Date(time + ZONE_OFFSET).toISOString().slice(0, 10);
const daysAgo = (days: number) => dayOf(Date.now() - days * DAY);

let appA: Credentials;
let appB: Credentials;
let mail: string;
const operadores: string[] = [];
const sidsDe: Record<"A" | "B", string[]> = { A: [], B: [] };

type Filters = Partial<Record<"operador" | "externalid" | "desde" | "hasta" | "q" | "atendida", string>>;
type Entry = { _links: { self: { href: string } } };

beforeAll(async () => {
  [appA, appB] = await Promise.all([createApp("Exportar A"), createApp("Exportar B")]);
  // A sees the catalogue enquiries, B does not.
  mail = await registered([
    [appA, true],
    [appB, false],
  ]);
  operadores.push(mail);
  for (const name of ["uno", "dos"]) {
    const email = unique(`exportar-${name}`);
    await operar("agency.operator", { admin: mail, email, nombre: name, apellido: "Prueba" });
    operadores.push(email);
  }
  for (const externalId of ["PA-1", "PA-2"]) expect((await publish(appA, mail, externalId)).status).toBe(201);
  expect((await publish(appB, mail, "PB-1")).status).toBe(201);

  // 90 enquiries over 100 days (some outside the period), every tenth at the same instant as the one before.
  const shapes = fc.sample(
    fc.record({
      ageMinutes: fc.integer({ min: 1, max: 100 * 24 * 60 }),
      kind: fc.constantFrom("PA-1", "PA-2", "PB-1", "catalogo"),
      operador: fc.nat({ max: 2 }),
      apellido: fc.constantFrom("Gómez", "Pérez", "Fernández"),
    }),
    { numRuns: 90, seed: 20261129 },
  );
  let momento = Date.now();
  for (const [index, shape] of shapes.entries()) {
    if (index % 10 !== 9) momento = Date.now() - shape.ageMinutes * 60_000;
    const base = {
      AdminMail: mail,
      Momento: new Date(momento).toISOString(),
      OperadorResponsable: operadores[shape.operador],
      Interesado: interesado({ Apellido: shape.apellido }),
    };
    const sid =
      shape.kind === "catalogo"
        ? await enquiry({ ...base, ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos") })
        : await enquiry({ ...base, ExternalId: shape.kind, TipoAnuncio: "publicacion" });
    if (shape.kind !== "PB-1") sidsDe.A.push(sid);
    if (shape.kind === "PB-1") sidsDe.B.push(sid);
  }
  // Each app marks some enquiries it sees as attended: the `atendida` filter reads only its own marks.
  for (const [app, sids] of [
    [appA, sidsDe.A],
    [appB, sidsDe.B],
  ] as const) {
    for (const sid of sids.filter((_, index) => index % 3 === 0)) {
      expect((await call(app, "PUT", `/v3/consultas/${mail}/${sid}/atencion`, { Atendida: true, Por: mail })).status).toBe(200);
    }
  }
}, 240_000);

const query = (filters: Record<string, string>) => {
  const text = new URLSearchParams(filters).toString();
  return text ? `?${text}` : "";
};

/** Every entry of the list, walking its pages. */
async function listed(app: Credentials, filters: Filters): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let pagina = 1; ; pagina++) {
    const response = await call(app, "GET", `/v3/consultas/${mail}${query({ ...filters, pagina: String(pagina) })}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { _entries: Entry[]; _links: { next?: unknown } };
    entries.push(...body._entries);
    if (!body._links.next) return entries;
  }
}

/** Every line of the export, parsed. */
async function exported(app: Credentials, filters: Filters): Promise<Entry[]> {
  const response = await call(app, "GET", `/v3/consultas/${mail}/exportar${query(filters)}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
  const text = await response.text();
  return text === ""
    ? []
    : (text
        .slice(0, -1)
        .split("\n")
        .map((line) => JSON.parse(line)) as Entry[]);
}

/** A filter now and then: most runs combine two or three. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const filtersArbitrary = fc
  .record({
    operador: sometimes(fc.nat({ max: 2 })),
    externalid: sometimes(fc.constantFrom("PA-1", "pa-2", "PB-1", "no-existe")),
    desde: sometimes(fc.integer({ min: 0, max: 90 })),
    span: sometimes(fc.integer({ min: 0, max: 90 })),
    q: sometimes(fc.constantFrom("gomez", "perez juan", "fer", "cronos", "nadie")),
    atendida: sometimes(fc.constantFrom("true", "false")),
  })
  .map(({ operador, externalid, desde, span, q, atendida }) => {
    const filters: Filters = { externalid, q, atendida };
    if (operador !== undefined) filters.operador = operadores[operador];
    if (desde !== undefined) filters.desde = daysAgo(desde);
    if (span !== undefined) filters.hasta = daysAgo(Math.max(0, (desde ?? 90) - span));
    for (const key of Object.keys(filters) as (keyof Filters)[]) if (filters[key] === undefined) delete filters[key];
    return filters;
  });

describe("GET /v3/consultas/{adminMail}/exportar", () => {
  it("gives, for any of the list's filters and either app, the entries of every page of the list, in its order", async () => {
    let withEntries = 0;
    await fc.assert(
      fc.asyncProperty(filtersArbitrary, fc.constantFrom("A", "B"), async (filters, which) => {
        const app = which === "A" ? appA : appB;
        const want = await listed(app, filters);
        expect(await exported(app, filters)).toEqual(want);
        if (want.length > 0) withEntries++;
      }),
      { numRuns: 40, seed: 29 },
    );
    // Most runs compare something: the filters are not so narrow that both sides are empty.
    expect(withEntries).toBeGreaterThan(20);
  }, 240_000);

  it("with no filter holds what the app sees and nothing of the other app's", async () => {
    const hrefs = async (app: Credentials) => (await exported(app, {})).map((entry) => entry._links.self.href.split("/").pop());
    const [deA, deB] = [await hrefs(appA), await hrefs(appB)];
    expect(deA.length).toBeGreaterThan(50);
    expect(deA.filter((sid) => sidsDe.B.includes(sid as string))).toEqual([]);
    expect(deB.filter((sid) => sidsDe.A.includes(sid as string))).toEqual([]);
    expect(deB.length).toBeGreaterThan(0);
  });

  it("answers 404 with no body for an agency the app does not have, as the list does", async () => {
    const stranger = await createApp("Exportar extraña");
    for (const [app, agency] of [
      [stranger, mail],
      [appA, unique("nadie")],
    ] as const) {
      const response = await call(app, "GET", `/v3/consultas/${agency}/exportar`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("");
    }
  });

  it("refuses what the list refuses, naming the parameter, before sending anything", async () => {
    const cases: [Filters, string][] = [
      [{ desde: daysAgo(91) }, "desde"],
      [{ desde: daysAgo(1), hasta: daysAgo(3) }, "hasta"],
      [{ desde: "2026-02-30" }, "desde"],
      [{ operador: unique("no-opera") }, "operador"],
      [{ atendida: "si" }, "atendida"],
      [{ externalid: "x".repeat(300) }, "externalid"],
      [{ q: "a\u0007b" }, "q"],
    ];
    for (const [filters, name] of cases) {
      const [listResponse, exportResponse] = await Promise.all([
        call(appA, "GET", `/v3/consultas/${mail}${query(filters)}`),
        call(appA, "GET", `/v3/consultas/${mail}/exportar${query(filters)}`),
      ]);
      expect([listResponse.status, exportResponse.status], name).toEqual([400, 400]);
      expect(Object.keys((await exportResponse.json()).Errors), name).toEqual([name]);
    }
  });

  it("is offered as application/x-ndjson only (406 otherwise), without an ETag; HEAD answers its headers alone", async () => {
    const json = await call(appA, "GET", `/v3/consultas/${mail}/exportar`, undefined, { Accept: "application/json" });
    expect(json.status).toBe(406);
    for (const accept of ["application/x-ndjson", "*/*", "application/*"]) {
      const response = await call(appA, "GET", `/v3/consultas/${mail}/exportar`, undefined, { Accept: accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get("etag")).toBeNull();
      await response.arrayBuffer();
    }
    const head = await call(appA, "HEAD", `/v3/consultas/${mail}/exportar`);
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(await head.text()).toBe("");
  });
});
