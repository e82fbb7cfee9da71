import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { decryptSecret } from "@/lib/crypto/secrets";
import { type Db, getDb } from "@/lib/db";
import {
  agenciaApps,
  agencias,
  apps,
  operadores,
  productos,
  publicacionCambios,
  publicaciones,
  publicacionFotos,
  serviceMeta,
} from "@/lib/db/schema";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";
import { createApp } from "@/lib/service/apps/create-app";
import { setAppTopics } from "@/lib/service/apps/set-topics";
import { TOPICS } from "@/lib/service/apps/topics";
import { loadCatalogo } from "@/lib/service/catalogo/load-catalogo";
import { tally } from "@/lib/service/consultas/write/tally";
import { fitPackage, levelFor, lockPackage } from "@/lib/service/publicaciones/cupo";
import { lookUp, type Resolved } from "@/lib/service/publicaciones/resolve";
import { addDays, DAY_MS, dayOf } from "@/lib/time";
import { COLORES, DEMO_AGENCIAS, type DemoAgencia, MODELOS } from "./data";
import {
  generateAuto,
  generateDeseo,
  generateExtras,
  generateInteresado,
  generateMomento,
  pick,
  type Random,
  type Slice,
  seededRandom,
} from "./generate";
import { type Staging, stagingOf } from "./staging";

export type Progress = (done: number, total: number) => void;

export const DEMO_APP_NAME = "Vitrina Demo";
const DEMO_APP_KEY = "demo.app";
const DAYS = 120;
const BATCH = 5_000;
const CATALOGUE_SHARE = 0.1;

export type DemoSeed = {
  AppKey: string;
  /** The demo app's secret (operator tooling only: the embedded start hands it to the Panel's workspace). */
  AppSecret: string;
  Agencias: string[];
  Consultas: number;
};

type SeededAgencia = {
  id: string;
  adminMail: string;
  operadores: string[];
  listings: { externalId: string; auto: object }[];
  peso: number;
};

/** Whether the demo was seeded here before (SEED_DEMO seeds only on the first start). */
export async function demoSeeded(): Promise<boolean> {
  const db = await getDb();
  const [known] = await db.select().from(serviceMeta).where(eq(serviceMeta.key, DEMO_APP_KEY));
  return Boolean(known);
}

async function ensureDemoApp(db: Db) {
  const [known] = await db.select().from(serviceMeta).where(eq(serviceMeta.key, DEMO_APP_KEY));
  const [app] = known ? await db.select().from(apps).where(eq(apps.id, known.value)) : [];
  if (app) {
    // A demo seeded before a topic existed gets it too (publicaciones, since issue 32).
    await setAppTopics({ appKey: app.appKey, enable: [...TOPICS], disable: [] });
    return { id: app.id, appKey: app.appKey, appSecret: decryptSecret(config().secretsKey, app.secretPrimary) };
  }
  const created = await createApp({ name: DEMO_APP_NAME, topics: [...TOPICS], contactEmail: "integraciones@vitrina.example" });
  await db
    .insert(serviceMeta)
    .values({ key: DEMO_APP_KEY, value: created.AppId })
    .onConflictDoUpdate({ target: serviceMeta.key, set: { value: created.AppId } });
  return { id: created.AppId, appKey: created.AppKey, appSecret: created.AppSecret };
}

