import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, operar } from "../support/client";
import { call, enquiry, interesado, publish, registered, unique } from "../support/consultas";
import { nuevaPublicacion } from "../support/publicaciones";
import { invitationMail, invitationMails, registroValido } from "../support/registro";

/**
 * Isolation, as a property: random sequences of reads and writes by apps A and B over every
 * agency, enquiry, listing and webhook either of them knows; no response to one app ever carries what
 * only the other may see (its listings, its enquiries and their buyers, its webhook configuration and
 * deliveries, what it wrote in its invitations, the profile of an agency that has not accepted the
 * app's invitation, its credentials), whatever the request. Then, as a model: both apps invite
 * one address, in any order, with the agency registering through either link, detaching and
 * inviting again, and editing (issue 17).
 */

type Side = "A" | "B";
const apps = {} as Record<Side, Credentials>;
const agencies: string[] = [];
const sids: string[] = [];
const deliveries: string[] = ["01ARZ3NDEKTSV4RRFFQ69G5FAV"];
/** Every v3 listing of each side, by agency: what its list must hold, and all its Total counts (issue 32). */
const listings: Record<Side, Map<string, Set<string>>> = { A: new Map(), B: new Map() };
/** Agencies registered with each side (where it may publish). */
const registeredWith: Record<Side, string[]> = { A: [], B: [] };
/** Strings only that side may ever receive. */
const privateTo: Record<Side, Set<string>> = { A: new Set(), B: new Set() };

const other = (side: Side): Side => (side === "A" ? "B" : "A");
const tag = () => Math.random().toString(36).slice(2, 10);
/** A phone number no other test writes. */
const telefono = () => `0351 ${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const NAMES: Record<Side, string> = { A: "Aislada A", B: "Aislada B" };

/** An invitation of `side` to `mail` with a Nombre and Telefono only it may ever see. */
async function inviteWithData(side: Side, mail: string) {
  const body = { AdminMail: mail, Nombre: `Invitación ${side} ${tag()}`, Telefono: telefono() };
  privateTo[side].add(body.Nombre).add(body.Telefono);
  expect((await call(apps[side], "POST", "/v3/agencias", body)).status).toBe(202);
}

/** A registration form whose every text is new: what the agency writes when it registers. */
const perfilNuevo = () => ({
  ...registroValido,
  Nombre: `Perfil ${tag()}`,
  AdminNombre: `Nombre${tag()}`,
  AdminApellido: `Apellido${tag()}`,
  Telefono: telefono(),
});

const accept = (link: string, body: Record<string, unknown>) =>
  fetch(`${link}/aceptar`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

beforeAll(async () => {
  [apps.A, apps.B] = await Promise.all([createApp(NAMES.A), createApp(NAMES.B)]);
  for (const side of ["A", "B"] as const) {
    privateTo[side].add(apps[side].AppKey);
    for (const topic of ["consultas", "publicaciones"]) {
      const callback = `http://127.0.0.1:9/receptor-${side}-${tag()}`;
      privateTo[side].add(callback);
      expect(
        (
          await call(apps[side], "POST", `/v3/appnotificaciones/${topic}`, {
            Callback: callback,
            Secret: `secreto-${side}-${tag()}-0123456789`,
          })
        ).status,
      ).toBe(201);
    }
  }
  const onlyA = await registered([[apps.A, true]]);
  const onlyB = await registered([[apps.B, true]]);
  // Shared: A gets its catalogue enquiries, B does not.
  const shared = await registered([
    [apps.A, true],
    [apps.B, false],
  ]);
  // Invited by both, each with its own data: one still pending for both; one registered through A's
  // link, so its profile and operators are A's to see while B's invitation is pending.
  const pendingBoth = unique("pendiente-de-dos");
  const registeredWithA = unique("registrada-con-a");
  for (const mail of [pendingBoth, registeredWithA]) {
    for (const side of ["A", "B"] as const) await inviteWithData(side, mail);
  }
  const perfil = perfilNuevo();
  for (const secret of [perfil.Nombre, perfil.AdminNombre, perfil.AdminApellido, perfil.Telefono]) privateTo.A.add(secret);
  expect((await accept((await invitationMail(registeredWithA, { from: NAMES.A })).link, perfil)).status).toBe(200);
  agencies.push(onlyA, onlyB, shared, pendingBoth, registeredWithA);
  registeredWith.A.push(onlyA, shared, registeredWithA);
  registeredWith.B.push(onlyB, shared);
  for (const mail of [onlyA, onlyB, shared, registeredWithA]) {
    await operar("agency.plan", { admin: mail, plan: "Aislado", estado: "activo", publicaciones: 40, baja: 40 });
  }
  for (const side of ["A", "B"] as const) {
    for (const mail of registeredWith[side]) expect((await listing(side, mail)).status).toBe(201);
  }

  const listingsOf = async (side: Side, mail: string) => {
    const externalId = `${side}-${tag()}`;
    expect((await publish(apps[side], mail, externalId)).status).toBe(201);
    privateTo[side].add(externalId.toLowerCase());
    // The marketplace's listings are the app's listings through v3 too.
    listings[side].set(mail, (listings[side].get(mail) ?? new Set<string>()).add(externalId));
    return externalId;
  };
  const buyer = async (side: Side, body: Record<string, unknown>) => {
    const email = `comprador-${side.toLowerCase()}-${tag()}@ejemplo.test`;
    const sid = await enquiry({ ...body, Interesado: interesado({ Email: email }) });
    privateTo[side].add(sid).add(email);
    sids.push(sid);
  };
  for (const [side, mail] of [
    ["A", onlyA],
    ["B", onlyB],
    ["A", shared],
    ["B", shared],
  ] as const) {
    await buyer(side, { AdminMail: mail, ExternalId: await listingsOf(side, mail), TipoAnuncio: "publicacion" });
  }
  await buyer("A", {
    AdminMail: shared,
    ExternalId: "",
    TipoAnuncio: "catalogo",
    Auto: { Marca: "Fiat", Modelo: "Cronos", Estado: "nuevo" },
  });
  for (const side of ["A", "B"] as const) {
    const response = await call(apps[side], "GET", "/v3/appnotificaciones/consultas/entregas");
    const { _entries } = (await response.json()) as { _entries: { Id: string }[] };
    for (const { Id } of _entries) {
      privateTo[side].add(Id);
      deliveries.push(Id);
    }
  }
}, 300_000);

