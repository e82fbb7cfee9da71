import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar } from "../support/client";
import { auto, call, enquiry, interesado, list, publish, registered } from "../support/consultas";

/**
 * `q` on the list of an agency and across every agency of the app (issue 21, item 1; docs/decisions/0040):
 * what it matches, folding, phone digits, the other filters, links, limits and what another app sees.
 */

let appA: Credentials;
let appB: Credentials;
/** Registered with A (catalogue shared) and with B; the second is A's alone. */
let shared: string;
let onlyA: string;
/** A surname no other test writes: every search of this file is about its own enquiries. */
const tag = Math.random().toString(36).slice(2, 8);
const SURNAME = `Núñez${tag}`;
const FOLDED = `nunez${tag}`;
const sids = { maria: "", pedro: "", catalogo: "", deB: "", otraAgencia: "" };

type Entry = { AdminMail?: string; Interesado: { Nombre: string }; _links: { self: { href: string } } };
type Page = { Total: number; Pagina: number; _entries: Entry[]; _links: Record<string, { href: string }> };

const sidsOf = (body: Page) => body._entries.map((entry) => entry._links.self.href.split("/").pop()).sort();
const search = async (app: Credentials, query: string) => {
  const response = await call(app, "GET", `/v3/consultas${query}`);
  return { response, body: (response.status === 200 ? await response.json() : await response.text()) as Page };
};
const found = async (query: string, app = appA, mail = shared) => {
  const { response, body } = await list(app, mail, query);
  expect(response.status, query).toBe(200);
  return sidsOf(body as Page);
};

beforeAll(async () => {
  [appA, appB] = await Promise.all([createApp("Búsqueda A"), createApp("Búsqueda B")]);
  shared = await registered([
    [appA, true],
    [appB, false],
  ]);
  onlyA = await registered([[appA, false]]);
  expect((await publish(appA, shared, `Hilux-${tag}`)).status).toBe(201);
  expect((await publish(appB, shared, `Amarok-${tag}`)).status).toBe(201);
  expect((await publish(appA, onlyA, `Etios-${tag}`)).status).toBe(201);
  const buyer = (Nombre: string, Email: string, Telefono: string | null) => interesado({ Nombre, Apellido: SURNAME, Email, Telefono });
  sids.maria = await enquiry({
    AdminMail: shared,
    ExternalId: `Hilux-${tag}`,
    TipoAnuncio: "publicacion",
    Interesado: buyer("María José", `MJ.${tag}@Correo.test`, "+54 9 (351) 555-0101"),
  });
  sids.pedro = await enquiry({
    AdminMail: shared,
    ExternalId: `Hilux-${tag}`,
    TipoAnuncio: "publicacion",
    Interesado: buyer("Pedro", `pedro.${tag}@correo.test`, null),
  });
  sids.catalogo = await enquiry({
    AdminMail: shared,
    ExternalId: "",
    TipoAnuncio: "catalogo",
    Auto: { ...auto("Peugeot", `Partner${tag}`), RefStock: null },
    Interesado: buyer("Ana", `ana.${tag}@correo.test`, "0351-4445566"),
  });
  sids.deB = await enquiry({
    AdminMail: shared,
    ExternalId: `Amarok-${tag}`,
    TipoAnuncio: "publicacion",
    Interesado: buyer("Bruno", `bruno.${tag}@correo.test`, null),
  });
  sids.otraAgencia = await enquiry({
    AdminMail: onlyA,
    ExternalId: `Etios-${tag}`,
    TipoAnuncio: "publicacion",
    Interesado: buyer("Carla", `carla.${tag}@correo.test`, null),
  });
}, 120_000);

