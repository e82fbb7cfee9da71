import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { ulid } from "ulid";
import { links, segment, withQuery } from "@/lib/api/links";
import { decryptSecret } from "@/lib/crypto/secrets";
import { planOnceUrl } from "@/lib/db/plan-once";
import { canonicalString, signCanonical } from "@/lib/http/signing";
import { addDays, counterHours, dayOf, formatDateTime, startOfDay } from "@/lib/time";
import {
  detailStatement,
  factsStillTrueSql,
  pageSql,
  type Statement,
  seekPageStatement,
  totalStatement,
  type Visible,
  visibleSql,
} from "./lib/sql";

/**
 * The baseline of `npm run bench`: the smallest server that answers the benchmarked requests the way
 * Vitrina does. Plain node:http + pg, the same SQL as lib/service (apps lookup and secret decryption,
 * the replay store, the agency visibility, the page and its Total, the catalogue best match) and the
 * same JSON, but no Next.js, no drizzle, no zod, no content negotiation, no ETag, no request log. And
 * the write Vitrina is judged by: POST /marketplace/consultas stores the enquiry and its
 * notification in one transaction (the database's own trigger writes its search terms, as for Vitrina).
 *   DATABASE_URL=… SECRETS_KEY=… PORT=… npx tsx bench/baseline.ts
 */

const PER_PAGINA = 50;
const MAX_PAGINA = 99;
const DIAS_CONSULTAS = 90;
const MAX_SKEW_MS = 300_000;
const REPLAY_WINDOW_MS = 600_000;
const SIMILARITY_THRESHOLD = 0.35;
const zone = process.env.SERVICE_TIME_ZONE || "America/Argentina/Buenos_Aires";
const secretsKey = Buffer.from(process.env.SECRETS_KEY ?? "", "hex");
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
/** As lib/db (decisions 0018): the list's page and Total prepared once per connection and planned once. */
const planOncePool = new pg.Pool({ connectionString: planOnceUrl(process.env.DATABASE_URL ?? ""), max: 10 });
const statementNames = new Map<string, string>();

function plannedOnce<R extends pg.QueryResultRow>(statement: Statement) {
  let name = statementNames.get(statement.text);
  if (!name) {
    name = `lista_${statementNames.size}`;
    statementNames.set(statement.text, name);
  }
  return planOncePool.query<R>({ name, text: statement.text, values: statement.values });
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message = "",
  ) {
    super(message);
  }
}

type AppRow = { id: string; secret_primary: string; secret_secondary: string | null };
type ConsultaRow = {
  sid: string;
  momento: Date;
  origen_lead: string;
  tipo_anuncio: string;
  auto: Record<string, unknown>;
  interesado: { Nombre: string; Apellido: string };
  operador_responsable: string;
};

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

type CachedApp = { id: string; secrets: string[] };
const apps = new Map<string, { app: CachedApp; until: number }>();

/** As lib/service/apps/find-app.ts: apps kept 10 s, asked again before refusing a signature. */
async function findApp(appKey: string, fresh = false): Promise<CachedApp | undefined> {
  const cached = apps.get(appKey);
  if (cached && cached.until > Date.now() && !fresh) return cached.app;
  const { rows } = await pool.query<AppRow>("select id, secret_primary, secret_secondary from apps where app_key = $1", [appKey]);
  const row = rows[0];
  if (!row) return undefined;
  const sealed = [row.secret_primary, row.secret_secondary].filter((value): value is string => value !== null);
  const app = { id: row.id, secrets: sealed.map((value) => decryptSecret(secretsKey, value)) };
  apps.set(appKey, { app, until: Date.now() + 10_000 });
  return app;
}

/** ACS-HMAC as lib/http/auth.ts: form, date, app, digest (no bodies here), signature, replay. */
async function authenticate(request: IncomingMessage, pathAndQuery: string): Promise<CachedApp> {
  const match = /^ACS-HMAC\s+([0-9a-f]{32}):([A-Za-z0-9+/]{43}=)$/.exec((request.headers.authorization ?? "").trim());
  if (!match) throw new HttpError(401, "authorization");
  const [, appKey = "", signature = ""] = match;
  const date = Date.parse(String(request.headers["x-acs-date"] ?? request.headers.date ?? ""));
  if (Number.isNaN(date) || Math.abs(date - Date.now()) > MAX_SKEW_MS) throw new HttpError(401, "date");
  let app = await findApp(appKey);
  if (!app) throw new HttpError(401, "app");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers[name] = value;
  const canonical = canonicalString({ method: request.method ?? "GET", pathAndQuery, headers });
  const signedBy = (candidate: CachedApp | undefined) =>
    candidate?.secrets.some((secret) => equal(signCanonical(secret, canonical), signature)) === true;
  if (!signedBy(app)) {
    app = await findApp(appKey, true);
    if (!app || !signedBy(app)) throw new HttpError(401, "signature");
  }
  const now = new Date();
  const replay = await pool.query(
    `insert into seen_signatures (signature, seen_at) values ($1, $2)
     on conflict (signature) do update set seen_at = $2 where seen_signatures.seen_at < $3
     returning signature`,
    [signature, now, new Date(now.getTime() - REPLAY_WINDOW_MS)],
  );
  if (replay.rowCount !== 1) throw new HttpError(401, "replay");
  return app;
}