/** The agency registered and attached to the demo app, with its operators, package and listings. */
async function ensureAgencia(db: Db, appId: string, demo: DemoAgencia, random: Random): Promise<SeededAgencia> {
  const now = new Date();
  const [existing] = await db.select().from(agencias).where(eq(agencias.adminMail, demo.adminMail));
  const id = existing?.id ?? newId();
  const today = dayOf(now, config().timeZone);
  await db.transaction(async (tx) => {
    const datos = {
      nombre: demo.nombre,
      telefono: demo.telefono,
      region: demo.region,
      ciudad: demo.ciudad,
      direccion: demo.direccion,
      registradaAt: existing?.registradaAt ?? now,
      creadaPorAppId: existing?.creadaPorAppId ?? appId,
    };
    await tx
      .insert(agencias)
      .values({ id, adminMail: demo.adminMail, ...datos })
      .onConflictDoUpdate({ target: agencias.adminMail, set: datos });
    const team = [
      { email: demo.adminMail, ...demo.admin, esAdministrador: true },
      ...demo.operadores.map((o) => ({ ...o, esAdministrador: false })),
    ];
    for (const operador of team) {
      await tx
        .insert(operadores)
        .values({ agenciaId: id, ...operador })
        .onConflictDoNothing({ target: [operadores.agenciaId, operadores.email] });
    }
    const relation = {
      estado: "registrada",
      invitadaAt: now,
      invitacionVenceAt: now,
      registradaAt: now,
      desasociadaAt: null,
      compartirCatalogo: true,
    };
    await tx
      .insert(agenciaApps)
      .values({ agenciaId: id, appId, ...relation })
      .onConflictDoUpdate({ target: [agenciaApps.agenciaId, agenciaApps.appId], set: relation });
    const plan = {
      plan: demo.plan.plan,
      estado: "activo",
      vigenteDesde: addDays(today, -DAYS),
      vigenteHasta: addDays(today, 365),
      publicacionesContratadas: demo.plan.publicaciones,
      exposicionAlta: demo.plan.alta,
      exposicionMedia: demo.plan.media,
      exposicionBaja: demo.plan.baja,
    };
    await tx
      .insert(productos)
      .values({ agenciaId: id, ...plan })
      .onConflictDoUpdate({ target: productos.agenciaId, set: plan });
  });
  const listings = await ensureListings(db, appId, id, demo, random);
  return { id, adminMail: demo.adminMail, operadores: [demo.adminMail, ...demo.operadores.map((o) => o.email)], listings, peso: demo.peso };
}

/** Each demo model's and colour's catalogue items, looked up once. */
async function catalogueOf(db: Db, agenciaId: string, appId: string) {
  const models = new Map<string, Resolved>();
  for (const modelo of MODELOS) {
    const names = {
      marca: { member: "Marca", value: modelo.marca },
      modelo: { member: "Modelo", value: modelo.modelo },
      carroceria: { member: "Carroceria", value: modelo.carroceria },
    };
    models.set(`${modelo.marca} ${modelo.modelo}`, await lookUp(db, agenciaId, names, appId));
  }
  const colours = new Map<string, Resolved>();
  for (const color of COLORES) colours.set(color, await lookUp(db, agenciaId, { color: { member: "Color", value: color } }, appId));
  return { models, colours };
}

/**
 * The agency's demo listings with prices, photos and levels within its package: the oldest first take
 * a place, at the level they ask for or the best one with room; those the package cannot hold wait
 * suspended by it. Existing listings are kept as they are, and the package is then made to hold
 * (nothing is notified: seeded rows are history).
 */
/** A demo listing's creation as its changes keep it (decision 0116): the partner's system listed it. */
const creacionDe = (row: { id: string; createdAt: Date; estado: string; motivo: string | null; exposicion: string | null }) => ({
  publicacionId: row.id,
  momento: row.createdAt,
  cambio: "creada",
  origen: "app",
  estado: row.estado,
  motivo: row.motivo,
  exposicion: row.exposicion,
});

