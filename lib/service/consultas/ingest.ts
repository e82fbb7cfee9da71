import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Auto } from "@/lib/api/consultas";
import type { ConsultaIngest, PublicacionIngest } from "@/lib/api/marketplace";
import { type Db, getDb } from "@/lib/db";
import { agenciaApps, agencias, apps, consultas, operadores, publicaciones } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { fieldProblem } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { enqueueNotification } from "@/lib/service/webhooks/enqueue-notification";
import { formatDateTime } from "@/lib/time";
import { tally } from "./count-consultas";
import { type ConsultaRow, consultaDatos } from "./present-consulta";

async function registeredAgency(db: Db, adminMail: string) {
  const [agencia] = await db.select().from(agencias).where(eq(agencias.adminMail, adminMail));
  if (!agencia?.registradaAt) throw fieldProblem("AdminMail", `No hay ninguna agencia registrada con administrador ${adminMail}.`);
  return agencia;
}

/**
 * POST /marketplace/publicaciones: the app's listing for the agency, created or replaced. The
 * agency must be registered and attached to the app.
 */
export async function ingestPublicacion(input: PublicacionIngest): Promise<{ ExternalId: string }> {
  const db = await getDb();
  const [app] = await db.select({ id: apps.id }).from(apps).where(eq(apps.appKey, input.AppKey));
  if (!app) throw fieldProblem("AppKey", "No hay ninguna app con esa AppKey.");
  const agencia = await registeredAgency(db, input.AdminMail);
  const [relation] = await db
    .select({ estado: agenciaApps.estado })
    .from(agenciaApps)
    .where(and(eq(agenciaApps.agenciaId, agencia.id), eq(agenciaApps.appId, app.id)));
  if (relation?.estado !== "registrada") throw fieldProblem("AdminMail", "La agencia no está asociada a la app.");
  const auto: Auto = { ExternalId: input.ExternalId, ...input.Auto };
  await db
    .insert(publicaciones)
    .values({ id: newId(), appId: app.id, agenciaId: agencia.id, externalId: input.ExternalId.toLowerCase(), auto })
    .onConflictDoUpdate({
      target: [publicaciones.appId, publicaciones.externalId],
      set: { agenciaId: agencia.id, auto, estado: "activa" },
    });
  return { ExternalId: input.ExternalId };
}

/**
 * POST /marketplace/consultas: stores the enquiry and, in the same transaction, queues a
 * `consultas` notification for every app that sees it (decisions §8, §9): the app that published
 * the listing, or for a catalogue enquiry every attached app the agency enabled for them.
 */
export async function ingestConsulta(input: ConsultaIngest): Promise<{ Sid: string }> {
  const db = await getDb();
  const agencia = await registeredAgency(db, input.AdminMail);
  const operador = input.OperadorResponsable ?? agencia.adminMail;
  const [known] = await db
    .select({ email: operadores.email })
    .from(operadores)
    .where(and(eq(operadores.agenciaId, agencia.id), eq(operadores.email, operador)));
  if (!known) throw fieldProblem("OperadorResponsable", `${operador} no es operador de la agencia.`);

  let appId: string | null = null;
  let auto: Auto;
  if (input.TipoAnuncio === "publicacion") {
    const [listing] = await db
      .select()
      .from(publicaciones)
      .where(
        and(
          eq(publicaciones.agenciaId, agencia.id),
          eq(publicaciones.externalId, input.ExternalId.toLowerCase()),
          eq(publicaciones.estado, "activa"),
        ),
      )
      .orderBy(asc(publicaciones.createdAt))
      .limit(1);
    if (!listing) throw fieldProblem("ExternalId", `La agencia no tiene ninguna publicación activa con ExternalId ${input.ExternalId}.`);
    appId = listing.appId;
    auto = listing.auto as Auto;
  } else {
    auto = { ExternalId: "", ...(input.Auto as NonNullable<ConsultaIngest["Auto"]>) };
  }

  const now = new Date();
  const momento = input.Momento ?? now;
  const sid = newId(momento.getTime());
  const zone = config().timeZone;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(consultas)
      .values({
        sid,
        agenciaId: agencia.id,
        appId,
        externalId: auto.ExternalId.toLowerCase(),
        tipoAnuncio: input.TipoAnuncio,
        origenLead: input.OrigenLead,
        momento,
        auto,
        interesado: input.Interesado,
        operadorResponsable: operador,
      })
      .returning();
    const audience = tx
      .select({ appId: agenciaApps.appId })
      .from(agenciaApps)
      .where(
        and(
          eq(agenciaApps.agenciaId, agencia.id),
          eq(agenciaApps.estado, "registrada"),
          appId ? eq(agenciaApps.appId, appId) : eq(agenciaApps.compartirCatalogo, true),
        ),
      );
    for (const target of await audience) {
      await enqueueNotification(tx, {
        appId: target.appId,
        topic: "consultas",
        evento: "consulta.recibida",
        datos: consultaDatos(row as ConsultaRow, agencia.adminMail),
        momento: formatDateTime(now, zone),
      });
    }
    // Last: the counter row is shared by the agency's enquiries of the day, so hold its lock briefly.
    await tally(tx, sql`select agencia_id, app_id, operador_responsable, momento from consultas where sid = ${sid}`);
  });
  return { Sid: sid };
}
