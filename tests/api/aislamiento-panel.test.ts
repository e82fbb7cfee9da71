import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar, server } from "../support/client";
import { call, enquiry, interesado, publish, registered, unique } from "../support/consultas";
import { createPanelUser, type PanelRole, signInPanel, signInResponse } from "../support/panel";

/**
 * Isolation in the Panel, as a property: random sequences of requests by the dashboard users of two
 * workspaces (apps A and B; admin, soporte and agencia users) to every page and route handler of
 * /panel, with parameters drawn from the agencies, operators, enquiries, listings, topics and
 * deliveries of BOTH workspaces. No response ever carries what the user may not see: another
 * workspace's data, another agency's data (agencia users), enquiries assigned to another operator
 * of their own agency (agencia users), another workspace's team (its users' e-mails and ids), or any
 * AppSecret / webhook Secret. Forged mutations (same origin, a role that may not use the handler, or
 * another workspace's object: an agency, a delivery, a team member) are refused and change nothing. Every user first goes once over the cases the issue names (`targeted`), then the
 * random sequences follow. A page may echo what the request names (a "not found" naming the agency
 * asked for, a form prefilled from the URL): those identifiers are removed from the response before
 * it is searched; anything else the user may not see is a leak.
 */

type Side = "A" | "B";
type User = { name: string; side: Side | null; role: PanelRole | null; email: string; agency?: string; cookie: string };
/** A request of the property; `names`: the identifiers it supplies itself (a page may echo them). */
type Req = { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; path: string; body?: Record<string, unknown>; names: string[] };
/** A string only some users may ever receive. */
type Secret = { value: string; what: string; visibleTo: (user: User) => boolean };

const PASSWORD = "clave-de-aislamiento-panel";
const TOPICS = ["consultas", "agencias"] as const;
const base = () => server().baseUrl;
const tag = () => Math.random().toString(36).slice(2, 10);
const lower = (value: string) => value.toLowerCase();

const apps = {} as Record<Side, Credentials>;
const workspaceName = {} as Record<Side, string>;
const users: User[] = [];
const secrets: Secret[] = [];
/** Every enquiry's sid with its agency (the targeted examples open each one in its agency's inbox). */
const enquiries: { sid: string; mail: string }[] = [];
/** The parameters the requests pick from: every identifier of both workspaces (and some unknown ones). */
const pool = {
  agencies: [] as string[],
  operators: [] as string[],
  sids: [] as string[],
  externalIds: [] as string[],
  /** Every listing with its agency and the workspace whose app published it. */
  listings: [] as { externalId: string; mail: string; side: Side }[],
  deliveries: [] as string[],
  /** Panel users' ids, with their workspace (null: an id nobody has). */
  members: [] as { id: string; side: Side | null }[],
};
/** What each agency user must see (checked once, so that not seeing the rest means something). */
const mustSee = new Map<string, string[]>();

// ── Who may see what ─────────────────────────────────────────────────────────────────────────────

const staffOf = (sides: Side[]) => (user: User) => (user.role === "admin" || user.role === "soporte") && sides.includes(user.side as Side);
const nobody = () => false;
/** An agency's own data (admin mail, operators, package): the staff of its apps, and its agency users there. */
const agencyData = (mail: string, sides: Side[]) => (user: User) =>
  staffOf(sides)(user) || (user.role === "agencia" && sides.includes(user.side as Side) && user.agency === mail);
/** An enquiry through one app: that app's staff, and the agency users of that workspace its operator filter shows it to. */
const enquiryOf = (mail: string, side: Side, operator: string) => (user: User) =>
  staffOf([side])(user) || (user.role === "agencia" && user.side === side && user.agency === mail && [mail, operator].includes(user.email));

function secret(value: string, what: string, visibleTo: Secret["visibleTo"]) {
  secrets.push({ value: lower(value), what, visibleTo });
  return value;
}

// ── Fixtures ─────────────────────────────────────────────────────────────────────────────────────