async function registeredAgencia(appId: string, adminMail: string): Promise<Visible> {
  const { rows } = await pool.query<{ id: string; admin_mail: string; estado: string; compartir_catalogo: boolean }>(
    `select a.id, a.admin_mail, r.estado, r.compartir_catalogo
     from agencias a inner join agencia_apps r on r.agencia_id = a.id and r.app_id = $1
     where a.admin_mail = $2`,
    [appId, adminMail.toLowerCase()],
  );
  const row = rows[0];
  if (row?.estado !== "registrada") throw new HttpError(404);
  return { agenciaId: row.id, adminMail: row.admin_mail, appId, compartir: row.compartir_catalogo };
}

const facts = new Map<string, { visible: Visible; until: number }>();

/** As lib/service/consultas/facts.ts: the agency and the operador of a list, kept 10 s unless `fresh`. */
async function listFacts(appId: string, adminMail: string, operadorEmail: string | null, fresh = false): Promise<Visible> {
  const key = `${appId} ${adminMail.toLowerCase()} ${operadorEmail ?? ""}`;
  const kept = facts.get(key);
  if (kept && kept.until > Date.now() && !fresh) return kept.visible;
  const visible = await registeredAgencia(appId, adminMail);
  if (operadorEmail) {
    const { rows } = await pool.query<{ email: string; es_administrador: boolean }>(
      "select * from operadores where agencia_id = $1 and email = $2",
      [visible.agenciaId, operadorEmail],
    );
    const operador = rows[0];
    if (!operador) throw new HttpError(400, "operador");
    visible.operador = { email: operador.email, administrador: operador.es_administrador };
  }
  facts.set(key, { visible, until: Date.now() + 10_000 });
  return visible;
}

function present(row: ConsultaRow, adminMail: string) {
  const self = `/v3/consultas/${segment(adminMail)}/${segment(row.sid)}`;
  return {
    Momento: formatDateTime(row.momento, zone),
    OrigenLead: row.origen_lead,
    TipoAnuncio: row.tipo_anuncio,
    Auto: row.auto,
    Interesado: row.interesado,
    OperadorResponsable: row.operador_responsable,
    _links: {
      self: { href: self },
      agencia: { href: `/v3/agencias/${segment(adminMail)}` },
      resendwebhook: { href: `${self}/resendwebhook` },
    },
  };
}

/** Total and whether the facts held: the statement of bench/lib/sql.ts, or a plain count when the period holds no whole hour. */
async function total(visible: Visible, where: string, params: unknown[], from: Date, to: Date, operador?: string, externalId?: string) {
  const values = [...params];
  const statement = externalId ? undefined : totalStatement({ visible, where, params, from, to, operador });
  const { rows } = await plannedOnce<{ total: string; facts_true: boolean }>(
    statement ?? {
      text: `select count(*) as total, ${factsStillTrueSql(visible, (value) => `$${values.push(value)}`)} as facts_true from consultas where ${where}`,
      values,
    },
  );
  return { total: Number(rows[0]?.total ?? 0), factsTrue: rows[0]?.facts_true === true };
}

async function listConsultas(app: CachedApp, adminMail: string, query: URLSearchParams) {
  const operadorEmail = query.get("operador");
  const first = await readList(app, await listFacts(app.id, adminMail, operadorEmail), query);
  return first ?? (await readList(app, await listFacts(app.id, adminMail, operadorEmail, true), query));
}

