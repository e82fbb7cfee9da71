import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Auto } from "@/lib/api/consultas";
import type { ConsultaIngest } from "@/lib/api/marketplace";
import { fieldProblem } from "@/lib/api/problem";
import { type Db, getDb } from "@/lib/db";
import { agenciaApps, agencias, consultas, operadores, publicaciones, webhookConfigs } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { newId } from "@/lib/ids";
import { insertNotifications } from "@/lib/service/webhooks/enqueue-notification";
import { formatDateTime } from "@/lib/time";
import { type ConsultaRow, consultaDatos } from "./present-consulta";

/**
 * The agency (registered), the operator (the one named, or the administrator) and, for a
 * `publicacion` enquiry, its listing with that ExternalId (at most one): one query. A listing
 * suspended for now still receives its enquiries; an archived one receives none (decisions 0071).
 */
async function findTargets(db: Db, input: ConsultaIngest) {
  const listing = input.TipoAnuncio === "publicacion";
  const [found] = await db
    .select({ agencia: agencias, operador: operadores.email, listing: publicaciones })
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
  return { agencia: found.agencia, operador, listing: found.listing };
}

/**
 * Ingestion's statement: one enquiry into the transaction `tx`. Its search terms are written by the
 * statement (migration 0018's trigger); its counters and its agency's revision, rows every enquiry
 * of the agency updates, by the database when the transaction commits (migration 0024), so
 * concurrent enquiries of an agency wait for each other only for those updates and the commit
 * itself, never for a round trip to this process (decision 0087).
 */
export async function storeConsulta(tx: Pick<Db, "insert">, row: ConsultaRow) {
  await tx.insert(consultas).values(row);
}

/**
 * POST /marketplace/consultas: stores the enquiry and, in the same transaction, queues a
 * `consultas` notification for every app that sees it and has an active configuration
 * (docs/contract.md#visibility, docs/contract.md#delivery): the app that published the listing, or for a catalogue enquiry every attached app the
 * agency enabled for them. Five round trips: the lookup, then the audience, the notifications, the
 * enquiry and its counters inside the transaction.
 */
export async function ingestConsulta(input: ConsultaIngest): Promise<{ Sid: string }> {
  const db = await getDb();
  const { agencia, operador, listing } = await findTargets(db, input);
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
  await db.transaction(async (tx) => {
    const audience = await tx
      .select({ appId: agenciaApps.appId })
      .from(agenciaApps)
      .innerJoin(
        webhookConfigs,
        and(eq(webhookConfigs.appId, agenciaApps.appId), eq(webhookConfigs.topic, "consultas"), eq(webhookConfigs.active, true)),
      )
      .where(
        and(
          eq(agenciaApps.agenciaId, agencia.id),
          eq(agenciaApps.estado, "registrada"),
          appId ? eq(agenciaApps.appId, appId) : eq(agenciaApps.compartirCatalogo, true),
        ),
      );
    await insertNotifications(
      tx,
      audience.map((target) => target.appId),
      {
        topic: "consultas",
        evento: "consulta.recibida",
        datos: consultaDatos(row, agencia.adminMail),
        momento: formatDateTime(now, config().timeZone),
      },
    );
    await storeConsulta(tx, row);
  });
  return { Sid: row.sid };
}
