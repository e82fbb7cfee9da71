import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { decryptSecret } from "@/lib/crypto/secrets";
import { type Db, getDb } from "@/lib/db";
import { agenciaApps, agencias, apps, operadores, productos, publicaciones, serviceMeta } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";
import { NO_EXPOSICIONES } from "@/lib/service/agencias/get-productos";
import { createApp } from "@/lib/service/apps/create-app";
import { TOPICS } from "@/lib/service/apps/topics";
import { tally } from "@/lib/service/consultas/count-consultas";
import { addDays, dayOf } from "@/lib/time";
import { DEMO_AGENCIAS, type DemoAgencia } from "./data";
import { generateAuto, generateInteresado, generateMomento, pick, type Random, type Slice, seededRandom } from "./generate";

export type Progress = (done: number, total: number) => void;

export const DEMO_APP_NAME = "Vitrina Demo";
const DEMO_APP_KEY = "demo.app";
const LISTINGS_PER_AGENCY = 150;
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
  if (app) return { id: app.id, appKey: app.appKey, appSecret: decryptSecret(config().secretsKey, app.secretPrimary) };
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
    };
    await tx
      .insert(productos)
      .values({ agenciaId: id, exposiciones: NO_EXPOSICIONES, ...plan })
      .onConflictDoUpdate({ target: productos.agenciaId, set: plan });
  });
  const listings = await ensureListings(db, appId, id, demo, random);
  return { id, adminMail: demo.adminMail, operadores: [demo.adminMail, ...demo.operadores.map((o) => o.email)], listings, peso: demo.peso };
}

async function ensureListings(db: Db, appId: string, agenciaId: string, demo: DemoAgencia, random: Random) {
  const prefix = demo.adminMail.slice(demo.adminMail.indexOf("@") + 1, demo.adminMail.indexOf("@") + 4).toUpperCase();
  const listings = Array.from({ length: LISTINGS_PER_AGENCY }, (_, index) => {
    const externalId = `${prefix}-${String(index + 1).padStart(5, "0")}`;
    return { externalId: externalId.toLowerCase(), auto: generateAuto(random, externalId) };
  });
  await db
    .insert(publicaciones)
    .values(listings.map((listing) => ({ id: newId(), appId, agenciaId, externalId: listing.externalId, auto: listing.auto })))
    // Kept as they are: the demo app's own, or an ExternalId another app already uses for the agency.
    .onConflictDoNothing();
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
 * Bulk insert: one statement per batch, the rows as one JSON parameter (fast on PGlite and
 * PostgreSQL), counted per day in the same statement.
 */
async function insertConsultas(db: Db, rows: ReturnType<typeof consultaRow>[]) {
  await tally(
    db,
    sql`
    insert into consultas (sid, agencia_id, app_id, external_id, tipo_anuncio, origen_lead, momento, auto, interesado, operador_responsable)
    select sid, agencia_id, app_id, external_id, tipo_anuncio, origen_lead, momento, auto, interesado, operador_responsable
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      sid text, agencia_id text, app_id text, external_id text, tipo_anuncio text, origen_lead text,
      momento timestamptz, auto jsonb, interesado jsonb, operador_responsable text)
    returning agencia_id, app_id, operador_responsable, external_id, momento`,
  );
}

/**
 * `seed demo`: the demo app, three registered agencies with operators, packages and listings
 * (idempotent), plus `consultas` new enquiries over the last 120 days. Seeded enquiries queue no
 * webhooks: they are history, not news.
 */
export async function seedDemo(input: { consultas: number; seed?: number }, progress: Progress = () => {}): Promise<DemoSeed> {
  const db = await getDb();
  const random = seededRandom(input.seed ?? Date.now());
  const app = await ensureDemoApp(db);
  const seeded: SeededAgencia[] = [];
  for (const demo of DEMO_AGENCIAS) seeded.push(await ensureAgencia(db, app.id, demo, random));
  const now = new Date();
  progress(0, input.consultas);
  for (let done = 0; done < input.consultas; ) {
    const size = Math.min(BATCH, input.consultas - done);
    // Oldest first, as enquiries arrive: each batch is its share of the period, in order, so rows
    // of one day sit together on disk as they would in a real database.
    const slice = { from: done / input.consultas, to: (done + size) / input.consultas };
    const rows = Array.from({ length: size }, () => consultaRow(random, app.id, seeded, now, slice));
    await insertConsultas(
      db,
      rows.sort((a, b) => a.momento.localeCompare(b.momento)),
    );
    done += size;
    progress(done, input.consultas);
  }
  // Fresh statistics and visibility map: the planner picks the list indexes and counts run index-only.
  if (input.consultas > 0) await db.execute(sql`vacuum analyze consultas`);
  return { AppKey: app.appKey, AppSecret: app.appSecret, Agencias: seeded.map((a) => a.adminMail), Consultas: input.consultas };
}