describe("q on GET /v3/consultas/{adminMail}", () => {
  it("finds by surname ignoring case and accents, and only what the app sees", async () => {
    const mine = [sids.maria, sids.pedro, sids.catalogo].sort();
    expect(await found(`?q=${encodeURIComponent(SURNAME)}`)).toEqual(mine);
    expect(await found(`?q=${FOLDED.toUpperCase()}`)).toEqual(mine);
    expect(await found(`?q=${encodeURIComponent(` ${FOLDED} `)}`)).toEqual(mine);
    // B sees its own listing's enquiry and no catalogue enquiry (the agency does not share them with B).
    expect(await found(`?q=${FOLDED}`, appB)).toEqual([sids.deB]);
  });

  it("matches the beginning of name, e-mail, sid, make, model, version, ExternalId and RefStock; every word must match", async () => {
    const cases: [string, string[]][] = [
      [`maria ${FOLDED}`, [sids.maria]],
      [`JOSÉ ${FOLDED}`, [sids.maria]],
      [`mj.${tag}@correo.test`, [sids.maria]],
      [`correo.test ${FOLDED}`, [sids.maria, sids.pedro, sids.catalogo]],
      [(sids.pedro as string).slice(-12).toLowerCase(), [sids.pedro]],
      [`partner${tag}`, [sids.catalogo]],
      [`peugeot ${FOLDED}`, [sids.catalogo]],
      [`xei ${FOLDED}`, [sids.maria, sids.pedro, sids.catalogo]],
      [`hilux-${tag}`, [sids.maria, sids.pedro]],
      [`st-corolla ${FOLDED}`, [sids.maria, sids.pedro]],
      [`pedro ana ${FOLDED}`, []],
      // A term's beginning (docs/decisions/0051): an e-mail's part after punctuation, not a word's middle.
      [`${tag}@correo`, [sids.maria, sids.pedro, sids.catalogo]],
      [`pedro.${tag}@cor`, [sids.pedro]],
      [FOLDED.slice(2), []],
    ];
    for (const [q, expected] of cases) expect(await found(`?q=${encodeURIComponent(q)}`), q).toEqual([...expected].sort());
  });

  it("finds a phone by its digits, however either side formats it", async () => {
    for (const q of ["351 555 0101", "(351) 555-0101", "+5493515550101", "5550101"]) {
      expect(await found(`?q=${encodeURIComponent(q)}`), q).toEqual([sids.maria]);
    }
    expect(await found(`?q=${encodeURIComponent("351 444 5566")}`)).toEqual([sids.catalogo]);
  });

  it('finds a phone by any of its digits in a row, wherever they are in it (issue 34: "351 737")', async () => {
    for (const q of ["351 555", "515-550", "35155", "555 01"]) expect(await found(`?q=${encodeURIComponent(q)}`), q).toEqual([sids.maria]);
    // A trunk 0 written or not: 0351-4445566 is found by "351 444".
    expect(await found(`?q=${encodeURIComponent("351 444")}`)).toEqual([sids.catalogo]);
    expect(await found(`?q=${encodeURIComponent("351 777")}`)).toEqual([]);
  });

  it("LIKE's wildcards are plain characters", async () => {
    expect(await found(`?q=${encodeURIComponent(`${FOLDED.slice(0, 3)}%${tag}`)}`)).toEqual([]);
    expect(await found(`?q=${encodeURIComponent(`${FOLDED.slice(0, 4)}_${tag}`)}`)).toEqual([]);
  });

  it("combines with the other filters; Total counts the matches; the links keep q", async () => {
    expect(await found(`?q=${FOLDED}&externalid=HILUX-${tag}`)).toEqual([sids.maria, sids.pedro].sort());
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await found(`?q=${FOLDED}&hasta=${yesterday}`)).toEqual([]);
    const { body } = await list(appA, shared, `?q=${encodeURIComponent(`Maria ${FOLDED}`)}&pagina=1`);
    expect(body.Total).toBe(1);
    for (const relation of ["self", "first", "last"]) {
      expect(new URL(body._links[relation].href, "http://x").searchParams.get("q"), relation).toBe(`Maria ${FOLDED}`);
    }
    const { body: beyond } = await list(appA, shared, `?q=${FOLDED}&pagina=2`);
    expect(beyond).toMatchObject({ Total: 3, Pagina: 2, _entries: [] });
  });

  it("an empty q is no filter; over 100 characters or a control character is 400 naming q", async () => {
    const { body: all } = await list(appA, shared, "?q=");
    const { body: unfiltered } = await list(appA, shared);
    expect(all.Total).toBe(unfiltered.Total);
    expect((await list(appA, shared, `?q=${"a".repeat(100)}`)).response.status).toBe(200);
    for (const q of ["a".repeat(101), "gomez\u0007", "a\tb", "\u0085", "\u0000"]) {
      const { response } = await list(appA, shared, `?q=${encodeURIComponent(q)}`);
      expect(response.status, JSON.stringify(q)).toBe(400);
      expect(Object.keys((await response.json()).Errors), JSON.stringify(q)).toEqual(["q"]);
    }
  });
});

