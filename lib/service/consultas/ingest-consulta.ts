import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Auto } from "@/lib/api/consultas";
import type { ConsultaIngest } from "@/lib/api/marketplace";
import { fieldProblem } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import { agenciaApps, agencias, consultas, notificaciones, operadores, publicaciones, webhookConfigs } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";
import { type NotificationRow, notificationRows } from "@/lib/service/webhooks/enqueue-notification";
import { formatDateTime } from "@/lib/time";
import { type ConsultaRow, consultaDatos } from "./present-consulta";

/**
 * The apps an enquiry is news for (docs/contract.md#visibility): those subscribed to `consultas`
 * with an active configuration among the agency's registered apps, that is the app that published
 * the listing, or for a catalogue enquiry every one the agency shares those enquiries with.
 */
const audience = sql<string[]>`array(
  select ${agenciaApps.appId} from ${agenciaApps}
  join ${webhookConfigs} on ${webhookConfigs.appId} = ${agenciaApps.appId} and ${webhookConfigs.topic} = 'consultas' and ${webhookConfigs.active}
  where ${agenciaApps.agenciaId} = ${agencias.id} and ${agenciaApps.estado} = 'registrada'
    and case when ${publicaciones.appId} is null then ${agenciaApps.compartirCatalogo} else ${agenciaApps.appId} = ${publicaciones.appId} end)`;

/**
 * The agency (registered), the operator (the one named, or the administrator), for a `publicacion`
 * enquiry its listing with that ExternalId (at most one), and the enquiry's audience: one query. A
 * listing suspended for now still receives its enquiries; an archived one receives none (decisions 0071).
 */
async function findTargets(db: Db, input: ConsultaIngest) {
  const listing = input.TipoAnuncio === "publicacion";
  const [found] = await db
    .select({ agencia: agencias, operador: operadores.email, listing: publicaciones, audience })
    .from(agencias)
    .leftJoin(operadores, and(eq(operadores.agenciaId, agencias.id), eq(operadores.email, input.OperadorResponsable ?? agencias.adminMail)))
    .leftJoin(
      publicaciones,
      listing ? and(eq(publicaciones.agenciaId, agencias.id), eq(publicaciones.externalId, input.ExternalId.toLowerCase())) : sql`false`,
    )
    .where(eq(agencias.adminMail, input.AdminMail));
  if (!found?.agencia.registradaAt)
    throw fieldProblem("AdminMail", `No hay ninguna agencia registrada con administrador ${input.AdminMail}.`);
  const operador = input.OperadorResponsable ?? found.agencia.adminMail;
  if (!found.operador) throw fieldProblem("OperadorResponsable", `${operador} no es operador de la agencia.`);
  if (listing && !found.listing) {
    throw fieldProblem("ExternalId", `La agencia no tiene ninguna publicación con ExternalId ${input.ExternalId}.`);
  }
  if (found.listing?.estado === "archivada") {
    throw fieldProblem("ExternalId", `La publicación ${input.ExternalId} está archivada: no recibe consultas nuevas.`);
  }
  return { agencia: found.agencia, operador, listing: found.listing, audience: found.audience };
}

/**
 * Ingestion's statement: one enquiry, and the notifications queued about it, in one statement (so
 * in one transaction without a BEGIN and a COMMIT of their own, decision 0114). Its search terms are
 * written by the statement (migration 0018's trigger); its counters and its agency's revision by the
 * database when the transaction commits (migration 0024, decision 0087), in the slot of the
 * connection (decision 0129), so concurrent enquiries of an agency on different connections do not
 * wait for each other at all.
 */
export async function storeConsulta(db: Pick<Db, "insert" | "execute">, row: ConsultaRow, avisos: NotificationRow[] = []) {
  const store = db.insert(consultas).values(row);
  if (avisos.length === 0) await store;
  else await db.execute(sql`with avisos as (${db.insert(notificaciones).values(avisos).getSQL()}) ${store.getSQL()}`);
}

/**
 * POST /marketplace/consultas: stores the enquiry and, in the same statement, queues a `consultas`
 * notification for every app that sees it and has an active configuration
 * (docs/contract.md#visibility, docs/contract.md#delivery): the app that published the listing, or
 * for a catalogue enquiry every attached app the agency enabled for them. Two round trips: the
 * lookup (with the audience), then the statement.
 */
export async function ingestConsulta(input: ConsultaIngest): Promise<{ Sid: string }> {
  const db = await getDb();
  const { agencia, operador, listing, audience } = await findTargets(db, input);
  const appId = listing?.appId ?? null;
  const auto: Auto = listing ? (listing.auto as Auto) : { ExternalId: "", ...(input.Auto as NonNullable<ConsultaIngest["Auto"]>) };
  const now = new Date();
  // Received no later than now (decisions 0016): a clock a few minutes ahead may not put it in the future.
  const momento = input.Momento && input.Momento < now ? input.Momento : now;
  const row: ConsultaRow = {
    sid: newId(momento.getTime()),
    agenciaId: agencia.id,
    appId,
    externalId: auto.ExternalId.toLowerCase(),
    tipoAnuncio: input.TipoAnuncio,
    origenLead: input.OrigenLead,
    momento,
    auto,
    interesado: input.Interesado,
    operadorResponsable: operador,
    createdAt: now,
  };
  const news = {
    topic: "consultas",
    evento: "consulta.recibida",
    datos: consultaDatos(row, agencia.adminMail),
    momento: formatDateTime(now, config().timeZone),
  } as const;
  await storeConsulta(db, row, notificationRows(audience.map((target) => ({ appId: target, input: news }))));
  return { Sid: row.sid };
}