async function workspace(side: Side) {
  apps[side] = await createApp(`Aislada panel ${side}`);
  workspaceName[side] = `Aislamiento ${side} ${tag()}`;
  await operar("panel.workspace", { name: workspaceName[side], api: base(), appKey: apps[side].AppKey, appSecret: apps[side].AppSecret });
  secret(apps[side].AppKey, `AppKey ${side}`, staffOf([side]));
  secret(apps[side].AppSecret, `AppSecret ${side}`, nobody);
  secret(workspaceName[side], `espacio ${side}`, (user) => user.side === side);
  for (const topic of TOPICS) {
    const response = await call(apps[side], "POST", `/v3/appnotificaciones/${topic}`, {
      Callback: secret(`http://127.0.0.1:9/receptor-${side}-${topic}-${tag()}`, `Callback ${side} ${topic}`, staffOf([side])),
      Secret: secret(`secreto-${side}-${topic}-${tag()}-0123456789`, `Secret del webhook ${side} ${topic}`, nobody),
      HeaderCustom01: {
        Name: "X-Espacio",
        Value: secret(`valor-${side}-${topic}-${tag()}`, `encabezado ${side} ${topic}`, staffOf([side])),
      },
    });
    expect(response.status, `${side} ${topic}: ${await response.clone().text()}`).toBe(201);
  }
}

/** The app whose invitation created each registered agency: the only one whose admin may edit it (decisions 0022). */
const creators = new Map<string, Side>();

/** A registered agency of the given apps (created through the first one's invitation), with a collaborator and (optionally) a package. */
async function agency(label: string, attach: [Side, boolean][], plan: boolean) {
  const sides = attach.map(([side]) => side);
  const mail = await registered(attach.map(([side, share]) => [apps[side], share]));
  creators.set(mail, sides[0] as Side);
  secret(mail, `agencia ${label}`, agencyData(mail, sides));
  const colaborador = secret(`colaborador.${tag()}@operadores.test`, `colaborador de ${label}`, agencyData(mail, sides));
  await operar("agency.operator", { admin: mail, email: colaborador, nombre: "Colaborador", apellido: label });
  if (plan) {
    const name = secret(`Plan ${label} ${tag()}`, `paquete de ${label}`, agencyData(mail, sides));
    await operar("agency.plan", { admin: mail, plan: name, estado: "activo", publicaciones: 10 });
  }
  return { mail, colaborador };
}

/** A listing of the agency through the app, and an enquiry on it assigned to `operator`. */
async function buyer(label: string, side: Side, mail: string, operator: string, catalogo = false) {
  let externalId = "";
  if (!catalogo) {
    externalId = secret(
      `ext-${side}-${tag()}`,
      `ExternalId ${label}`,
      (user) => staffOf([side])(user) || (user.role === "agencia" && user.side === side && user.agency === mail),
    );
    expect((await publish(apps[side], mail, externalId)).status).toBe(201);
    pool.externalIds.push(externalId);
    pool.listings.push({ externalId, mail, side });
  }
  const visible = enquiryOf(mail, side, operator);
  const email = secret(`comprador-${side}-${tag()}@ejemplo.test`, `comprador ${label}`, visible);
  const sid = secret(
    await enquiry({
      AdminMail: mail,
      ExternalId: externalId,
      TipoAnuncio: catalogo ? "catalogo" : "publicacion",
      ...(catalogo && { Auto: { Marca: "Fiat", Modelo: "Cronos", Estado: "nuevo" } }),
      OperadorResponsable: operator,
      Interesado: interesado({ Email: email }),
    }),
    `sid ${label}`,
    visible,
  );
  pool.sids.push(sid);
  enquiries.push({ sid, mail });
  return email;
}

/** A workspace's team may be seen by the user themself and by its admins (the Equipo page). */
const teamOf = (side: Side, email: string) => (user: User) => user.email === email || (user.role === "admin" && user.side === side);

/** The Panel users of a workspace, as the operator's `panel users` lists them. */
function team(side: Side): Promise<{ Id: string; Email: string; Role: string; Agency: string | null }[]> {
  return operar("panel.users", { workspace: workspaceName[side] });
}