/** A listing of `side` whose identity and texts only that side may see; known to its side once created. */
async function listing(side: Side, mail: string, extra: Record<string, unknown> = {}) {
  const body = nuevaPublicacion({
    ExternalId: `PUB-${side}-${tag()}`,
    RefStock: `RS${side}${tag()}`,
    Descripcion: `Descripción de ${side} ${tag()}`,
    Fotos: [{ Url: `https://fotos.example.com/${side}-${tag()}.jpg` }],
    ...extra,
  });
  for (const secret of [body.ExternalId, body.ExternalId.toLowerCase(), body.RefStock, body.Descripcion, body.Fotos[0]?.Url]) {
    privateTo[side].add(secret as string);
  }
  const response = await call(apps[side], "POST", `/v3/publicaciones/${mail}`, body);
  if (response.status === 201) {
    const known = listings[side].get(mail) ?? new Set<string>();
    listings[side].set(mail, known.add(body.ExternalId));
  }
  return response;
}

/** A request whose answer the step checks itself (it writes what only its side may see). */
type Custom = (side: Side) => Promise<Response>;

/** A new webhook configuration for the side that sends it: its Callback and custom header are that side's own. */
const webhookBody = fc.stringMatching(/^[a-z0-9]{8}$/).map((suffix) => (side: Side) => {
  const body = {
    Callback: `http://127.0.0.1:9/nuevo-${side}-${suffix}`,
    HeaderCustom01: { Name: "X-Cliente", Value: `cliente-${side}-${suffix}` },
  };
  privateTo[side].add(body.Callback).add(body.HeaderCustom01.Value);
  return body;
});

