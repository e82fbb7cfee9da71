import "server-only";
import { SQL, sql } from "drizzle-orm";
import { NotFound } from "@/lib/api/problem";
import type { Origen, Publicacion, PublicacionCreate, PublicacionRef } from "@/lib/api/publicaciones";
import { type Db, getDb } from "@/lib/db";
import { violatesUnique } from "@/lib/db/errors";
import {
  LISTING_OF_AGENCY_INDEX,
  type Nivel,
  notificaciones,
  publicacionCambios,
  publicaciones,
  publicacionesRevisiones,
  publicacionFotos,
} from "@/lib/db/schema";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { type NotificationRow, notificationRows } from "@/lib/service/webhooks/enqueue-notification";
import { formatDateTime } from "@/lib/time";
import { type Paquete, refusal, SIN_PLAN, type Uso, usage } from "./cupo";
import { autoOf, carColumns, registeredAgencyId } from "./listing";
import { type FotoRow, type PublicacionRow, presentEntry, presentRef } from "./present-publicacion";
import { externalIdTaken, lookUp, type Names, requireMatches } from "./resolve";

/** What a new listing names, as PublicacionCreate's members. */
const namesOf = (input: PublicacionCreate): Names => ({
  marca: { member: "Marca", value: input.Marca },
  modelo: { member: "Modelo", value: input.Modelo },
  carroceria: { member: "Carroceria", value: input.Carroceria },
  color: { member: "Color", value: input.Color },
  ...(input.OperadorResponsable && { operador: { member: "OperadorResponsable", value: input.OperadorResponsable } }),
  externalId: { member: "ExternalId", value: input.ExternalId },
});

type Columns = Omit<PublicacionRow, "busqueda" | "estado" | "motivo" | "exposicion" | "activada">;
type ColumnName = keyof typeof publicaciones._.columns;

/** The listing's values as an insert … select's list: each bound with its column's mapping and cast to its type. */
function selectedColumns(values: Partial<Record<ColumnName, unknown>>): { names: SQL; selected: SQL } {
  const keys = Object.keys(values) as ColumnName[];
  const bound = (key: ColumnName) => {
    const value = values[key];
    if (value instanceof SQL) return value;
    return sql`${sql.param(value, publicaciones[key])}::${sql.raw(publicaciones[key].getSQLType())}`;
  };
  return {
    names: sql.join(
      keys.map((key) => sql.identifier(publicaciones[key].name)),
      sql`, `,
    ),
    selected: sql.join(keys.map(bound), sql`, `),
  };
}

/**
 * An Activa listing's place in the package (decisions 0125, 0130): the package's row locked, then
 * the agency's row of `publicaciones_revisiones`, whose use (its Activa listings, all and per level)
 * the database keeps in every statement that changes its listings (migration 0033). The upsert
 * locks that row and returns it as the last transaction that changed it committed it, even when
 * that was after this statement began; its no-op update keeps the revision. The level is chosen as
 * `levelFor` chooses it; no level when the package has no room.
 */
function packageChoice(agenciaId: string, pedida: Nivel | null) {
  const free = (nivel: Nivel) => sql.raw(`u.${nivel.toLowerCase()} < p.${nivel.toLowerCase()}`);
  return sql`paquete as materialized (
      select agencia_id, estado, publicaciones_contratadas as contratadas, exposicion_alta as alta, exposicion_media as media,
             exposicion_baja as baja
      from productos where agencia_id = ${agenciaId} for update),
    uso as (insert into ${publicacionesRevisiones} as r (agencia_id, revision) select agencia_id, 0 from paquete
      on conflict (agencia_id) do update set revision = r.revision
      returning r.activas, r.alta, r.media, r.baja),
    eleccion as (
      select case when p.estado <> 'activo' or u.activas >= p.contratadas then null
        when ${pedida}::text = 'Alta' and ${free("Alta")} then 'Alta'
        when ${pedida}::text = 'Media' and ${free("Media")} then 'Media'
        when ${pedida}::text = 'Baja' and ${free("Baja")} then 'Baja'
        when ${free("Alta")} then 'Alta' when ${free("Media")} then 'Media' when ${free("Baja")} then 'Baja' end as nivel
      from paquete p, uso u),`;
}