async function ensureListings(db: Db, appId: string, agenciaId: string, demo: DemoAgencia, random: Random) {
  const prefix = demo.adminMail.slice(demo.adminMail.indexOf("@") + 1, demo.adminMail.indexOf("@") + 4).toUpperCase();
  const catalogue = await catalogueOf(db, agenciaId, appId);
  const now = Date.now();
  const paquete = {
    estado: "activo",
    contratadas: demo.plan.publicaciones,
    niveles: { Alta: demo.plan.alta, Media: demo.plan.media, Baja: demo.plan.baja },
  };
  const uso = { activas: 0, niveles: { Alta: 0, Media: 0, Baja: 0 } };
  const operadores = [demo.adminMail, ...demo.operadores.map((o) => o.email)];
  const listings = Array.from({ length: demo.publicaciones }, (_, index) => {
    const externalId = `${prefix}-${String(index + 1).padStart(5, "0")}`;
    const auto = generateAuto(random, externalId);
    const extras = generateExtras(random, auto, config().publicBaseUrl);
    const deseo = generateDeseo(random);
    const room = deseo.estado === "activa" && uso.activas < paquete.contratadas;
    const nivel = room ? levelFor(paquete, uso, deseo.pedida) : undefined;
    if (nivel) {
      uso.activas++;
      uso.niveles[nivel]++;
    }
    const model = catalogue.models.get(`${auto.Marca} ${auto.Modelo}`);
    const colour = catalogue.colours.get(auto.Color ?? "");
    // Listed oldest first over the period, each changed some days after it was listed.
    const creada = new Date(now - (DAYS - (index * DAYS) / demo.publicaciones) * DAY_MS);
    const estado = nivel ? "activa" : deseo.estado === "activa" ? "suspendida" : deseo.estado;
    return {
      row: {
        id: newId(creada.getTime()),
        appId,
        agenciaId,
        externalId: externalId.toLowerCase(),
        externalIdOriginal: externalId,
        refStock: auto.RefStock,
        marcaId: model?.marca?.id ?? null,
        marca: auto.Marca,
        modeloId: model?.modelo?.id ?? null,
        modelo: auto.Modelo,
        version: auto.Version,
        versionYear: auto.VersionYear,
        kilometraje: auto.Kilometraje,
        precio: auto.Precio,
        carroceriaId: model?.carroceria?.id ?? null,
        carroceria: auto.BodyType,
        colorId: colour?.color?.id ?? null,
        color: auto.Color,
        combustible: extras.combustible,
        transmision: extras.transmision,
        descripcion: extras.descripcion,
        operadorResponsable: pick(random, operadores),
        estado,
        motivo: nivel ? null : deseo.estado === "activa" ? "paquete" : "app",
        exposicionPedida: deseo.pedida,
        exposicion: nivel ?? null,
        auto,
        createdAt: creada,
        modificada: new Date(Math.min(now, creada.getTime() + random() * 10 * DAY_MS)),
        activada: nivel ? creada : null,
      },
      fotos: extras.fotos,
    };
  });
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(publicaciones)
      .values(listings.map((listing) => listing.row))
      // Kept as they are: the demo app's own, or an ExternalId another app already uses for the agency.
      .onConflictDoNothing()
      .returning({ id: publicaciones.id });
    const fresh = new Set(inserted.map((row) => row.id));
    const fotos = listings
      .filter((listing) => fresh.has(listing.row.id))
      .flatMap((listing) => listing.fotos.map((url, posicion) => ({ publicacionId: listing.row.id, url, posicion })));
    if (fotos.length > 0) await tx.insert(publicacionFotos).values(fotos);
    const creaciones = listings.filter((listing) => fresh.has(listing.row.id)).map(({ row }) => creacionDe(row));
    if (creaciones.length > 0) await tx.insert(publicacionCambios).values(creaciones);
    await fitPackage(tx, agenciaId, await lockPackage(tx, agenciaId), new Date(now));
  });
  const stored = await db
    .select({ externalId: publicaciones.externalId, auto: publicaciones.auto })
    .from(publicaciones)
    .where(and(eq(publicaciones.appId, appId), eq(publicaciones.agenciaId, agenciaId)));
  return stored.map((row) => ({ externalId: row.externalId, auto: row.auto as object }));
}

function pickAgencia(random: Random, seeded: SeededAgencia[]): SeededAgencia {
  let roll = random();
  for (const agencia of seeded) {
    roll -= agencia.peso;
    if (roll <= 0) return agencia;
  }
  return seeded[0] as SeededAgencia;
}

