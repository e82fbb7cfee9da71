import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar } from "../support/client";
import { auto, call, enquiry, list, publish, registered, unique } from "../support/consultas";

/**
 * GET /v3/consultas/{adminMail}/resumen (issue 21, item 4; docs/decisions/0042): its numbers equal what
 * the list answers for the same period and operador, per day too; listings, marks and the median.
 */

let appA: Credentials;
let appB: Credentials;
/** Registered with A (catalogue shared) and B (not shared). */
let mail: string;
const colaborador = unique("colaborador");
const tag = Math.random().toString(36).slice(2, 8);
const sids = { viejo: "", nuevo: "" };
const DAY = 86_400_000;

type Resumen = {
  Desde: string;
  Hasta: string;
  Total: number;
  PorDia: { Dia: string; Cantidad: number }[];
  PorTipoAnuncio: { TipoAnuncio: string; Cantidad: number }[];
  Publicaciones: { ExternalId: string; Cantidad: number }[];
  Atendidas: number;
  SinAtender: number;
  AtendidasEnUnaHora: number;
  MinutosHastaAtender: number | null;
  _links: Record<string, { href: string }>;
};

const resumen = async (app: Credentials, query = "", agency = mail) => {
  const response = await call(app, "GET", `/v3/consultas/${agency}/resumen${query}`);
  return { response, body: (response.status === 200 ? await response.json() : undefined) as Resumen };
};
const totalOf = async (app: Credentials, query: string) => (await list(app, mail, query)).body.Total as number;

