import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { consultaPath } from "@/lib/api/consultas";
import type { Entrega } from "@/lib/api/entregas";
import type { HistorialConsulta } from "@/lib/api/historial";
import { withQuery } from "@/lib/api/links";
import { NotFound } from "@/lib/api/problem";
import { inSnapshot } from "@/lib/db";
import { consultasHistorial, notificaciones } from "@/lib/db/schema";
import { config } from "@/lib/env";
import { registeredAgencia } from "@/lib/service/agencias/relation";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { notificationsOfConsulta } from "@/lib/service/webhooks/consulta-notifications";
import { entregaPath, presentEntregas } from "@/lib/service/webhooks/present-entrega";
import { webhookPath } from "@/lib/service/webhooks/present-webhook";
import { formatDateTime } from "@/lib/time";
import { findConsulta } from "./get-consulta";

/** A notification of the log as the history shows it: its state and its latest attempt. */
function notificacionDe(entrega: Entrega): HistorialConsulta["Notificaciones"][number] {
  const ultimo = entrega.Intentos.at(-1);
  return {
    Id: entrega.Id,
    Reenvio: entrega.Payload.Reenvio,
    Creada: entrega.Creada,
    Estado: entrega.Estado,
    Entregada: entrega.Entregada,
    Intentos: entrega.Intentos.length,
    UltimoIntento: ultimo ? { Momento: ultimo.Momento, HttpStatus: ultimo.HttpStatus, Error: ultimo.Error } : null,
    _links: { self: { href: entregaPath(entrega.Topic, entrega.Id) } },
  };
}

/**
 * GET /v3/consultas/{adminMail}/{sid}/historial (getConsultaHistorial, extension, decision 0108):
 * when the enquiry came, the app's changes of its mark and resends, and the app's notifications
 * about it still in the delivery log. 404 when the app does not see the enquiry.
 */
export async function getConsultaHistorial(app: AuthenticatedApp, adminMail: string, sid: string): Promise<HistorialConsulta> {
  const zone = config().timeZone;
  return inSnapshot(async (db) => {
    const visible = await registeredAgencia(db, app.id, adminMail);
    const row = visible && (await findConsulta(db, visible, sid));
    if (!visible || !row) throw new NotFound();
    const cambios = await db
      .select()
      .from(consultasHistorial)
      .where(and(eq(consultasHistorial.appId, app.id), eq(consultasHistorial.sid, row.sid)))
      .orderBy(asc(consultasHistorial.momento), asc(consultasHistorial.id));
    const enviadas = await db
      .select()
      .from(notificaciones)
      .where(notificationsOfConsulta(app.id, row.sid))
      .orderBy(asc(notificaciones.createdAt), asc(notificaciones.id));
    const self = consultaPath(visible.agencia.adminMail, row.sid);
    return {
      Sid: row.sid,
      Eventos: [
        { Tipo: "recibida" as const, Momento: formatDateTime(row.momento, zone), Por: null, Notificacion: null },
        ...cambios.map((cambio) => ({
          Tipo: cambio.evento,
          Momento: formatDateTime(cambio.momento, zone),
          Por: cambio.por,
          Notificacion: cambio.notificacionId,
        })),
      ],
      Notificaciones: (await presentEntregas(db, enviadas)).map(notificacionDe),
      _links: {
        self: { href: `${self}/historial` },
        consulta: { href: self },
        entregas: { href: withQuery(`${webhookPath("consultas")}/entregas`, { sid: row.sid }) },
      },
    };
  });
}
