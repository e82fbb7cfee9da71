import { beforeAll, describe, expect, it } from "vitest";
import { admin, type Credentials, createApp } from "../support/client";
import { auto, call, enquiry, list, publish, registered, unique } from "../support/consultas";

/**
 * GET /v3/consultas/{adminMail}/resumen (issue 21 §4, docs/decisions/0042): its numbers equal what
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
  Total: number;
  PorDia: { Dia: string; Cantidad: number }[];
  PorTipoAnuncio: { TipoAnuncio: string; Cantidad: number }[];
  Publicaciones: { ExternalId: string; Cantidad: number }[];
  Atendidas: number;
  SinAtender: number;
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
  await admin("agency", "operator", "--admin", mail, "--email", colaborador, "--nombre", "Ana", "--apellido", "Paz");
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

  it("attended and not, from the app's own marks, and the median minutes until attended", async () => {
    expect((await resumen(appA)).body).toMatchObject({ Atendidas: 0, SinAtender: 5, MinutosHastaAtender: null });
    for (const sid of [sids.viejo, sids.nuevo]) {
      expect((await call(appA, "PUT", `/v3/consultas/${mail}/${sid}/atencion`, { Atendida: true, Por: "a@b.test" })).status).toBe(200);
    }
    const { body } = await resumen(appA);
    expect(body).toMatchObject({ Atendidas: 2, SinAtender: 3 });
    expect(body.Atendidas).toBe(await totalOf(appA, "?atendida=true"));
    // The median of about 3 days (4,320 minutes) and about none.
    expect(body.MinutosHastaAtender).toBeGreaterThanOrEqual(2155);
    expect(body.MinutosHastaAtender).toBeLessThanOrEqual(2165);
    expect((await resumen(appB)).body).toMatchObject({ Atendidas: 0, SinAtender: 1, MinutosHastaAtender: null });
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