beforeAll(async () => {
  [appA, appB] = await Promise.all([createApp("Resumen A"), createApp("Resumen B")]);
  mail = await registered([
    [appA, true],
    [appB, false],
  ]);
  await operar("agency.operator", { admin: mail, email: colaborador, nombre: "Ana", apellido: "Paz" });
  for (const [app, externalId] of [
    [appA, `Uno-${tag}`],
    [appA, `Dos-${tag}`],
    [appB, `Tres-${tag}`],
  ] as const) {
    expect((await publish(app, mail, externalId)).status).toBe(201);
  }
  const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString();
  sids.viejo = await enquiry({ AdminMail: mail, ExternalId: `Uno-${tag}`, TipoAnuncio: "publicacion", Momento: threeDaysAgo });
  sids.nuevo = await enquiry({ AdminMail: mail, ExternalId: `Uno-${tag}`, TipoAnuncio: "publicacion" });
  await enquiry({ AdminMail: mail, ExternalId: `Uno-${tag}`, TipoAnuncio: "publicacion", OperadorResponsable: colaborador });
  await enquiry({ AdminMail: mail, ExternalId: `Dos-${tag}`, TipoAnuncio: "publicacion" });
  await enquiry({ AdminMail: mail, ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos") });
  await enquiry({ AdminMail: mail, ExternalId: `Tres-${tag}`, TipoAnuncio: "publicacion" });
}, 120_000);

describe("GET /v3/consultas/{adminMail}/resumen", () => {
  it("Total, per TipoAnuncio and the top listings, as the app sees them", async () => {
    const { response, body } = await resumen(appA);
    expect(response.status).toBe(200);
    expect(body.Total).toBe(5);
    expect(body.Total).toBe(await totalOf(appA, ""));
    expect(body.PorTipoAnuncio).toEqual([
      { TipoAnuncio: "publicacion", Cantidad: 4 },
      { TipoAnuncio: "catalogo", Cantidad: 1 },
    ]);
    expect(body.Publicaciones).toEqual([
      { ExternalId: `uno-${tag}`, Cantidad: 3 },
      { ExternalId: `dos-${tag}`, Cantidad: 1 },
    ]);
    expect(body._links.consultas?.href).toBe(`/v3/consultas/${mail}`);
    const { body: deB } = await resumen(appB);
    expect(deB).toMatchObject({ Total: 1, Publicaciones: [{ ExternalId: `tres-${tag}`, Cantidad: 1 }] });
  });

  it("every day of the period, each equal to the list's Total for that day", async () => {
    const desde = new Date(Date.now() - 5 * DAY).toISOString().slice(0, 10);
    const { body } = await resumen(appA, `?desde=${desde}`);
    expect(body.PorDia.length).toBeGreaterThanOrEqual(5);
    expect(body.PorDia.length).toBeLessThanOrEqual(7);
    expect(body.PorDia.reduce((sum, day) => sum + day.Cantidad, 0)).toBe(body.Total);
    expect(body.PorDia.filter((day) => day.Cantidad > 0).length).toBe(2);
    for (const day of body.PorDia) {
      expect(day.Cantidad, day.Dia).toBe(await totalOf(appA, `?desde=${day.Dia}&hasta=${day.Dia}`));
    }
    const { body: narrow } = await resumen(appA, `?desde=${body.PorDia.at(-1)?.Dia}`);
    expect(narrow.PorDia).toHaveLength(1);
    expect(narrow.Total).toBe(4);
  });

  it("operador narrows to a collaborator's enquiries; the administrator sees them all", async () => {
    const { body } = await resumen(appA, `?operador=${colaborador}`);
    expect(body).toMatchObject({ Total: 1, Publicaciones: [{ ExternalId: `uno-${tag}`, Cantidad: 1 }] });
    expect(body.Total).toBe(await totalOf(appA, `?operador=${colaborador}`));
    expect((await resumen(appA, `?operador=${mail}`)).body.Total).toBe(5);
  });

  it("attended and not, from the app's own marks, those within an hour, and the median minutes until attended", async () => {
    expect((await resumen(appA)).body).toMatchObject({ Atendidas: 0, SinAtender: 5, AtendidasEnUnaHora: 0, MinutosHastaAtender: null });
    for (const sid of [sids.viejo, sids.nuevo]) {
      expect((await call(appA, "PUT", `/v3/consultas/${mail}/${sid}/atencion`, { Atendida: true, Por: "a@b.test" })).status).toBe(200);
    }
    const { body } = await resumen(appA);
    // Received 3 days ago and just now, both marked now: only the second within the hour.
    expect(body).toMatchObject({ Atendidas: 2, SinAtender: 3, AtendidasEnUnaHora: 1 });
    expect(body.Atendidas).toBe(await totalOf(appA, "?atendida=true"));
    // The median of about 3 days (4,320 minutes) and about none.
    expect(body.MinutosHastaAtender).toBeGreaterThanOrEqual(2155);
    expect(body.MinutosHastaAtender).toBeLessThanOrEqual(2165);
    expect((await resumen(appB)).body).toMatchObject({ Atendidas: 0, SinAtender: 1, AtendidasEnUnaHora: 0, MinutosHastaAtender: null });
  });

  it("400 naming the parameter, 404 with no body for an agency the app does not have", async () => {
    for (const [query, key] of [
      ["?desde=2020-01-01", "desde"],
      ["?hasta=ayer", "hasta"],
      [`?operador=${unique("nadie")}`, "operador"],
    ] as const) {
      const { response } = await resumen(appA, query);
      expect(response.status, query).toBe(400);
      expect(Object.keys((await response.json()).Errors), query).toEqual([key]);
    }
    const { response } = await resumen(appA, "", unique("nadie"));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });
});

describe("GET /v3/consultas/{adminMail}/resumen read again (a summary is kept until its agency changes)", () => {
  it("counts an enquiry stored since, one dated in the past too, and what sharing the catalogue changes; detached, a 404 at once", async () => {
    const agencia = await registered([[appA, true]]);
    expect((await publish(appA, agencia, `Otra-${tag}`)).status).toBe(201);
    await enquiry({ AdminMail: agencia, ExternalId: `Otra-${tag}`, TipoAnuncio: "publicacion" });
    const before = (await resumen(appA, "", agencia)).body;
    expect(before).toMatchObject({ Total: 1, Publicaciones: [{ ExternalId: `otra-${tag}`, Cantidad: 1 }] });
    const twoDaysAgo = new Date(Date.now() - 2 * DAY).toISOString();
    await enquiry({ AdminMail: agencia, ExternalId: `Otra-${tag}`, TipoAnuncio: "publicacion", Momento: twoDaysAgo });
    await enquiry({ AdminMail: agencia, ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos") });
    const after = (await resumen(appA, "", agencia)).body;
    expect(after).toMatchObject({ Total: 3, SinAtender: 3, Publicaciones: [{ ExternalId: `otra-${tag}`, Cantidad: 2 }] });
    expect(after.PorDia.filter((each) => each.Cantidad > 0)).toHaveLength(2);
    expect(after.Total).toBe((await list(appA, agencia)).body.Total);
    await operar("agency.share-catalogo", { admin: agencia, app: appA.AppKey, on: false });
    expect((await resumen(appA, "", agencia)).body).toMatchObject({ Total: 2, PorTipoAnuncio: [{ Cantidad: 2 }, { Cantidad: 0 }] });
    expect((await call(appA, "PATCH", `/v3/agencias/${agencia}/desasociar`)).status).toBe(204);
    expect((await resumen(appA, "", agencia)).response.status).toBe(404);
  });
});

describe("GET /v3/consultas/{adminMail}/resumen: the counters at the edges of the period", () => {
  /** Registered with A (catalogue shared) and B; enquiries just inside and just outside a 3-day period. */
  let bordes: string;
  const otro = unique("otro");
  const HOUR = 3_600_000;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
  const period = `?desde=${day(4)}&hasta=${day(2)}`;

  beforeAll(async () => {
    bordes = await registered([
      [appA, true],
      [appB, false],
    ]);
    await operar("agency.operator", { admin: bordes, email: otro, nombre: "Eva", apellido: "Sol" });
    expect((await publish(appA, bordes, `Borde-${tag}`)).status).toBe(201);
    expect((await publish(appB, bordes, `Ajena-${tag}`)).status).toBe(201);
    expect((await publish(appA, bordes, `Fuera-${tag}`)).status).toBe(201);
    const { body } = await resumen(appA, period, bordes);
    // The period's first moment and the one after its last, in the service's zone.
    const start = Date.parse(body.Desde);
    const end = Date.parse(body.Hasta) + 1000;
    const at = (time: number) => new Date(time).toISOString();
    const listing = (Momento: string, extra: Record<string, unknown> = {}) =>
      enquiry({ AdminMail: bordes, ExternalId: `Borde-${tag}`, TipoAnuncio: "publicacion", Momento, ...extra });
    const catalogue = (Momento: string) =>
      enquiry({ AdminMail: bordes, ExternalId: "", TipoAnuncio: "catalogo", Auto: auto("Fiat", "Cronos"), Momento });
    for (const time of [start - HOUR / 2, end + HOUR / 2]) {
      await listing(at(time));
      await catalogue(at(time));
    }
    await listing(at(start + HOUR / 2), { OperadorResponsable: otro });
    await catalogue(at(start + HOUR / 2));
    await listing(at(start + 26 * HOUR));
    await listing(at(start + 26 * HOUR));
    await listing(at(end - HOUR / 2));
    await enquiry({ AdminMail: bordes, ExternalId: `Ajena-${tag}`, TipoAnuncio: "publicacion", Momento: at(start + 26 * HOUR) });
    // Only before the period: a listing with none in it is not among its listings, not even with 0.
    await enquiry({ AdminMail: bordes, ExternalId: `Fuera-${tag}`, TipoAnuncio: "publicacion", Momento: at(start - HOUR / 2) });
    // In a whole week of a longer period.
    await listing(at(start - 6 * DAY));
  }, 120_000);

  it("counts each enquiry of the period in its day, and none of the moments around it", async () => {
    const { body } = await resumen(appA, period, bordes);
    expect(body.Total).toBe(5);
    expect(body.PorDia.map((each) => each.Cantidad)).toEqual([2, 2, 1]);
    for (const each of body.PorDia) {
      expect(each.Cantidad, each.Dia).toBe((await list(appA, bordes, `?desde=${each.Dia}&hasta=${each.Dia}`)).body.Total);
    }
    expect(body.PorTipoAnuncio).toEqual([
      { TipoAnuncio: "publicacion", Cantidad: 4 },
      { TipoAnuncio: "catalogo", Cantidad: 1 },
    ]);
    expect(body.Publicaciones).toEqual([{ ExternalId: `borde-${tag}`, Cantidad: 4 }]);
    const { body: first } = await resumen(appA, `?desde=${day(4)}&hasta=${day(4)}`, bordes);
    expect(first).toMatchObject({ Total: 2, PorDia: [{ Cantidad: 2 }], Publicaciones: [{ ExternalId: `borde-${tag}`, Cantidad: 1 }] });
  });

  it("adds up whole weeks of a longer period", async () => {
    const longer = `?desde=${day(20)}&hasta=${day(2)}`;
    const { body } = await resumen(appA, longer, bordes);
    expect(body.Total).toBe(9);
    expect(body.Total).toBe((await list(appA, bordes, longer)).body.Total);
    expect(body.Publicaciones).toEqual([
      { ExternalId: `borde-${tag}`, Cantidad: 6 },
      { ExternalId: `fuera-${tag}`, Cantidad: 1 },
    ]);
    const { body: deOtro } = await resumen(appA, `${longer}&operador=${otro}`, bordes);
    expect(deOtro).toMatchObject({ Total: 1, Publicaciones: [{ ExternalId: `borde-${tag}`, Cantidad: 1 }] });
  });

  it("narrows the counters to the operador, and to what each app sees", async () => {
    const { body } = await resumen(appA, `${period}&operador=${otro}`, bordes);
    expect(body).toMatchObject({ Total: 1, Publicaciones: [{ ExternalId: `borde-${tag}`, Cantidad: 1 }] });
    expect(body.PorDia.map((each) => each.Cantidad)).toEqual([1, 0, 0]);
    const { body: deB } = await resumen(appB, period, bordes);
    expect(deB).toMatchObject({ Total: 1, Publicaciones: [{ ExternalId: `ajena-${tag}`, Cantidad: 1 }] });
    expect(deB.PorDia.map((each) => each.Cantidad)).toEqual([0, 1, 0]);
    expect(deB.PorTipoAnuncio).toEqual([
      { TipoAnuncio: "publicacion", Cantidad: 1 },
      { TipoAnuncio: "catalogo", Cantidad: 0 },
    ]);
  });
});