describe("what one search may cost (issue 29 (item 1), docs/decisions/0054)", () => {
  /** 36 one-letter words, 71 characters: each was a range of most of the terms' index (seconds at 25,000 enquiries). */
  const ONE_LETTER_WORDS = "a b c d e f g h i j k l m n o p q r s t u v w x y z 0 1 2 3 4 5 6 7 8 9";
  const TOO_MANY = `juan pablo de la cruz gomez ${FOLDED}`;

  const refused = async (response: Response) => {
    expect(response.status).toBe(400);
    return (await response.json()).Errors;
  };

  it("one-letter words alone, or more than 6 words, are a 400 naming q, on the list and across agencies", async () => {
    const noWord = { q: ["q debe tener al menos una palabra de 2 caracteres o más."] };
    const tooMany = { q: ["q no puede tener más de 6 palabras (sin contar las de menos de 2 caracteres, que no se buscan)."] };
    const onList = (q: string) => call(appA, "GET", `/v3/consultas/${shared}?q=${encodeURIComponent(q)}`);
    const acrossAgencies = (q: string) => call(appA, "GET", `/v3/consultas?q=${encodeURIComponent(q)}`);
    expect(await refused(await onList(ONE_LETTER_WORDS))).toEqual(noWord);
    expect(await refused(await acrossAgencies(ONE_LETTER_WORDS))).toEqual(noWord);
    expect(await refused(await onList("7"))).toEqual(noWord);
    expect(await refused(await onList(TOO_MANY))).toEqual(tooMany);
    expect(await refused(await acrossAgencies(TOO_MANY))).toEqual(tooMany);
  });

  it("a one-letter word beside others is not searched; 6 words, an e-mail, a sid and a phone's first digits are", async () => {
    expect(await found(`?q=${encodeURIComponent(`${FOLDED} z`)}`)).toEqual([sids.maria, sids.pedro, sids.catalogo].sort());
    expect(await found(`?q=${encodeURIComponent(`maria jose toyota corolla xei ${FOLDED}`)}`)).toEqual([sids.maria]);
    expect(await found(`?q=${encodeURIComponent(`MJ.${tag}@Correo.test`)}`)).toEqual([sids.maria]);
    expect(await found(`?q=${sids.pedro}`)).toEqual([sids.pedro]);
    expect(await found(`?q=${encodeURIComponent("0351 444")}`)).toEqual([sids.catalogo]);
  });
});

describe("a page read again (kept until its agency changes, decisions 0053 and 0112)", () => {
  it.each([
    ["q", `?q=otra${tag}`],
    ["the list without q", ""],
  ])("%s: finds an enquiry stored since, one dated in the past too; follows the marks, the sharing and a detached agency", async (_, q) => {
    const mail = await registered([[appA, true]]);
    expect((await publish(appA, mail, `Onix-${tag}`)).status).toBe(201);
    const buyer = interesado({ Apellido: `Otra${tag}` });
    const first = await enquiry({ AdminMail: mail, ExternalId: `Onix-${tag}`, TipoAnuncio: "publicacion", Interesado: buyer });
    const attended = q ? `${q}&atendida=true` : "?atendida=true";
    expect(await found(q, appA, mail)).toEqual([first]);
    const Momento = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const older = await enquiry({ AdminMail: mail, ExternalId: `Onix-${tag}`, TipoAnuncio: "publicacion", Interesado: buyer, Momento });
    const catalogo = await enquiry({
      AdminMail: mail,
      ExternalId: "",
      TipoAnuncio: "catalogo",
      Auto: auto("Fiat", "Cronos"),
      Interesado: buyer,
    });
    expect(await found(q, appA, mail)).toEqual([first, older, catalogo].sort());
    expect(await found(attended, appA, mail)).toEqual([]);
    expect((await call(appA, "PUT", `/v3/consultas/${mail}/${older}/atencion`, { Atendida: true, Por: "a@b.test" })).status).toBe(200);
    expect(await found(attended, appA, mail)).toEqual([older]);
    await operar("agency.share-catalogo", { admin: mail, app: appA.AppKey, on: false });
    expect(await found(q, appA, mail)).toEqual([first, older].sort());
    expect((await call(appA, "PATCH", `/v3/agencias/${mail}/desasociar`)).status).toBe(204);
    expect((await list(appA, mail, q)).response.status).toBe(404);
  });
});