type Stored = {
  nivel: string | null;
  creada: boolean;
  estado: string | null;
  contratadas: number | null;
  p_alta: number | null;
  p_media: number | null;
  p_baja: number | null;
  activas: number | null;
  u_alta: number | null;
  u_media: number | null;
  u_baja: number | null;
};

/**
 * The listing, its first change, its photos (pendiente) and its notification, in one statement
 * (decision 0125, as ingestion's, decision 0114); an Activa one only when its package has room, whose
 * row it holds locked from that statement to its commit and no longer. `aviso` is the notification's
 * row, whose listing's Exposicion the statement fills in.
 */
async function storeListing(
  db: Db,
  columns: Columns,
  activa: { pedida: Nivel | null } | null,
  urls: string[],
  origen: Origen,
  aviso?: NotificationRow,
) {
  const now = sql`${columns.modificada.toISOString()}::timestamptz`;
  const state = activa
    ? { estado: sql`'activa'`, motivo: sql`null`, exposicion: sql`eleccion.nivel`, activada: now }
    : { estado: sql`'suspendida'`, motivo: sql`'app'`, exposicion: sql`null`, activada: sql`null` };
  const { names, selected } = selectedColumns({ ...columns, ...state });
  const c = publicacionCambios;
  const fotos = urls.length
    ? sql`, fotos as (insert into ${publicacionFotos} (publicacion_id, url, posicion)
        select nueva.id, f.url, f.n - 1 from nueva, unnest(${sql.param(urls)}::text[]) with ordinality as f(url, n))`
    : sql``;
  const notificacion = aviso
    ? sql`, aviso as (insert into ${notificaciones} (id, app_id, topic, payload)
        select ${aviso.id}, ${aviso.appId}, ${aviso.topic},
          jsonb_set(${JSON.stringify(aviso.payload)}::jsonb, '{Datos,Publicacion,Exposicion}', coalesce(to_jsonb(nueva.exposicion), 'null'::jsonb))
        from nueva)`
    : sql``;
  const result = (await db.execute(sql`
    with ${activa ? packageChoice(columns.agenciaId, activa.pedida) : sql``}
    nueva as (insert into ${publicaciones} (${names}) select ${selected} ${activa ? sql`from eleccion where eleccion.nivel is not null` : sql``}
      returning id, estado, motivo, exposicion),
    cambio as (insert into ${c} (publicacion_id, momento, cambio, origen, estado, motivo, exposicion)
      select id, ${now}, 'creada', ${origen}, estado, motivo, exposicion from nueva)
    ${fotos} ${notificacion}
    select (select exposicion from nueva) as nivel, exists (select 1 from nueva) as creada,
      ${activa ? sql`p.estado, p.contratadas, p.alta as p_alta, p.media as p_media, p.baja as p_baja, u.activas, u.alta as u_alta, u.media as u_media, u.baja as u_baja` : sql`null as estado`}
    from (select 1) as uno ${activa ? sql`left join paquete p on true left join uso u on true` : sql``}`)) as unknown as { rows: Stored[] };
  return result.rows[0] as Stored;
}

/** The package and its use the statement read, for a refusal's 409; without a package row, its use counted apart. */
async function packageRead(db: Db, agenciaId: string, stored: Stored): Promise<{ paquete: Paquete; uso: Uso }> {
  if (stored.estado === null) return { paquete: SIN_PLAN, uso: await usage(db, agenciaId) };
  const n = (value: number | null) => Number(value ?? 0);
  return {
    paquete: {
      estado: stored.estado,
      contratadas: n(stored.contratadas),
      niveles: { Alta: n(stored.p_alta), Media: n(stored.p_media), Baja: n(stored.p_baja) },
    },
    uso: { activas: n(stored.activas), niveles: { Alta: n(stored.u_alta), Media: n(stored.u_media), Baja: n(stored.u_baja) } },
  };
}