/** A mark on an enquiry, by someone only that side knows. */
const atencionBody = fc.tuple(fc.boolean(), fc.stringMatching(/^[a-z0-9]{8}$/)).map(([Atendida, suffix]) => (side: Side) => {
  const body = { Atendida, Por: `atiende-${side.toLowerCase()}-${suffix}@ejemplo.test` };
  privateTo[side].add(body.Por);
  return body;
});

const agency = () => fc.constantFrom(...agencies);
/** Any listing either side created (in the fixtures), named by its agency and ExternalId. */
const anyListing = () =>
  fc.constantFrom(
    ...(["A", "B"] as const).flatMap((side) => [...listings[side]].flatMap(([mail, ids]) => [...ids].map((id) => `${mail}/${id}`))),
  );
/** A PUT of a listing with a Descripcion only the side that sends it knows. */
const editBody = fc.stringMatching(/^[a-z0-9]{8}$/).map((suffix) => (side: Side) => {
  const body = { ...nuevaPublicacion({ Descripcion: `Editada por ${side} ${suffix}`, Activa: suffix < "m" }) };
  privateTo[side].add(body.Descripcion);
  const { ExternalId: _id, Marca: _marca, Modelo: _modelo, Version: _version, ...edit } = body;
  return edit;
});
const sid = () => fc.constantFrom(...sids);
/** Built once the fixtures exist (the agencies and enquiries the arbitraries pick from). */
const operations = () =>
  fc.oneof(
    fc.constant(["GET", "/v3/agencias"] as const),
    fc.constantFrom("pendiente", "registrada", "desasociada").map((estado) => ["GET", `/v3/agencias?estado=${estado}`] as const),
    agency().map((mail) => ["GET", `/v3/agencias/${mail}`] as const),
    fc
      .tuple(agency(), fc.constantFrom("", "&estado=pendiente", "&estado=registrada"))
      .map(([mail, estado]) => ["GET", `/v3/agencias?operador=${mail}${estado}`] as const),
    agency().map((mail) => ["GET", `/v3/agencias/${mail}/productos`] as const),
    agency().map((mail) => ["GET", `/v3/consultas/${mail}`] as const),
    agency().map((mail) => ["GET", `/v3/consultas/${mail}/resumen`] as const),
    fc
      .tuple(
        agency(),
        fc.constantFrom("?externalid=a", "?pagina=2", `?desde=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}`),
      )
      .map(([mail, query]) => ["GET", `/v3/consultas/${mail}${query}`] as const),
    fc.tuple(agency(), sid()).map(([mail, one]) => ["GET", `/v3/consultas/${mail}/${one}`] as const),
    fc.tuple(agency(), sid()).map(([mail, one]) => ["GET", `/v3/consultas/${mail}/${one}/historial`] as const),
    sid().map((one) => ["GET", `/v3/appnotificaciones/consultas/entregas?sid=${one}`] as const),
    fc.tuple(agency(), sid()).map(([mail, one]) => ["POST", `/v3/consultas/${mail}/${one}/resendwebhook`] as const),
    fc.tuple(agency(), sid(), atencionBody).map(([mail, one, body]) => ["PUT", `/v3/consultas/${mail}/${one}/atencion`, body] as const),
    fc
      .tuple(agency(), fc.constantFrom("?atendida=true", "?atendida=false"))
      .map(([mail, query]) => ["GET", `/v3/consultas/${mail}${query}`] as const),
    fc.constantFrom("?q=comprador", "?q=ejemplo.test&atendida=true").map((query) => ["GET", `/v3/consultas${query}`] as const),
    fc
      .constantFrom(
        "/v3/appnotificaciones",
        "/v3/appnotificaciones/consultas",
        "/v3/appnotificaciones/consultas/entregas",
        "/v3/appnotificaciones/publicaciones/entregas",
      )
      .map((path) => ["GET", path] as const),
    fc
      .tuple(agency(), fc.constantFrom("", "?estado=suspendida", "?estado=archivada", "?q=pub", "?exposicion=baja", "?q=vw%20amarok"))
      .map(([mail, query]) => ["GET", `/v3/publicaciones/${mail}${query}`] as const),
    anyListing().map((path) => ["GET", `/v3/publicaciones/${path}`] as const),
    anyListing().map((path) => ["OPTIONS", `/v3/publicaciones/${path}`] as const),
    fc.tuple(anyListing(), editBody).map(([path, body]) => ["PUT", `/v3/publicaciones/${path}`, body] as const),
    anyListing().map((path) => ["DELETE", `/v3/publicaciones/${path}`] as const),
    agency().map((mail) => ["POST", `/v3/publicaciones/${mail}`, ((side: Side) => listing(side, mail)) as Custom] as const),
    agency().map((mail) => ["PUT", `/v3/agencias/${mail}`, { Nombre: "Intento ajeno", Telefono: "+54 11 5555-0000" }] as const),
    agency().map((mail) => ["POST", "/v3/agencias", { AdminMail: mail }] as const),
    webhookBody.map((body) => ["PUT", "/v3/appnotificaciones/consultas", body] as const),
    fc.constant(["POST", "/v3/appnotificaciones/consultas/prueba"] as const),
    fc
      .constantFrom(...deliveries)
      .chain((id) =>
        fc.constantFrom(
          ["GET", `/v3/appnotificaciones/consultas/entregas/${id}`] as const,
          ["POST", `/v3/appnotificaciones/consultas/entregas/${id}/reintentar`] as const,
        ),
      ),
  );