/** The list as the facts say; undefined when they no longer held. */
async function readList(app: CachedApp, visible: Visible, query: URLSearchParams) {
  const today = dayOf(new Date(), zone);
  const desde = query.get("desde") ?? addDays(today, -DIAS_CONSULTAS);
  const hasta = query.get("hasta") ?? today;
  const now = new Date();
  const from = startOfDay(desde, zone);
  const endOfHasta = new Date(startOfDay(addDays(hasta, 1), zone).getTime() - 1);
  const to = endOfHasta.getTime() > now.getTime() ? now : endOfHasta;
  const params: unknown[] = [visible.agenciaId, app.id, from, to];
  let where = `${visibleSql(visible)} and momento >= $3 and momento <= $4`;
  let operadorFiltrado: string | undefined;
  if (visible.operador && !visible.operador.administrador) {
    operadorFiltrado = visible.operador.email;
    params.push(operadorFiltrado);
    where += ` and operador_responsable = $${params.length}`;
  }
  const externalId = query.get("externalid") ?? undefined;
  if (externalId) {
    params.push(externalId);
    where += ` and external_id = $${params.length}`;
  }
  const pagina = Number(query.get("pagina") ?? 1);
  const offset = (pagina - 1) * PER_PAGINA;
  const { firstHour, hourAfter } = counterHours(from, to);
  const page =
    pagina > 1 && !externalId && hourAfter > firstHour
      ? seekPageStatement({ visible, where, params, from, to, offset, operador: operadorFiltrado })
      : { text: pageSql(where, offset), values: params };
  const [result, counted] = await Promise.all([
    plannedOnce<ConsultaRow>(page),
    total(visible, where, params, from, to, operadorFiltrado, externalId),
  ]);
  if (!counted.factsTrue) return undefined;
  const totalCount = counted.total;
  const last = Math.min(MAX_PAGINA, Math.max(1, Math.ceil(totalCount / PER_PAGINA)));
  const base = `/v3/consultas/${segment(visible.adminMail)}`;
  const pageLink = (number: number) =>
    withQuery(base, {
      operador: query.get("operador") ?? undefined,
      externalid: externalId,
      desde: query.get("desde") ?? undefined,
      hasta: query.get("hasta") ?? undefined,
      pagina: number,
    });
  return {
    Desde: formatDateTime(from, zone),
    Hasta: formatDateTime(to, zone),
    Pagina: pagina,
    Total: totalCount,
    PerPagina: PER_PAGINA,
    _links: links({
      self: pageLink(pagina),
      first: pageLink(1),
      prev: pagina > 1 ? pageLink(Math.min(pagina - 1, last)) : undefined,
      next: pagina < last ? pageLink(pagina + 1) : undefined,
      last: pageLink(last),
      consulta: `${base}/{sid}`,
    }),
    _entries: result.rows.map((row) => present(row, visible.adminMail)),
  };
}

async function getConsulta(app: CachedApp, adminMail: string, sid: string) {
  const { text, values } = detailStatement(app.id, adminMail, sid);
  const { rows } = await pool.query<ConsultaRow & { admin_mail: string }>(text, values);
  if (!rows[0]) throw new HttpError(404);
  return present(rows[0], rows[0].admin_mail);
}

type MarcaRow = { id: number; nombre: string; codenames: string[]; mercado_nuevos: boolean };
const presentMarca = (row: MarcaRow) => ({
  Id: row.id,
  Nombre: row.nombre,
  Codenames: row.codenames,
  MercadoNuevos: row.mercado_nuevos,
  _links: { self: { href: `/v3/marcas/${row.id}` } },
});

async function listMarcas(self: string) {
  const { rows } = await pool.query<MarcaRow>("select * from marcas order by clave");
  return { _links: { self: { href: self } }, _entries: rows.map(presentMarca) };
}

const normalizeTerm = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** lib/service/catalogo/best-match.ts for a make given by name (no id or api-url). */
async function bestMatchMarca(value: string) {
  const term = normalizeTerm(value);
  const { rows } = await pool.query<{ item_id: number }>(
    `select item_id,
            case when termino = $1 then 0 when termino like $2 then 1 when false then 2 else 3 end as rank,
            similarity(termino, $1) as score
     from catalogo_terminos
     where tipo = 'marca' and true
       and (termino = $1 or termino like $2 or false or similarity(termino, $1) >= $3)
     order by rank, score desc, length(termino), item_id
     limit 1`,
    [term, `${term}%`, SIMILARITY_THRESHOLD],
  );
  if (!rows[0]) throw new HttpError(400, "make");
  const marca = await pool.query<MarcaRow>("select * from marcas where id = $1", [rows[0].item_id]);
  if (!marca.rows[0]) throw new HttpError(500);
  return presentMarca(marca.rows[0]);
}

type Ingest = {
  AdminMail: string;
  ExternalId: string;
  TipoAnuncio: string;
  OrigenLead: string;
  OperadorResponsable?: string;
  Interesado: Record<string, unknown>;
};

const marketplaceToken = `Bearer ${process.env.MARKETPLACE_TOKEN ?? ""}`;

async function readJson(request: IncomingMessage): Promise<Ingest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Ingest;
  } catch {
    throw new HttpError(400, "json");
  }
}