async function panelUser(name: string, side: Side, role: PanelRole, email: string, agencyMail?: string): Promise<User> {
  if (role !== "agencia") secret(email, `usuario ${name}`, teamOf(side, email));
  await createPanelUser(server(), { workspace: workspaceName[side], email, role, password: PASSWORD, agency: agencyMail });
  return { name, side, role, email, agency: agencyMail, cookie: await signInPanel(base(), email, PASSWORD) };
}

/**
 * What a forged mutation could change: the agencies, webhooks, deliveries and packages of both apps,
 * both workspaces' teams (roles, agencies) and whether each Panel user still signs in with their password.
 */
async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const user of users.filter(({ role }) => role !== null)) {
    const response = await signInResponse(base(), user.email, PASSWORD);
    parts.push([user.name, response.headers.getSetCookie().some((cookie) => cookie.includes("next-auth.session-token="))]);
  }
  for (const side of ["A", "B"] as const) {
    parts.push([side, await team(side)]);
    const paths = [
      ...["registrada", "pendiente", "vencida"].map((estado) => `/v3/agencias?estado=${estado}`),
      ...TOPICS.map((topic) => `/v3/appnotificaciones/${topic}`),
      ...pool.agencies.map((mail) => `/v3/agencias/${mail}/productos`),
      ...pool.agencies.flatMap((mail) => [`/v3/publicaciones/${mail}`, `/v3/publicaciones/${mail}?estado=archivada`]),
    ];
    for (const path of paths) {
      const response = await call(apps[side], "GET", path);
      parts.push([side, path, response.status, await response.text()]);
    }
    for (const topic of TOPICS) {
      const response = await call(apps[side], "GET", `/v3/appnotificaciones/${topic}/entregas`);
      parts.push([side, topic, ((await response.json()) as { Total: number }).Total]);
    }
  }
  return JSON.stringify(parts);
}

let before: string;
let shared = "";
let agencyX = "";
let agencyZ = "";

beforeAll(async () => {
  await Promise.all([workspace("A"), workspace("B")]);
  // A: X and Y. B: Z and a pending invitation P. S: shared (A gets its catalogue enquiries, B does not).
  const [X, Y, Z, S] = await Promise.all([
    agency("X", [["A", true]], true),
    agency("Y", [["A", true]], true),
    agency("Z", [["B", true]], true),
    agency(
      "S",
      [
        ["A", true],
        ["B", false],
      ],
      false,
    ),
  ]);
  for (const { mail, colaborador } of [X, Y, Z, S]) {
    pool.agencies.push(mail);
    pool.operators.push(mail, colaborador);
  }
  agencyX = X.mail;
  agencyZ = Z.mail;
  shared = S.mail;
  const pending = secret(unique("pendiente"), "invitación pendiente de B", staffOf(["B"]));
  expect((await call(apps.B, "POST", "/v3/agencias", { AdminMail: pending })).status).toBe(202);
  pool.agencies.push(pending, unique("nunca-invitada"));

  const xColaborador = await buyer("X/colaborador", "A", X.mail, X.colaborador);
  await buyer("X/administrador", "A", X.mail, X.mail);
  const y = [await buyer("Y/administrador", "A", Y.mail, Y.mail), await buyer("Y/colaborador", "A", Y.mail, Y.colaborador)];
  await buyer("Z/administrador", "B", Z.mail, Z.mail);
  await buyer("Z/colaborador", "B", Z.mail, Z.colaborador);
  await buyer("S/colaborador por A", "A", S.mail, S.colaborador);
  await buyer("S/catálogo por A", "A", S.mail, S.mail, true);
  const sColaborador = await buyer("S/colaborador por B", "B", S.mail, S.colaborador);
  await buyer("S/administrador por B", "B", S.mail, S.mail);

  for (const side of ["A", "B"] as const) {
    for (const topic of TOPICS) {
      const response = await call(apps[side], "GET", `/v3/appnotificaciones/${topic}/entregas`);
      const { _entries } = (await response.json()) as { _entries: { Id: string }[] };
      for (const { Id } of _entries.slice(0, 3)) pool.deliveries.push(secret(Id, `entrega ${side} ${topic}`, staffOf([side])));
    }
  }
  pool.sids.push("01ARZ3NDEKTSV4RRFFQ69G5FAV");
  pool.deliveries.push("01ARZ3NDEKTSV4RRFFQ69G5FAV");

  users.push(
    ...(await Promise.all([
      panelUser("admin A", "A", "admin", unique("admin-a")),
      panelUser("soporte A", "A", "soporte", unique("soporte-a")),
      panelUser("agencia X (colaborador)", "A", "agencia", X.colaborador, X.mail),
      panelUser("agencia Y (administrador)", "A", "agencia", Y.mail, Y.mail),
      panelUser("admin B", "B", "admin", unique("admin-b")),
      panelUser("soporte B", "B", "soporte", unique("soporte-b")),
      panelUser("agencia S en B (colaborador)", "B", "agencia", S.colaborador, S.mail),
    ])),
    { name: "anónimo", side: null, role: null, email: "", cookie: "" },
  );
  mustSee.set("agencia X (colaborador)", [xColaborador]);
  mustSee.set("agencia Y (administrador)", y);
  mustSee.set("agencia S en B (colaborador)", [sColaborador]);
  for (const side of ["A", "B"] as const) {
    for (const member of await team(side)) {
      pool.members.push({
        id: secret(member.Id, `id del usuario ${member.Email}`, (user) => user.role === "admin" && user.side === side),
        side,
      });
    }
  }
  pool.members.push({ id: "01ARZ3NDEKTSV4RRFFQ69G5FAV", side: null });
  before = await snapshot();
}, 240_000);

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────