describe("isolation between apps", () => {
  it("no response to one app carries what only the other may see", async () => {
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom<Side>("A", "B"), operations()), { minLength: 5, maxLength: 15 }),
        async (steps) => {
          for (const [side, [method, path, body]] of steps) {
            const response =
              method === "POST" && path.startsWith("/v3/publicaciones/")
                ? await (body as Custom)(side)
                : await call(apps[side], method, path, typeof body === "function" ? (body as (side: Side) => unknown)(side) : body);
            requests++;
            expect(response.status, `${side} ${method} ${path}`).toBeLessThan(500);
            // A problem's Instance echoes the caller's own request path: that is not a leak.
            const text = (await response.text()).split(path).join("");
            const leaked = [...privateTo[other(side)]].filter((secret) => text.includes(secret));
            expect(leaked, `${side} ${method} ${path} → ${response.status}`).toEqual([]);
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(requests).toBeGreaterThan(300);
  }, 240_000);

  it("each app's listings, and their Total, are its own in every agency, whatever the other did", async () => {
    for (const side of ["A", "B"] as const) {
      for (const mail of agencies) {
        const known = listings[side].get(mail) ?? new Set<string>();
        const seen: string[] = [];
        let total = 0;
        for (const estado of ["activa", "suspendida", "archivada"]) {
          const response = await call(apps[side], "GET", `/v3/publicaciones/${mail}?estado=${estado}`);
          if (!registeredWith[side].includes(mail)) {
            expect(response.status, `${side} ${mail}`).toBe(404);
            continue;
          }
          const page = (await response.json()) as { Total: number; _entries: { ExternalId: string }[] };
          total += page.Total;
          seen.push(...page._entries.map((entry) => entry.ExternalId));
        }
        if (!registeredWith[side].includes(mail)) continue;
        expect(seen.sort(), `${side} ${mail}`).toEqual([...known].sort());
        expect(total, `${side} ${mail}`).toBe(known.size);
      }
    }
  });
});

type Relation = "ninguna" | "pendiente" | "registrada" | "desasociada";
type Accion = { kind: "invitar"; side: Side; conDatos: boolean } | { kind: "aceptar" | "desasociar" | "editar"; side: Side };
type Perfil = { Nombre: string; Telefono: string | null; AdminNombre: string; AdminApellido: string };

/**
 * What each app should see of one address both may invite: the expected state of the service
 * after each step, and every text written so far with who may see it.
 */
