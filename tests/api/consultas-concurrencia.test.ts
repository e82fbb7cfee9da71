import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar, server } from "../support/client";
import { auto, call, enquiry, list, publish, registered, unique } from "../support/consultas";

/**
 * Many enquiries of one agency at once (decision 0129): each batch is sent all together, so on
 * PostgreSQL the service's connections count them side by side, each in its own slot. Afterwards
 * the list's Total (from the counters), every page (deep ones found from the per-hour counters),
 * the summary (per day, per kind, per listing) and an operator's Total are exactly what the stored
 * enquiries say, and a second batch is seen by every answer kept since the first (the revision rose).
 * On PostgreSQL the counters' rows are also compared, summed over their slots, with the enquiries.
 */

const BATCH = 120;
const MINUTE = 60_000;
const ZONE_OFFSET = -3 * 3_600_000; // America/Argentina/Buenos_Aires, no DST

type Stored = { sid: string; momento: number; externalId: string; operador: string };

let app: Credentials;
let mail: string;
const colaborador = unique("colaborador");
const tag = Math.random().toString(36).slice(2, 8);
const listings = [`Uno-${tag}`, `Dos-${tag}`];
const stored: Stored[] = [];

const dayOf = (time: number) => new Date(time + ZONE_OFFSET).toISOString().slice(0, 10);

