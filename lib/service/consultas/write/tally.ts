import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";

/**
 * The write side of enquiries: what ingestion, the seed and marks call. It knows the tables and
 * nothing of the reads (`.dependency-cruiser.cjs`, decision 0080).
 */

/**
 * Raises the revision of the agencies of `agencias` (a query selecting `agencia_id` once per change,
 * a CTE's name for example) by their changes: a statement storing many enquiries leaves the revision
 * that storing them one at a time would (decision 0085). Like every counter, in this connection's
 * slot (`consultas_casilla()`, decision 0129).
 */
export const raiseRevisions = (agencias: SQL) => sql`
  insert into consultas_revisiones (agencia_id, casilla, revision)
  select agencia_id, consultas_casilla(), count(*) from ${agencias} group by 1
  on conflict (agencia_id, casilla) do update set revision = consultas_revisiones.revision + excluded.revision`;

/**
 * Adds enquiries to a per-listing counter (`bucket`: the day or the week, UTC), once under their
 * operator and once under operator '' for all of them; catalogue enquiries name no listing.
 */
function perListing(table: string, column: string, bucket: SQL) {
  const [name, key] = [sql.raw(table), sql.raw(column)];
  return sql`
      insert into ${name} (agencia_id, app_id, operador_responsable, ${key}, external_id, casilla, cantidad)
      select agencia_id, coalesce(app_id, ''), operador, ${bucket}, external_id, consultas_casilla(), count(*)
      from nuevas cross join lateral (values (operador_responsable), ('')) as todos (operador)
      where external_id <> ''
      group by 1, 2, 3, 4, 5
      on conflict (agencia_id, app_id, operador_responsable, ${key}, external_id, casilla)
      do update set cantidad = ${name}.cantidad + excluded.cantidad`;
}

/**
 * Adds enquiries to the per-day, per-hour and per-listing (per day and per week) counters, in the
 * statement that stores them (docs/decisions/0042), and raises their agencies' revisions (0053): the
 * demo seed's many enquiries at once. Ingestion's one enquiry is counted the same way by the
 * database at its commit (migration 0024, decision 0087); the caller of this sets
 * `vitrina.consultas_contadas` for the transaction so that trigger leaves the rows counted here.
 * `nuevas` selects, or inserts returning, agencia_id, app_id, operador_responsable, external_id and
 * momento.
 */
export function tally(db: Pick<Db, "execute">, nuevas: SQL) {
  return db.execute(sql`
    with nuevas as (${nuevas}),
    por_dia as (
      insert into consultas_por_dia (agencia_id, app_id, operador_responsable, dia, casilla, cantidad)
      select agencia_id, coalesce(app_id, ''), operador_responsable, (momento at time zone 'UTC')::date, consultas_casilla(), count(*)
      from nuevas
      group by 1, 2, 3, 4
      on conflict (agencia_id, app_id, dia, operador_responsable, casilla)
      do update set cantidad = consultas_por_dia.cantidad + excluded.cantidad),
    por_publicacion as (${perListing("consultas_por_publicacion", "dia", sql`(momento at time zone 'UTC')::date`)}),
    por_publicacion_semana as (${perListing("consultas_por_publicacion_semana", "semana", sql`date_trunc('week', momento at time zone 'UTC')::date`)}),
    revisiones as (${raiseRevisions(sql`nuevas`)})
    insert into consultas_por_hora (agencia_id, app_id, operador_responsable, hora, casilla, cantidad)
    select agencia_id, coalesce(app_id, ''), operador_responsable, date_trunc('hour', momento at time zone 'UTC') at time zone 'UTC', consultas_casilla(), count(*)
    from nuevas
    group by 1, 2, 3, 4
    on conflict (agencia_id, app_id, hora, operador_responsable, casilla)
    do update set cantidad = consultas_por_hora.cantidad + excluded.cantidad`);
}