function req(
  method: Req["method"],
  path: string,
  query: Record<string, string | undefined> = {},
  names: string[] = [],
  body?: Req["body"],
): Req {
  const present = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = new URLSearchParams(present).toString();
  return { method, path: search ? `${path}?${search}` : path, names: [...names, ...present.map(([, value]) => value)], body };
}

async function send(user: User, request: Req): Promise<Response> {
  const headers: Record<string, string> = user.cookie ? { Cookie: user.cookie } : {};
  if (request.method !== "GET") headers.Origin = base();
  if (request.body) headers["Content-Type"] = "application/json";
  const body = request.body && JSON.stringify(request.body);
  return fetch(base() + request.path, { method: request.method, headers, body, redirect: "manual" });
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });

/** Built once the fixtures exist (the identifiers they pick from). */
function arbitraries() {
  const agency = fc.constantFrom(...pool.agencies);
  const operator = fc.constantFrom(...pool.operators);
  const sid = fc.constantFrom(...pool.sids);
  const delivery = fc.constantFrom(...pool.deliveries);
  const topic = fc.constantFrom(...TOPICS, "otro-topico");
  const inboxQuery = fc.record({
    agencia: maybe(agency),
    operador: maybe(operator),
    externalid: maybe(fc.constantFrom(...pool.externalIds, "")),
    desde: maybe(fc.constantFrom(daysAgo(2), "2000-01-01")),
    pagina: maybe(fc.constantFrom("1", "2", "99", "0", "x")),
    sid: maybe(sid),
  });
  const reads: fc.Arbitrary<Req> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(fc.constantFrom("/panel/consultas", "/panel/consultas/exportar", "/panel/consultas/novedades"), inboxQuery)
        .map(([path, query]) => req("GET", path, query)),
    },
    { weight: 2, arbitrary: agency.map((mail) => req("GET", `/panel/agencias/${mail}`, {}, [mail])) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          q: maybe(fc.oneof(agency, operator, fc.constant("autos"))),
          estado: maybe(fc.constantFrom("todas", "registrada", "pendiente", "vencida", "otra")),
          operador: maybe(operator),
          desasociada: maybe(agency),
        })
        .map((query) => req("GET", "/panel/agencias", query)),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom("/panel", "/panel/paquete", "/panel/notificaciones", "/panel/equipo", "/panel/conexion")
        .map((path) => req("GET", path)),
    },
    {
      weight: 3,
      arbitrary: fc
        .record({
          agencia: maybe(agency),
          estado: maybe(fc.constantFrom("activa", "suspendida", "archivada", "todas", "otra")),
          exposicion: maybe(fc.constantFrom("alta", "baja", "x")),
          operador: maybe(operator),
          q: maybe(fc.constantFrom(...pool.externalIds, "toyota")),
          pagina: maybe(fc.constantFrom("1", "2", "x")),
        })
        .map((query) => req("GET", "/panel/publicaciones", query)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...pool.externalIds, "no-existe-1"), maybe(agency))
        .map(([externalId, agencia]) => req("GET", `/panel/publicaciones/${externalId}`, { agencia }, [externalId])),
    },
    { weight: 1, arbitrary: fc.constant(req("GET", "/panel/agencias/ciudad", { region: "cordoba", ciudad: "villa maria" })) },
    { weight: 1, arbitrary: topic.map((name) => req("GET", `/panel/notificaciones/${name}`)) },
    { weight: 1, arbitrary: topic.map((name) => req("GET", `/panel/notificaciones/${name}/configurar`)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(topic, maybe(fc.constantFrom("pendiente", "fallida", "entregada", "otra")), maybe(fc.constantFrom("1", "2", "x")))
        .map(([name, estado, pagina]) => req("GET", `/panel/notificaciones/${name}/entregas`, { estado, pagina })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(topic, delivery).map(([name, id]) => req("GET", `/panel/notificaciones/${name}/entregas/${id}`, {}, [id])),
    },
  );
  const webhook = { Callback: "http://127.0.0.1:9/forjado", Secret: "secreto-forjado-0123456789" };
  const member = fc.constantFrom(...pool.members);
  const memberChange = fc.constantFrom<[Req["method"], string, Req["body"]]>(
    ["PUT", "", { Rol: "admin", Agencia: "" }],
    ["PUT", "", { Rol: "agencia", Agencia: pool.agencies[0] }],
    ["DELETE", "", undefined],
    ["POST", "/contrasena", { Contrasena: "clave-forjada-0123" }],
  );
  /**
   * Mutations of the Panel's route handlers: `adminMayUse`: whether an admin of the workspace may use
   * it on that object; `userMayUse`: whether another user may (an agencia user on its own listings).
   */
  const mutation = (side: Side | null): fc.Arbitrary<Req & { adminMayUse: boolean; userMayUse?: (user: User) => boolean }> => {
    const own = (mail: string) => side !== null && secrets.find((entry) => entry.value === mail)?.visibleTo(staffUser(side)) === true;
    const ownDelivery = (id: string) =>
      side !== null && secrets.find((entry) => entry.value === lower(id))?.visibleTo(staffUser(side)) === true;
    return fc.oneof(
      fc
        .oneof(agency, fc.constant(unique("forjada")))
        .map((mail) => ({ ...req("POST", "/panel/agencias/invitar", {}, [mail], { AdminMail: mail }), adminMayUse: true })),
      agency.map((mail) => ({
        ...req("PUT", `/panel/agencias/${mail}/datos`, {}, [mail], { Nombre: "Intento ajeno", Telefono: "+54 11 5555-0000" }),
        adminMayUse: own(mail) && (creators.get(mail) ?? side) === side,
      })),
      agency.map((mail) => ({ ...req("PATCH", `/panel/agencias/${mail}/desasociar`, {}, [mail]), adminMayUse: own(mail) })),
      fc.tuple(topic, fc.constantFrom("POST", "PUT", "DELETE") as fc.Arbitrary<Req["method"]>).map(([name, method]) => ({
        ...req(method, `/panel/notificaciones/${name}`, {}, [], method === "DELETE" ? undefined : webhook),
        adminMayUse: true,
      })),
      topic.map((name) => ({ ...req("POST", `/panel/notificaciones/${name}/prueba`), adminMayUse: true })),
      fc.tuple(topic, delivery).map(([name, id]) => ({
        ...req("POST", `/panel/notificaciones/${name}/entregas/${id}/reintentar`, {}, [id]),
        adminMayUse: ownDelivery(id),
      })),
      // The team: another workspace's member (or nobody's id) is a 404 to an admin; anyone else gets a 403.
      fc.tuple(member, memberChange).map(([{ id, side: memberSide }, [method, suffix, body]]) => ({
        ...req(method, `/panel/equipo/${id}${suffix}`, {}, [id], body),
        adminMayUse: memberSide !== null && memberSide === side,
      })),
      fc.constantFrom(unique("forjado"), ...users.map(({ email }) => email).filter(Boolean)).map((email) => ({
        ...req("POST", "/panel/equipo/agregar", {}, [email], {
          Email: email,
          Nombre: "Forjado",
          Rol: "admin",
          Agencia: "",
          Contrasena: "clave-forjada-0123",
        }),
        adminMayUse: true,
      })),
      // The connection: only its own workspace's admin may test or change it.
      fc.constant({ ...req("POST", "/panel/conexion/prueba"), adminMayUse: true }),
      // A listing's actions: its app's admin, and the agencia user of its agency who has it in their care (the marketplace's listings are the administrator's).
      fc
        .tuple(fc.constantFrom(...pool.listings), fc.constantFrom("pausar", "reactivar", "archivar"), maybe(agency))
        .map(([{ externalId, mail, side: listingSide }, accion, agencia]) => ({
          ...req("POST", `/panel/publicaciones/${externalId}/accion`, {}, [externalId, agencia ?? mail], {
            agencia: agencia ?? mail,
            accion,
          }),
          adminMayUse: listingSide === side && (agencia ?? mail) === mail,
          userMayUse: (user: User) =>
            user.role === "agencia" &&
            user.side === listingSide &&
            user.agency === mail &&
            user.email === mail &&
            (agencia ?? mail) === mail,
        })),
      fc.constantFrom(apps.A, apps.B).map((app) => ({
        ...req("PUT", "/panel/conexion/credenciales", {}, [], { ApiBaseUrl: base(), AppKey: app.AppKey, AppSecret: app.AppSecret }),
        adminMayUse: true,
      })),
    );
  };
  /** A user (by name) and a request: mostly reads; forged mutations only where they must be refused. */
  const step = fc.constantFrom(...users.map(({ name }) => name)).chain((name) => {
    const user = byName(name);
    return fc.tuple(
      fc.constant(name),
      fc.oneof(
        { weight: 6, arbitrary: reads.map((request) => ({ ...request, forged: false })) },
        {
          weight: 1,
          arbitrary: mutation(user.side)
            .filter((request) => (user.role !== "admin" || !request.adminMayUse) && !request.userMayUse?.(user))
            .map(({ adminMayUse: _, userMayUse: __, ...request }) => ({ ...request, forged: true })),
        },
      ),
    );
  });
  return { step };
}