/** One enquiry row: about a listing of the demo app, or (one in ten) a 0 km of the catalogue. */
function consultaRow(random: Random, appId: string, seeded: SeededAgencia[], now: Date, slice: Slice) {
  const agencia = pickAgencia(random, seeded);
  const momento = generateMomento(random, now, DAYS, slice);
  const catalogo = random() < CATALOGUE_SHARE;
  const listing = pick(random, agencia.listings);
  const auto = catalogo ? generateAuto(random, "", { nuevo: true }) : listing.auto;
  return {
    sid: newId(momento.getTime()),
    agencia_id: agencia.id,
    app_id: catalogo ? null : appId,
    external_id: catalogo ? "" : listing.externalId,
    tipo_anuncio: catalogo ? "catalogo" : "publicacion",
    origen_lead: "form",
    momento: momento.toISOString(),
    auto,
    interesado: generateInteresado(random),
    operador_responsable: pick(random, agencia.operadores),
  };
}

/**
 * What a seed larger than the database's enquiries builds once at its end instead of keeping up row
 * by row (decisions 0120, 0128): the terms' index and the enquiries' indexes but their primary key,
 * each with the statements that drop it and make it again as it was defined. Their foreign keys stay:
 * dropping one locks the table it references (`apps`, `agencias`, which every request reads).
 */
const REBUILT = sql`
  select format('drop index %I', i.relname) as quitar, pg_get_indexdef(i.oid) as crear
  from pg_index x join pg_class i on i.oid = x.indexrelid
  where x.indrelid in ('consultas_terminos'::regclass, 'consultas'::regclass) and not x.indisprimary and not x.indisunique`;

type Rebuilt = { quitar: string; crear: string };

/**
 * The transaction stores the staged enquiries itself, their counters and terms too (decisions 0085,
 * 0120): the triggers that count an enquiry at the commit (migration 0024) and write its terms
 * (migration 0031) leave them. A seed larger than what the database held (a new or a demo database)
 * drops what `REBUILT` names and returns it, to make it again at the end. Searches, and reads of the
 * enquiries, wait for the seed's commit meanwhile.
 */
async function beginStoring(tx: Pick<Db, "execute">, consultas: number): Promise<Rebuilt[]> {
  await tx.execute(sql`set local vitrina.consultas_contadas = 'si'`);
  await tx.execute(sql`set local vitrina.consultas_terminos = 'aparte'`);
  const [antes] = await rowsOf<{ consultas: number }>(tx, sql`select count(*)::int as consultas from consultas`);
  if (consultas <= (antes?.consultas ?? 0)) return [];
  const rebuilt = await rowsOf<Rebuilt>(tx, REBUILT);
  if (!rebuilt.some((item) => item.crear.includes("consultas_terminos_idx"))) throw new Error("consultas_terminos_idx not found");
  for (const { quitar } of rebuilt) await tx.execute(sql.raw(quitar));
  return rebuilt;
}

/**
 * A staged batch stored by two statements, oldest first: the enquiries counted by the statement that
 * stores them, so counters and revisions come out as ingestion of the same enquiries one at a time
 * leaves them (decision 0085); then their terms, made when they were staged, as ingestion's trigger
 * writes an enquiry's (`consultas_terminos_guardar`, migration 0023): in the index's order when the
 * index is there.
 */
async function storeBatch(tx: Pick<Db, "execute">, staging: Staging, lote: number, indexed: boolean) {
  await tally(
    tx,
    sql`
    insert into consultas (sid, agencia_id, app_id, external_id, tipo_anuncio, origen_lead, momento, auto, interesado, operador_responsable)
    select sid, agencia_id, app_id, external_id, tipo_anuncio, origen_lead, momento, auto, interesado, operador_responsable
    from ${staging.table} where lote = ${lote} order by momento, sid
    returning agencia_id, app_id, operador_responsable, external_id, momento`,
  );
  await tx.execute(sql`
    insert into consultas_terminos (agencia_id, termino, momento, sid, app_id, tipo_anuncio, operador_responsable)
    select n.agencia_id, t.termino, n.momento, n.sid, n.app_id, n.tipo_anuncio, n.operador_responsable
    from ${staging.table} n, unnest(n.terminos) as t(termino)
    where n.lote = ${lote}
    ${indexed ? sql`order by n.agencia_id, t.termino collate "C", n.momento, n.sid` : sql``}`);
}