describe("GET /v3/consultas?q= across every agency of the app", () => {
  it("finds in every agency the app sees, each entry with its agency; never another app's", async () => {
    const { response, body } = await search(appA, `?q=${FOLDED}`);
    expect(response.status).toBe(200);
    expect(sidsOf(body)).toEqual([sids.maria, sids.pedro, sids.catalogo, sids.otraAgencia].sort());
    expect(body.Total).toBe(4);
    const agencyOf = Object.fromEntries(body._entries.map((entry) => [entry._links.self.href.split("/").pop(), entry.AdminMail]));
    expect(agencyOf[sids.otraAgencia]).toBe(onlyA);
    expect(agencyOf[sids.maria]).toBe(shared);
    expect(sidsOf((await search(appB, `?q=${FOLDED}`)).body)).toEqual([sids.deB]);
    expect(sidsOf((await search(appA, `?q=carla+${FOLDED}`)).body)).toEqual([sids.otraAgencia]);
    expect(new URL(body._links.self?.href as string, "http://x").searchParams.get("q")).toBe(FOLDED);
    const { body: beyond } = await search(appA, `?q=${FOLDED}&pagina=2`);
    expect(beyond).toMatchObject({ Total: 4, Pagina: 2, _entries: [] });
  });

  it("an agency detached from the app drops out of its search", async () => {
    const mail = await registered([[appB, false]]);
    expect((await publish(appB, mail, `Ranger-${tag}`)).status).toBe(201);
    const sid = await enquiry({
      AdminMail: mail,
      ExternalId: `Ranger-${tag}`,
      TipoAnuncio: "publicacion",
      Interesado: interesado({ Apellido: `Solo${tag}` }),
    });
    expect(sidsOf((await search(appB, `?q=solo${tag}`)).body)).toEqual([sid]);
    expect((await call(appB, "PATCH", `/v3/agencias/${mail}/desasociar`)).status).toBe(204);
    expect(sidsOf((await search(appB, `?q=solo${tag}`)).body)).toEqual([]);
  });

  it("offers the ref form", async () => {
    const response = await call(appA, "GET", `/v3/consultas?q=maria+${FOLDED}`, undefined, { Accept: "application/vnd.service.ref+json" });
    expect(response.status).toBe(200);
    expect((await response.json())._entries).toEqual([
      { href: `/v3/consultas/${shared}/${sids.maria}`, title: `María José ${SURNAME}: Toyota Corolla` },
    ]);
  });

  it("q is required; the same limits as the list, each a 400 naming the parameter", async () => {
    for (const [query, key] of [
      ["", "q"],
      ["?q=", "q"],
      ["?q=%20%20", "q"],
      [`?q=${"a".repeat(101)}`, "q"],
      ["?q=a%01", "q"],
      ["?q=gomez&pagina=0", "pagina"],
      ["?q=gomez&desde=2020-01-01", "desde"],
    ] as const) {
      const { response, body } = await search(appA, query);
      expect(response.status, query).toBe(400);
      expect(Object.keys(JSON.parse(body as unknown as string).Errors), query).toEqual([key]);
    }
  });
});