type Step = [string, Req & { forged: false }];

/**
 * Before the random sequences, every user once over the cases the issue names: each agency's inbox,
 * export, poll and detail page, and each enquiry opened in its agency's inbox and in the default one.
 */
function targeted(): [Step[]][] {
  const get = (path: string, query: Record<string, string | undefined> = {}, names: string[] = []) => ({
    ...req("GET", path, query, names),
    forged: false as const,
  });
  return users.map(({ name }) => [
    [
      ...pool.agencies.flatMap((mail) => [
        get("/panel/consultas", { agencia: mail }),
        get("/panel/consultas/exportar", { agencia: mail }),
        get("/panel/consultas/novedades", { agencia: mail }),
        get(`/panel/agencias/${mail}`, {}, [mail]),
        get("/panel/publicaciones", { agencia: mail }),
        get("/panel/publicaciones", { agencia: mail, estado: "suspendida" }),
      ]),
      ...pool.listings.map(({ externalId, mail }) => get(`/panel/publicaciones/${externalId}`, { agencia: mail }, [externalId])),
      ...enquiries.flatMap(({ sid, mail }) => [get("/panel/consultas", { agencia: mail, sid }), get("/panel/consultas", { sid })]),
    ].map((request): Step => [name, request]),
  ]);
}

/** A stand-in staff user of the workspace, to ask the visibility rules whether an object is its own. */
const staffUser = (side: Side): User => ({ name: "", side, role: "admin", email: "", cookie: "" });