/**
 * POST /v3/publicaciones/{adminMail}: the agency (registered with the app, else 404) and the listing
 * checked against the catalogue and the agency in one statement, then written in one more with its photos (pendiente), its first change and its
 * notification (decision 0125); an Activa one takes its place in the package in that statement
 * (docs/contract.md#the-package), which may refuse it (409) with nothing written. A new listing has
 * no enquiries yet: its ExternalId never named another listing of the agency.
 */
export async function createPublicacion(
  app: AuthenticatedApp,
  adminMail: string,
  input: PublicacionCreate,
  origen: Origen,
  form: "entry" | "ref",
): Promise<Publicacion | PublicacionRef> {
  const db = await getDb();
  const names = namesOf(input);
  const resolved = await lookUp(db, registeredAgencyId(app.id, adminMail), names, app.id);
  if (!resolved.agenciaId) throw new NotFound();
  requireMatches(names, resolved);
  // The agency was found by its AdminMail, stored in lower case.
  const agencia = { id: resolved.agenciaId, adminMail: adminMail.toLowerCase() };
  const now = new Date();
  const car = {
    externalIdOriginal: input.ExternalId,
    marca: resolved.marca?.nombre ?? input.Marca,
    modelo: resolved.modelo?.nombre ?? input.Modelo,
    version: input.Version,
    ...carColumns(input, resolved, input.OperadorResponsable ?? agencia.adminMail),
  };
  const columns: Columns = {
    ...car,
    id: newId(),
    appId: app.id,
    agenciaId: agencia.id,
    externalId: input.ExternalId.toLowerCase(),
    marcaId: resolved.marca?.id ?? null,
    modeloId: resolved.modelo?.id ?? null,
    auto: autoOf(car),
    createdAt: now,
    modificada: now,
  };
  const activa = input.Activa ? { pedida: input.Exposicion } : null;
  // The listing as it will be when stored: Activa at the level the statement chooses, or suspended by the app.
  const planned = (exposicion: string | null): PublicacionRow => ({
    ...columns,
    busqueda: "",
    estado: exposicion ? "activa" : "suspendida",
    motivo: exposicion ? null : "app",
    exposicion,
    activada: exposicion ? now : null,
  });
  const fotos: FotoRow[] = input.Fotos.map((foto, posicion) => ({
    publicacionId: columns.id,
    url: foto.Url,
    posicion,
    estado: "pendiente",
    motivo: null,
    comprobadaAt: null,
    revisandoHasta: null,
    intentos: 0,
  }));
  const present = (row: PublicacionRow) => presentEntry(row, agencia.adminMail, fotos, { Total: 0, SinAtender: 0 });
  const aviso = resolved.suscripta
    ? notificationRows([
        {
          appId: app.id,
          input: {
            topic: "publicaciones",
            evento: "publicacion.cambiada",
            momento: formatDateTime(now, config().timeZone),
            // Its Exposicion is the level the statement chooses.
            datos: {
              AdminMail: agencia.adminMail,
              ExternalId: input.ExternalId,
              Origen: origen,
              Publicacion: present(planned(activa && "Alta")),
            },
          },
        },
      ])[0]
    : undefined;
  let stored: Stored;
  try {
    stored = await storeListing(
      db,
      columns,
      activa,
      fotos.map((foto) => foto.url),
      origen,
      aviso,
    );
  } catch (error) {
    // Another request created the same ExternalId since the check.
    if (violatesUnique(error, LISTING_OF_AGENCY_INDEX)) throw externalIdTaken("ExternalId", input.ExternalId);
    throw error;
  }
  if (!stored.creada) {
    const { paquete, uso } = await packageRead(db, agencia.id, stored);
    throw refusal(paquete, uso, input.Exposicion) ?? new Error("El paquete rechazó la publicación sin motivo");
  }
  const row = planned(stored.nivel);
  return form === "ref" ? presentRef(row, agencia.adminMail) : present(row);
}