class Direccion {
  readonly mail = unique("por-dos-apps");
  relation: Record<Side, Relation> = { A: "ninguna", B: "ninguna" };
  invitacion: Record<Side, { Nombre: string | null; Telefono: string | null }> = {
    A: { Nombre: null, Telefono: null },
    B: { Nombre: null, Telefono: null },
  };
  /** What each app wrote in its invitations: only that app may ever see it. */
  escrito: Record<Side, string[]> = { A: [], B: [] };
  perfil?: Perfil;
  /** Every text the account ever held: only apps the agency is registered with may see it. */
  delPerfil: string[] = [];
  creadora?: Side;
  /** An invitation of the app that the agency can still accept; how many invitation e-mails the app sent. */
  abierta: Record<Side, boolean> = { A: false, B: false };
  enviados: Record<Side, number> = { A: 0, B: 0 };

  ocultoPara(side: Side): string[] {
    return [...this.escrito[other(side)], ...(this.relation[side] === "registrada" ? [] : this.delPerfil)];
  }
}

async function invitar(d: Direccion, side: Side, conDatos: boolean) {
  const datos = conDatos ? { Nombre: `Invita ${side} ${tag()}`, Telefono: telefono() } : {};
  const response = await call(apps[side], "POST", "/v3/agencias", { AdminMail: d.mail, ...datos });
  const refused = d.perfil !== undefined && (d.relation[side] === "ninguna" || d.relation[side] === "registrada");
  expect(response.status, `${side} invita`).toBe(refused ? 409 : 202);
  if (refused) return;
  if (conDatos) {
    d.invitacion[side] = datos as { Nombre: string; Telefono: string };
    d.escrito[side].push(...Object.values(datos));
  }
  d.relation[side] = "pendiente";
  d.abierta[side] = true;
  d.enviados[side]++;
}