// ── What a response may carry ────────────────────────────────────────────────────────────────────

/** The response's headers and body, lower-cased, without the identifiers the request supplied itself. */
function readable(response: Response, body: string, request: Req): string {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  let text = lower(`${headers}\n${body}`);
  const echoes = request.names
    .filter((name) => name.length >= 8)
    .flatMap((name) => [lower(name), lower(encodeURIComponent(name))])
    .sort((a, b) => b.length - a.length);
  for (const echo of echoes) text = text.split(echo).join("");
  return text;
}

const leaks = (user: User, text: string) =>
  secrets.filter(({ value, visibleTo }) => !visibleTo(user) && (text.includes(value) || text.includes(lower(encodeURIComponent(value)))));

/**
 * A server error React streamed into a page already answered 200: an errored boundary's digest, in
 * the HTML or in the flight data (a JS string there, quotes escaped). Next's own interrupts
 * (notFound, forbidden, redirect) carry a NEXT_ digest.
 */
const streamedError = (text: string) => /data-dgst="(?!next_)|\\?"digest\\?":\\?"(?!next_)/.test(text);

const byName = (name: string) => users.find((candidate) => candidate.name === name) as User;

/** What is wrong with one response to one user's request (nothing, when isolation holds). */
async function problems(who: User, request: Req & { forged: boolean }, response: Response): Promise<string[]> {
  const found: string[] = [];
  const body = await response.text();
  const location = response.headers.get("location") ?? "";
  if (response.status >= 500) found.push(`a server error: ${body.slice(0, 200)}`);
  if (who.role === null) {
    const toSignIn = response.status >= 300 && response.status < 400 && location.includes("/ingresar");
    if (!toSignIn && response.status !== 403) found.push("not sent to sign in");
  } else if (request.forged) {
    // Another role's handler: 403. An admin's handler on another workspace's object: the API's 403 or 404.
    if (!(who.role === "admin" ? [403, 404] : [403]).includes(response.status)) found.push("a forged mutation not refused");
  } else if (location.includes("/ingresar")) found.push("the session did not hold");
  const text = readable(response, body, request);
  if (streamedError(text)) found.push("a server error streamed into the page");
  const leaked = leaks(who, text).map(({ what }) => what);
  if (leaked.length) found.push(`leaked: ${leaked.join(", ")}`);
  return found;
}

