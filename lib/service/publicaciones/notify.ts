import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Origen, Publicacion } from "@/lib/api/publicaciones";
import type { Db } from "@/lib/db";
import { agencias, publicaciones, webhookConfigs } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { insertEachNotification } from "@/lib/service/webhooks/enqueue-notification";
import { formatDateTime } from "@/lib/time";
import { presentMany } from "./present-publicacion";

/** A listing the caller has presented, and to whom it is told. */
type Presented = { appId: string; adminMail: string; entry: Publicacion };

/** Queues each listing's `publicacion.cambiada` notification to its app, in one statement. */
function insertCambiadas(tx: Db, presented: Presented[], origen: Origen, now: Date) {
  const momento = formatDateTime(now, config().timeZone);
  return insertEachNotification(
    tx,
    presented.map(({ appId, adminMail, entry }) => ({
      appId,
      input: {
        topic: "publicaciones",
        evento: "publicacion.cambiada",
        momento,
        datos: { AdminMail: adminMail, ExternalId: entry.ExternalId, Origen: origen, Publicacion: entry },
      },
    })),
  );
}

/**
 * Queues a `publicaciones` notification for each listing, to its own app when that app has an active
 * configuration of the topic, inside the caller's transaction (docs/contract.md#listings): called
 * after a listing's Estado, Motivo or Exposicion changed, or a photo check ended, whoever caused it
 * (`origen`). Each payload is the listing as it is now in the transaction.
 */
export async function notifyPublicaciones(tx: Db, ids: string[], origen: Origen, now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ publicacion: publicaciones, adminMail: agencias.adminMail })
    .from(publicaciones)
    .innerJoin(agencias, eq(agencias.id, publicaciones.agenciaId))
    .innerJoin(
      webhookConfigs,
      and(eq(webhookConfigs.appId, publicaciones.appId), eq(webhookConfigs.topic, "publicaciones"), eq(webhookConfigs.active, true)),
    )
    .where(inArray(publicaciones.id, ids));
  if (rows.length === 0) return;
  const adminMails = new Map(rows.map((row) => [row.publicacion.id, row.adminMail]));
  const entries = await presentMany(
    tx,
    rows.map((row) => row.publicacion),
    (row) => adminMails.get(row.id) as string,
  );
  await insertCambiadas(
    tx,
    rows.map((row, index) => ({ appId: row.publicacion.appId, adminMail: row.adminMail, entry: entries[index] as Publicacion })),
    origen,
    now,
  );
}

/**
 * The notification of one listing the caller has just presented, whose app it knows is subscribed
 * (read with the listing): one statement, the insert.
 */
export async function notifyPresented(tx: Db, presented: Presented, origen: Origen, now: Date): Promise<void> {
  await insertCambiadas(tx, [presented], origen, now);
}

/** One listing's notification: what the photo checker calls when a check ends (Origen plataforma). */
export function notifyPublicacion(tx: Db, id: string, origen: Origen = "plataforma"): Promise<void> {
  return notifyPublicaciones(tx, [id], origen);
}