/** The newest invitation e-mail of `side` to the address, once every one it sent arrived (ids are time-ordered). */
async function ultimaInvitacion(d: Direccion, side: Side) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const mine = (await invitationMails(d.mail)).filter((message) => message.Asunto.startsWith(`${NAMES[side]} te invita`));
    if (mine.length >= d.enviados[side]) return mine.reduce((newest, message) => (message.Id > newest.Id ? message : newest));
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No llegaron las ${d.enviados[side]} invitaciones de ${side} a ${d.mail}`);
}

async function aceptar(d: Direccion, side: Side) {
  if (!d.abierta[side]) return;
  const message = await ultimaInvitacion(d, side);
  const { Nombre } = d.invitacion[side];
  expect(message.Texto.startsWith(Nombre ? `Hola, equipo de ${Nombre}:\n` : "Hola:\n"), `el saludo de ${side}`).toBe(true);
  const link = message.Texto.match(/https?:\/\/\S+\/registro\/[A-Za-z0-9_-]+/)?.[0] as string;
  const form = perfilNuevo();
  expect((await accept(link, form)).status, `aceptar por ${side}`).toBe(200);
  if (!d.perfil) {
    d.perfil = form;
    d.creadora = side;
    d.delPerfil.push(form.Nombre, form.Telefono, form.AdminNombre, form.AdminApellido);
  }
  d.relation[side] = "registrada";
  d.abierta[side] = false;
}

async function desasociar(d: Direccion, side: Side) {
  const response = await call(apps[side], "PATCH", `/v3/agencias/${d.mail}/desasociar`);
  const attached = d.relation[side] === "pendiente" || d.relation[side] === "registrada";
  expect(response.status, `${side} desasocia`).toBe(attached ? 204 : 403);
  if (!attached) return;
  d.relation[side] = "desasociada";
  d.abierta[side] = false;
}

async function editar(d: Direccion, side: Side) {
  const body = { Nombre: `Editado ${side} ${tag()}`, Telefono: telefono() };
  const response = await call(apps[side], "PUT", `/v3/agencias/${d.mail}`, body);
  const allowed = d.relation[side] === "registrada" && d.creadora === side;
  expect(response.status, `${side} edita`).toBe(allowed ? 200 : 403);
  if (!allowed || !d.perfil) return;
  d.perfil = { ...d.perfil, ...body };
  d.delPerfil.push(body.Nombre, body.Telefono);
}

const pasos: Record<Accion["kind"], (d: Direccion, accion: Accion) => Promise<void>> = {
  invitar: (d, accion) => invitar(d, accion.side, accion.kind === "invitar" && accion.conDatos),
  aceptar: (d, accion) => aceptar(d, accion.side),
  desasociar: (d, accion) => desasociar(d, accion.side),
  editar: (d, accion) => editar(d, accion.side),
};

/** Every read of the address by `side` answers as the model says, and carries nothing hidden from it. */
async function comprobar(d: Direccion, side: Side) {
  const leer = async (method: string, path: string) => {
    const response = await call(apps[side], method, path);
    const text = await response.text();
    const leaked = d.ocultoPara(side).filter((secret) => text.includes(secret));
    expect(leaked, `${side} ${method} ${path}`).toEqual([]);
    return { response, body: text ? JSON.parse(text) : undefined };
  };
  const relation = d.relation[side];
  const { response, body } = await leer("GET", `/v3/agencias/${d.mail}`);
  const options = await call(apps[side], "OPTIONS", `/v3/agencias/${d.mail}`);
  if (relation === "ninguna" || relation === "desasociada") {
    expect([response.status, options.status], `${side} no tiene ${d.mail}`).toEqual([404, 404]);
  } else if (relation === "pendiente") {
    expect(body, `${side} ve su invitación`).toMatchObject({
      ...d.invitacion[side],
      Estado: "pendiente",
      WhatsApp: null,
      Region: null,
      Ciudad: null,
      Direccion: null,
      Registrada: null,
      Operadores: [],
    });
  } else {
    const perfil = d.perfil as Perfil;
    expect(body, `${side} ve la cuenta`).toMatchObject({
      Estado: "registrada",
      Nombre: perfil.Nombre,
      Telefono: perfil.Telefono,
      Operadores: [{ Email: d.mail, Nombre: perfil.AdminNombre, Apellido: perfil.AdminApellido, EsAdministrador: true }],
    });
  }
  if (relation === "pendiente" || relation === "registrada") {
    const edits = relation === "registrada" && d.creadora === side;
    expect(options.headers.get("allow"), `${side} OPTIONS`).toBe(edits ? "GET, HEAD, PUT, OPTIONS" : "GET, HEAD, OPTIONS");
  }
  const listed = async (query: string) =>
    ((await leer("GET", `/v3/agencias${query}`)).body._entries as { AdminMail: string }[]).some((entry) => entry.AdminMail === d.mail);
  expect(await listed("?estado=pendiente"), `${side} pendientes`).toBe(relation === "pendiente");
  expect(await listed(""), `${side} registradas`).toBe(relation === "registrada");
  expect(await listed(`?estado=pendiente&operador=${d.mail}`), `${side} pendientes por operador`).toBe(false);
  expect(await listed(`?operador=${d.mail}`), `${side} registradas por operador`).toBe(relation === "registrada");
}

const sideArb = fc.constantFrom<Side>("A", "B");
const accion: fc.Arbitrary<Accion> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("invitar" as const), side: sideArb, conDatos: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("aceptar" as const), side: sideArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("desasociar" as const), side: sideArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("editar" as const), side: sideArb }) },
);

describe("two apps invite the same address, in any order", () => {
  it("each app sees only what it wrote until the agency accepts its invitation, and only the creator edits", async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(accion, { minLength: 3, maxLength: 9 }), async (acciones) => {
        const d = new Direccion();
        for (const paso of acciones) {
          await pasos[paso.kind](d, paso);
          steps++;
          for (const side of ["A", "B"] as const) await comprobar(d, side);
        }
        // Every invitation e-mail greets and informs with what its own app wrote, never with the account's data.
        for (const message of await invitationMails(d.mail)) {
          const side = message.Asunto.startsWith(NAMES.A) ? "A" : "B";
          const leaked = [...d.escrito[other(side)], ...d.delPerfil].filter((secret) => (message.Texto + message.Html).includes(secret));
          expect(leaked, `el correo de ${side}`).toEqual([]);
        }
      }),
      { numRuns: 12 },
    );
    expect(steps).toBeGreaterThan(40);
  }, 400_000);
});
