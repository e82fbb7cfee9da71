import type { ListFacts } from "@/lib/service/consultas/facts";
import { counterHours, splitPeriod } from "@/lib/time";

/**
 * The SQL of the benchmarked enquiry requests, as lib/service/consultas runs it: the baseline
 * server sends exactly these, and the EXPLAIN step of `npm run bench` explains them.
 */

/** The facts a list is built on; `operador`: the operator the filter names. */
export type Visible = ListFacts;
export type Statement = { text: string; values: unknown[] };

/** The visibility condition (lib/service/consultas/sql/visibility.ts) from parameter $1 (agency) and $2 (app). */
export const visibleSql = (visible: Pick<Visible, "compartir">) =>
  visible.compartir
    ? "agencia_id = $1 and (app_id = $2 or (app_id is null and tipo_anuncio = 'catalogo'))"
    : "agencia_id = $1 and app_id = $2";

/** The columns a page reads (presentedColumns in lib/service/consultas/sql/columns.ts). */
const PAGE_COLUMNS = "sid, momento, origen_lead, tipo_anuncio, auto, interesado, operador_responsable";

/**
 * A page of the list (pageStatement in lib/service/consultas/sql/page.ts): the page's sids from the list's
 * index, then those rows. `where`: the list's conditions on `consultas`.
 */
export const pageSql = (where: string, offset: number) =>
  `select ${PAGE_COLUMNS} from consultas where sid in (select sid from consultas where ${where} order by momento desc, sid desc limit 50 offset ${offset}) order by momento desc, sid desc`;

/**
 * A deep page (lib/service/consultas/sql/page.ts): the hour that holds its first enquiry from the
 * per-hour counters, then the walk from the end of that hour. `where`/`params`: the list's conditions.
 */
export function seekPageStatement(input: {
  visible: Visible;
  where: string;
  params: unknown[];
  from: Date;
  to: Date;
  offset: number;
  operador?: string;
}): Statement {
  const { visible, offset } = input;
  const values = [...input.params];
  const at = (value: unknown) => `$${values.push(value)}`;
  const hours = counterHours(input.from, input.to);
  const firstHour = at(hours.firstHour);
  const hourAfter = at(hours.hourAfter);
  const agencia = at(visible.agenciaId);
  const operador = input.operador ? ` and operador_responsable = ${at(input.operador)}` : "";
  const ranges = (visible.compartir ? [visible.appId, ""] : [visible.appId]).map(
    (appId) =>
      `(select hora, cantidad from consultas_por_hora where agencia_id = ${agencia} and app_id = ${at(appId)}${operador} and hora >= ${firstHour} and hora < ${hourAfter} order by hora desc)`,
  );
  const cut = `select hora + interval '1 hour' as before, through - cantidad as newer from (
      select hora, cantidad, sum(cantidad) over (order by hora desc rows between unbounded preceding and current row) as through
      from (select hora, sum(cantidad)::int as cantidad from (${ranges.join(" union all ")}) as hours group by hora) as per_hour
    ) as running where through > ${offset} and through - cantidad <= ${offset} limit 1`;
  const sids = `with cut as (${cut}) select sid from consultas where ${input.where}
    and momento < coalesce((select before from cut), 'infinity'::timestamptz)
    order by momento desc, sid desc limit 50 offset coalesce(${offset} - (select newer from cut), ${offset})`;
  return { text: `select ${PAGE_COLUMNS} from consultas where sid in (${sids}) order by momento desc, sid desc`, values };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Whether the facts are still true as the statement runs (factsStillTrue in lib/service/consultas/sql/shape.ts). */
export function factsStillTrueSql(visible: Visible, at: (value: unknown) => string): string {
  const agencia = at(visible.agenciaId);
  const relation = `exists (select 1 from agencia_apps r inner join agencias a on a.id = r.agencia_id
    where r.agencia_id = ${agencia} and r.app_id = ${at(visible.appId)} and r.estado = 'registrada'
      and r.compartir_catalogo = ${visible.compartir} and a.admin_mail = ${at(visible.adminMail)})`;
  if (!visible.operador) return relation;
  return `(${relation} and exists (select 1 from operadores where agencia_id = ${agencia}
      and email = ${at(visible.operador.email)} and es_administrador = ${visible.operador.administrador}))`;
}

/**
 * Total (lib/service/consultas/sql/count.ts): whole UTC days and hours from the counters, the
 * partial hours at both ends counted in `consultas`, in one statement, and whether the facts still
 * hold. `where` and `params` are the list's conditions on `consultas`; undefined when the period
 * holds no whole hour (count directly).
 */
export function totalStatement(input: {
  visible: Visible;
  where: string;
  params: unknown[];
  from: Date;
  to: Date;
  operador?: string;
}): Statement | undefined {
  const { firstHour, afterHours, firstDay, afterDays } = splitPeriod(input.from, input.to);
  if (afterHours <= firstHour) return undefined;
  const { visible } = input;
  const values = [...input.params];
  const at = (value: unknown) => `$${values.push(value)}`;
  const keys = (table: string) =>
    `from ${table} where agencia_id = ${at(visible.agenciaId)} and app_id = any(${at(visible.compartir ? [visible.appId, ""] : [visible.appId])})${
      input.operador ? ` and operador_responsable = ${at(input.operador)}` : ""
    }`;
  const days = `select coalesce(sum(cantidad), 0) ${keys("consultas_por_dia")} and dia >= ${at(isoDay(firstDay))} and dia < ${at(isoDay(afterDays))}`;
  const hours = (from: number, to: number) =>
    `select coalesce(sum(cantidad), 0) ${keys("consultas_por_hora")} and hora >= ${at(new Date(from))} and hora < ${at(new Date(to))}`;
  const counted = (condition: string) => `select count(*) from consultas where ${input.where} and ${condition}`;
  const head = counted(`momento < ${at(new Date(firstHour))}`);
  const tail = counted(`momento >= ${at(new Date(afterHours))}`);
  const parts = [days, hours(firstHour, firstDay), hours(afterDays, afterHours), head, tail];
  const total = `(${parts.map((part) => `(${part})`).join(" + ")})::bigint`;
  return { text: `select ${total} as total, ${factsStillTrueSql(visible, at)} as facts_true`, values };
}

/** One enquiry with its agency, as GET /v3/consultas/{adminMail}/{sid} reads it (one query). */
export const detailStatement = (appId: string, adminMail: string, sid: string): Statement => ({
  text: `select c.*, a.admin_mail from consultas c
     inner join agencias a on a.id = c.agencia_id
     inner join agencia_apps r on r.agencia_id = a.id and r.app_id = $1
     where c.sid = $3 and a.admin_mail = $2 and r.estado = 'registrada'
       and (c.app_id = $1 or (c.app_id is null and c.tipo_anuncio = 'catalogo' and r.compartir_catalogo))`,
  values: [appId, adminMail.toLowerCase(), sid],
});