/**
 * The first promise's value once all have settled, or the first failure: the transaction never ends
 * (and its connection never goes back to the pool) with one of its statements still to run.
 */
async function together<T>(first: Promise<T>, ...rest: Promise<unknown>[]): Promise<T> {
  const results = await Promise.allSettled([first, ...rest]);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
  return (results[0] as PromiseFulfilledResult<T>).value;
}

async function rowsOf<T>(tx: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What `beginStoring` dropped, made again on all the rows: each index sorted once, with parallel workers. */
async function rebuild(tx: Pick<Db, "execute">, rebuilt: Rebuilt[]) {
  await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
  for (const { crear } of rebuilt) await tx.execute(sql.raw(crear));
}

/**
 * `seed demo`: the demo app, three registered agencies with operators, packages and listings
 * (idempotent), plus `consultas` new enquiries over the last 120 days, made, staged and stored in
 * batches of `batch`. Seeded enquiries queue no webhooks: they are history, not news.
 */
export async function seedDemo(
  input: { consultas: number; seed?: number; batch?: number },
  progress: Progress = () => {},
): Promise<DemoSeed> {
  const db = await getDb();
  // The listings name the catalogue's items: a CLI run on a database no server has started yet loads it.
  await loadCatalogo();
  const random = seededRandom(input.seed ?? Date.now());
  const app = await ensureDemoApp(db);
  const seeded: SeededAgencia[] = [];
  for (const demo of DEMO_AGENCIAS) seeded.push(await ensureAgencia(db, app.id, demo, random));
  const now = new Date();
  progress(0, input.consultas);
  // Oldest first, as enquiries arrive: each batch is its share of the period, in order, so rows of one
  // day sit together on disk as they would in a real database.
  const size = input.batch ?? BATCH;
  const batches = Math.ceil(input.consultas / size);
  const batch = (lote: number) => {
    const [from, to] = [lote * size, Math.min(input.consultas, (lote + 1) * size)];
    const slice = { from: from / input.consultas, to: to / input.consultas };
    const rows = Array.from({ length: to - from }, () => consultaRow(random, app.id, seeded, now, slice));
    return rows.sort((a, b) => a.momento.localeCompare(b.momento));
  };
  const staging = stagingOf(db);
  try {
    await db.transaction(async (tx) => {
      await staging.open(tx);
      const rebuilt = await beginStoring(tx, input.consultas);
      const indexed = rebuilt.length === 0;
      // Three at once: Node makes a batch while the staging connection stages the one before it and
      // the transaction stores the one before that.
      let rows = batches > 0 ? batch(0) : [];
      for (let lote = 0; lote < batches; lote++) {
        const staged = staging.stage(lote, rows);
        const stored = lote > 0 ? storeBatch(tx, staging, lote - 1, indexed) : Promise.resolve();
        rows = await together((async () => (lote + 1 < batches ? batch(lote + 1) : []))(), staged, stored);
        progress(lote * size, input.consultas);
      }
      if (batches > 0) await storeBatch(tx, staging, batches - 1, indexed);
      await rebuild(tx, rebuilt);
      progress(input.consultas, input.consultas);
    });
  } finally {
    await staging.close();
  }
  // Fresh statistics and visibility map: the planner picks the list indexes and counts run index-only.
  if (input.consultas > 0) await db.execute(sql`vacuum analyze consultas`);
  return { AppKey: app.appKey, AppSecret: app.appSecret, Agencias: seeded.map((a) => a.adminMail), Consultas: input.consultas };
}