/**
 * Random sequences of steps (arbitraries()), each response checked by problems(); the count of
 * answers by role, kind of request and status.
 */
async function checkSequences(parameters: { numRuns: number; examples?: [Step[]][] }): Promise<Map<string, number>> {
  const { step } = arbitraries();
  const statuses = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 15 }), async (steps) => {
      for (const [name, request] of steps) {
        const who = byName(name);
        const response = await send(who, request);
        const key = `${who.role ?? "anónimo"} ${request.forged ? "mutación" : "GET"} ${response.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        expect(await problems(who, request, response), `${who.name}: ${request.method} ${request.path} → ${response.status}`).toEqual([]);
      }
    }),
    { ...parameters, endOnFailure: true },
  );
  return statuses;
}

describe("isolation in the Panel", () => {
  it("each user does see its own data (so not seeing the rest means something)", async () => {
    const sees = async (who: string, path: string, expected: string[]) => {
      const response = await send(byName(who), req("GET", path));
      expect(response.status, `${who} ${path}`).toBe(200);
      const text = lower(await response.text());
      for (const value of expected) expect(text, `${who} ${path} shows ${value}`).toContain(lower(value));
    };
    for (const [who, expected] of mustSee) await sees(who, "/panel/consultas", expected);
    for (const who of ["admin A", "soporte A"]) {
      await sees(who, "/panel/notificaciones", [secrets.find((entry) => entry.what === "Callback A consultas")?.value as string]);
    }
    await sees("admin A", "/panel/equipo", [byName("soporte A").email, byName("agencia X (colaborador)").email, workspaceName.A]);
    await sees("admin B", "/panel/equipo", [byName("soporte B").email, byName("agencia S en B (colaborador)").email]);
    await sees("admin A", "/panel/conexion", [apps.A.AppKey, workspaceName.A]);
    await sees(
      "admin A",
      `/panel/consultas?agencia=${encodeURIComponent(agencyX)}`,
      secrets.filter((s) => s.what.startsWith("comprador X/")).map((s) => s.value),
    );
    await sees(
      "soporte B",
      `/panel/consultas?agencia=${encodeURIComponent(shared)}`,
      secrets.filter((s) => s.what.endsWith("por B") && s.what.startsWith("comprador")).map((s) => s.value),
    );
    // The shared agency registered through A's invitation: A's admin edits it, B's reads it (decisions 0022).
    const detail = `/panel/agencias/${encodeURIComponent(shared)}`;
    await sees("admin A", detail, ["Editar datos"]);
    await sees("admin B", detail, ["Solo lectura", "solo esa app puede modificar sus datos"]);
    expect(await (await send(byName("admin B"), req("GET", detail))).text()).not.toContain("Editar datos");
  });

  it("no response to a Panel user carries what that user may not see; forged mutations are refused", async () => {
    const statuses = await checkSequences({ numRuns: 60, examples: targeted() });
    const requests = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    console.log(`${requests} requests:`, Object.fromEntries([...statuses].sort()));
    expect(requests).toBeGreaterThan(600);
    expect(await snapshot(), "the forged mutations changed nothing").toBe(before);
    // Over 600 Panel pages rendered: 240 s ran out in CI's first pass while the second ran beside it
    // (decision 0126) on a machine loaded besides.
  }, 480_000);

  it("what an admin creates or changes through the Panel reaches no one outside its workspace (and agency)", async () => {
    for (const [side, own] of [
      ["A", agencyX],
      ["B", agencyZ],
    ] as const) {
      const admin = byName(`admin ${side}`);
      const invited = secret(unique(`invitada-panel-${side.toLowerCase()}`), `invitada por el panel ${side}`, staffOf([side]));
      const invite = await send(admin, req("POST", "/panel/agencias/invitar", {}, [], { AdminMail: invited }));
      expect(invite.status, await invite.clone().text()).toBe(202);
      pool.agencies.push(invited);
      const webhook = {
        Callback: secret(`http://127.0.0.1:9/panel-${side}-${tag()}`, `Callback del panel ${side}`, staffOf([side])),
        HeaderCustom01: {
          Name: "X-Espacio",
          Value: secret(`valor-panel-${side}-${tag()}`, `encabezado del panel ${side}`, staffOf([side])),
        },
      };
      const configured = await send(admin, req("PUT", "/panel/notificaciones/consultas", {}, [], webhook));
      expect(configured.status, await configured.clone().text()).toBe(200);
      const nombre = secret(`Agencia renombrada ${side} ${tag()}`, `nombre nuevo de la agencia de ${side}`, agencyData(own, [side]));
      const edited = await send(admin, req("PUT", `/panel/agencias/${own}/datos`, {}, [own], { Nombre: nombre }));
      expect(edited.status, await edited.clone().text()).toBe(200);
      // A member added through the Equipo page: seen by this workspace's admins only.
      const email = secret(unique(`miembro-panel-${side.toLowerCase()}`), `miembro agregado por el panel ${side}`, teamOf(side, ""));
      const body = { Email: email, Nombre: "Miembro nuevo", Rol: "soporte", Agencia: "", Contrasena: "clave-del-miembro-nuevo" };
      const added = await send(admin, req("POST", "/panel/equipo/agregar", {}, [], body));
      expect(added.status, await added.clone().text()).toBe(201);
      const { Id } = (await added.json()) as { Id: string };
      pool.members.push({
        id: secret(Id, `id del miembro agregado por el panel ${side}`, (user) => user.role === "admin" && user.side === side),
        side,
      });
      // The other workspace's admin's e-mail is taken: said so, without saying where.
      const other = byName(`admin ${side === "A" ? "B" : "A"}`);
      const taken = req("POST", "/panel/equipo/agregar", {}, [other.email], { ...body, Email: other.email });
      const refused = await send(admin, taken);
      expect(refused.status).toBe(409);
      expect(await problems(admin, { ...taken, forged: false }, refused)).toEqual([]);
    }
    const statuses = await checkSequences({ numRuns: 20 });
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(150);
  }, 240_000);
});
