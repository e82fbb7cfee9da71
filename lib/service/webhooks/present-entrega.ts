import "server-only";
import { asc, inArray } from "drizzle-orm";
import { type Entrega, EstadoEntregaSchema } from "@/lib/api/entregas";
import { segment } from "@/lib/api/links";
import type { Db } from "@/lib/db";
import { entregaIntentos, type notificaciones } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { formatDateTime } from "@/lib/time";
import { notificationBody } from "./enqueue-notification";
import { webhookPath } from "./present-webhook";

type NotificationRow = typeof notificaciones.$inferSelect;

export function entregaPath(topic: string, id: string): string {
  return `${webhookPath(topic)}/entregas/${segment(id)}`;
}

/** Notifications as Entrega entries, each with its attempts (oldest first). */
export async function presentEntregas(db: Db, rows: NotificationRow[]): Promise<Entrega[]> {
  const zone = config().timeZone;
  const at = (date: Date | null) => (date ? formatDateTime(date, zone) : null);
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(entregaIntentos)
          .where(
            inArray(
              entregaIntentos.notificacionId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(entregaIntentos.momento), asc(entregaIntentos.id));
  return rows.map((row) => {
    const payload = JSON.parse(notificationBody(row.payload as Record<string, unknown>)) as Entrega["Payload"];
    const path = entregaPath(row.topic, row.id);
    return {
      Id: row.id,
      Topic: row.topic,
      Evento: payload.Evento,
      Estado: EstadoEntregaSchema.parse(row.estado),
      Creada: formatDateTime(row.createdAt, zone),
      Entregada: at(row.entregadaAt),
      ProximoIntento: row.estado === "pendiente" ? at(row.proximoIntentoAt) : null,
      Payload: payload,
      Intentos: attempts
        .filter((attempt) => attempt.notificacionId === row.id)
        .map((attempt) => ({
          Momento: formatDateTime(attempt.momento, zone),
          Disparo: attempt.disparo as "automatico" | "manual",
          HttpStatus: attempt.httpStatus,
          LatenciaMs: attempt.latenciaMs,
          Respuesta: attempt.respuesta,
          Error: attempt.error,
          ProximoIntento: at(attempt.proximoIntentoAt),
        })),
      _links: { self: { href: path }, reintentar: { href: `${path}/reintentar` } },
    };
  });
}