/** `BATCH` enquiries sent at once, `offset` minutes apart from the previous batch's, over some 34 hours. */
async function ingestAtOnce(offset: number) {
  const now = Date.now();
  const sent = Array.from({ length: BATCH }, (_, index) => {
    const momento = now - (index * 17 + offset) * MINUTE;
    const catalogo = index % 4 === 0;
    const operador = index % 3 === 0 ? colaborador : mail;
    const externalId = catalogo ? "" : (listings[index % 2] as string);
    const body = {
      AdminMail: mail,
      Momento: new Date(momento).toISOString(),
      OperadorResponsable: operador,
      ...(catalogo
        ? { ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos") }
        : { ExternalId: externalId, TipoAnuncio: "publicacion" }),
    };
    return enquiry(body).then((sid) => ({ sid, momento, externalId: externalId.toLowerCase(), operador }));
  });
  stored.push(...(await Promise.all(sent)));
}

/** Every page of the list, in order. */
async function walk(query = "") {
  const sids: string[] = [];
  for (let pagina = 1; ; pagina++) {
    const { response, body } = await list(app, mail, `?pagina=${pagina}${query}`);
    expect(response.status).toBe(200);
    expect(body.Total).toBe(stored.length);
    sids.push(...body._entries.map((entry: { _links: { self: { href: string } } }) => entry._links.self.href.split("/").pop()));
    if (!body._links.next) return sids;
  }
}

const newestFirst = () => [...stored].sort((a, b) => b.momento - a.momento || (a.sid < b.sid ? 1 : -1)).map((consulta) => consulta.sid);

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

/** What every answer must say for the enquiries stored so far. */
async function expectExactAnswers() {
  expect(await walk()).toEqual(newestFirst());
  const { body: own } = await list(app, mail, `?operador=${colaborador}`);
  expect(own.Total).toBe(stored.filter((consulta) => consulta.operador === colaborador).length);

  const response = await call(app, "GET", `/v3/consultas/${mail}/resumen`);
  expect(response.status).toBe(200);
  const resumen = await response.json();
  expect(resumen.Total).toBe(stored.length);
  const publicacion = stored.filter((consulta) => consulta.externalId !== "").length;
  expect(resumen.PorTipoAnuncio).toEqual([
    { TipoAnuncio: "publicacion", Cantidad: publicacion },
    { TipoAnuncio: "catalogo", Cantidad: stored.length - publicacion },
  ]);
  const perListing = countBy(
    stored.filter((consulta) => consulta.externalId !== ""),
    (consulta) => consulta.externalId,
  );
  expect(new Map(resumen.Publicaciones.map((row: { ExternalId: string; Cantidad: number }) => [row.ExternalId, row.Cantidad]))).toEqual(
    perListing,
  );
  const perDay = countBy(stored, (consulta) => dayOf(consulta.momento));
  const days = resumen.PorDia.filter((row: { Cantidad: number }) => row.Cantidad > 0);
  expect(new Map(days.map((row: { Dia: string; Cantidad: number }) => [row.Dia, row.Cantidad]))).toEqual(perDay);
}

/** Each counter of the agency summed over its slots, next to the same count made from its enquiries. */
const COUNTERS = {
  hora: [
    `select coalesce(app_id, '') as a, operador_responsable as o, (date_trunc('hour', momento at time zone 'UTC') at time zone 'UTC')::text as k, count(*)::int as n
     from consultas where agencia_id = $1 group by 1, 2, 3 order by 1, 2, 3`,
    "select app_id as a, operador_responsable as o, hora::text as k, sum(cantidad)::int as n from consultas_por_hora where agencia_id = $1 group by 1, 2, 3 order by 1, 2, 3",
  ],
  dia: [
    `select coalesce(app_id, '') as a, operador_responsable as o, (momento at time zone 'UTC')::date::text as k, count(*)::int as n
     from consultas where agencia_id = $1 group by 1, 2, 3 order by 1, 2, 3`,
    "select app_id as a, operador_responsable as o, dia::text as k, sum(cantidad)::int as n from consultas_por_dia where agencia_id = $1 group by 1, 2, 3 order by 1, 2, 3",
  ],
  publicacion: [
    `select coalesce(app_id, '') as a, o, (momento at time zone 'UTC')::date::text || ' ' || external_id as k, count(*)::int as n
     from consultas cross join lateral (values (operador_responsable), ('')) as todos (o)
     where agencia_id = $1 and external_id <> '' group by 1, 2, 3 order by 1, 2, 3`,
    `select app_id as a, operador_responsable as o, dia::text || ' ' || external_id as k, sum(cantidad)::int as n
     from consultas_por_publicacion where agencia_id = $1 group by 1, 2, 3 order by 1, 2, 3`,
  ],
  semana: [
    `select coalesce(app_id, '') as a, o, date_trunc('week', momento at time zone 'UTC')::date::text || ' ' || external_id as k, count(*)::int as n
     from consultas cross join lateral (values (operador_responsable), ('')) as todos (o)
     where agencia_id = $1 and external_id <> '' group by 1, 2, 3 order by 1, 2, 3`,
    `select app_id as a, operador_responsable as o, semana::text || ' ' || external_id as k, sum(cantidad)::int as n
     from consultas_por_publicacion_semana where agencia_id = $1 group by 1, 2, 3 order by 1, 2, 3`,
  ],
  revision: [
    "select count(*)::int as n from consultas where agencia_id = $1",
    "select sum(revision)::int as n from consultas_revisiones where agencia_id = $1",
  ],
} as const;

beforeAll(async () => {
  app = await createApp("Concurrencia");
  mail = await registered([[app, true]]);
  await operar("agency.operator", { admin: mail, email: colaborador, nombre: "Ana", apellido: "Paz" });
  for (const externalId of listings) expect((await publish(app, mail, externalId)).status).toBe(201);
}, 120_000);

describe("many enquiries of one agency at once", () => {
  it("leave every answer exact, and a second batch is seen by the answers kept since the first", async () => {
    await ingestAtOnce(1);
    await expectExactAnswers();
    await ingestAtOnce(9);
    await expectExactAnswers();
  }, 120_000);

  // Only on PostgreSQL: PGlite has one connection, so its enquiries are counted one at a time, in one slot.
  if (process.env.DATABASE_URL)
    it("leave the counters and the revision, summed over their slots, equal to the enquiries (PostgreSQL)", async () => {
      const client = new pg.Client({ connectionString: server().env.DATABASE_URL });
      await client.connect();
      try {
        const [agencia] = (await client.query("select id from agencias where admin_mail = $1", [mail])).rows;
        for (const [name, [fromEnquiries, fromCounters]] of Object.entries(COUNTERS)) {
          const want = (await client.query(fromEnquiries, [agencia.id])).rows;
          expect(want.length, name).toBeGreaterThan(0);
          expect((await client.query(fromCounters, [agencia.id])).rows, name).toEqual(want);
        }
        const slots = await client.query("select count(distinct casilla)::int as n from consultas_revisiones where agencia_id = $1", [
          agencia.id,
        ]);
        // The batches were counted by more than one connection, in more than one slot.
        expect(slots.rows[0].n).toBeGreaterThan(1);
      } finally {
        await client.end();
      }
    });
});