/**
 * POST /marketplace/consultas for a listing's enquiry: the agency, operator and listing in one
 * query, then one transaction with the audience, the notification and the enquiry.
 */
async function ingest(request: IncomingMessage) {
  if (!equal(request.headers.authorization ?? "", marketplaceToken)) throw new HttpError(401, "token");
  const input = await readJson(request);
  const { rows } = await pool.query<{ agencia_id: string; admin_mail: string; operador: string | null; app_id: string; auto: object }>(
    `select a.id as agencia_id, a.admin_mail, o.email as operador, p.app_id, p.auto
     from agencias a
     left join operadores o on o.agencia_id = a.id and o.email = coalesce($2, a.admin_mail)
     join publicaciones p on p.agencia_id = a.id and p.external_id = $3 and p.estado <> 'archivada'
     where a.admin_mail = $1 and a.registrada_at is not null`,
    [input.AdminMail, input.OperadorResponsable ?? null, input.ExternalId.toLowerCase()],
  );
  const target = rows[0];
  if (!target?.operador) throw new HttpError(400, "target");
  const now = new Date();
  const sid = ulid(now.getTime());
  const row: ConsultaRow = {
    sid,
    momento: now,
    origen_lead: input.OrigenLead,
    tipo_anuncio: input.TipoAnuncio,
    auto: target.auto as ConsultaRow["auto"],
    interesado: input.Interesado as ConsultaRow["interesado"],
    operador_responsable: target.operador,
  };
  const client = await pool.connect();
  try {
    await client.query("begin");
    // An enquiry and its notification, nothing more: Vitrina's counters (its commit-time trigger) are not the baseline's work.
    await client.query("set local vitrina.consultas_contadas = 'si'");
    const audience = await client.query<{ app_id: string }>(
      `select r.app_id from agencia_apps r
       join webhook_configs w on w.app_id = r.app_id and w.topic = 'consultas' and w.active
       where r.agencia_id = $1 and r.estado = 'registrada' and r.app_id = $2`,
      [target.agencia_id, target.app_id],
    );
    for (const { app_id } of audience.rows) {
      const id = ulid();
      const payload = {
        Id: id,
        Topic: "consultas",
        Evento: "consulta.recibida",
        Momento: formatDateTime(now, zone),
        Reenvio: false,
        Datos: { AdminMail: target.admin_mail, Sid: sid, Consulta: present(row, target.admin_mail) },
      };
      await client.query("insert into notificaciones (id, app_id, topic, payload) values ($1, $2, 'consultas', $3)", [id, app_id, payload]);
    }
    await client.query(
      `insert into consultas (sid, agencia_id, app_id, external_id, tipo_anuncio, origen_lead, momento, auto, interesado, operador_responsable)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        sid,
        target.agencia_id,
        target.app_id,
        input.ExternalId.toLowerCase(),
        row.tipo_anuncio,
        row.origen_lead,
        now,
        row.auto,
        row.interesado,
        row.operador_responsable,
      ],
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
  return { Sid: sid };
}

async function route(request: IncomingMessage): Promise<unknown> {
  const target = request.url ?? "/";
  if (request.method === "POST" && target === "/marketplace/consultas") return ingest(request);
  const url = new URL(target, "http://baseline");
  const app = await authenticate(request, target);
  const parts = url.pathname.split("/").map(decodeURIComponent);
  if (request.method !== "GET") throw new HttpError(405);
  if (parts[2] === "consultas" && parts.length === 4) return listConsultas(app, parts[3] ?? "", url.searchParams);
  if (parts[2] === "consultas" && parts.length === 5) return getConsulta(app, parts[3] ?? "", parts[4] ?? "");
  if (url.pathname === "/v3/marcas") return listMarcas(target);
  if (url.pathname === "/v3/marcas/bestmatch") return bestMatchMarca(url.searchParams.get("make") ?? "");
  throw new HttpError(404);
}

function reply(response: ServerResponse, status: number, body?: unknown) {
  const json = body === undefined ? "" : JSON.stringify(body);
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(json) });
  response.end(json);
}

const server = createServer((request, response) => {
  if (request.method !== "POST") request.resume();
  route(request).then(
    (body) => reply(response, request.method === "POST" ? 201 : 200, body),
    (error: unknown) => {
      if (error instanceof HttpError) reply(response, error.status, { Title: error.message, Status: error.status });
      else {
        console.error(error);
        reply(response, 500, { Status: 500 });
      }
    },
  );
});
const port = Number(process.env.PORT ?? 3991);
server.listen(port, "127.0.0.1", () => {
  console.log(`baseline listening on ${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => Promise.all([pool.end(), planOncePool.end()]).then(() => process.exit(0))));
