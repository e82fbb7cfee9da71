import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { panelConsultasLeidas, panelUsers } from "@/lib/db/schema-panel";
import type { V3Client } from "@/lib/panel/v3-client";
import type { EstadoEntrega, HistorialConsulta } from "@/lib/panel/v3-tipos";

/**
 * An enquiry's history as the detail shows it (decision 0108): what the API keeps for the app
 * (received, each change of the mark, each resend, each notification's delivery) and what only the
 * Panel knows, who of the workspace opened it (decision 0045), in one line of time.
 */

export type Paso =
  | { tipo: "recibida" | "reenviada"; momento: string }
  | { tipo: "abierta" | "atendida" | "desatendida"; momento: string; quien: string }
  | { tipo: "entrega"; momento: string; id: string; estado: EstadoEntrega; reenvio: boolean; http: number | null };

/** Who of the workspace opened the enquiry, first opening each (the Panel's own record). */
async function aperturas(workspaceId: string, sid: string) {
  const db = await getDb();
  return db
    .select({ momento: panelConsultasLeidas.leida, email: panelUsers.email, nombre: panelUsers.name })
    .from(panelConsultasLeidas)
    .innerJoin(panelUsers, eq(panelUsers.id, panelConsultasLeidas.userId))
    .where(and(eq(panelConsultasLeidas.sid, sid), eq(panelUsers.workspaceId, workspaceId)));
}

/** The names of the workspace's people among these e-mails (who marked): the others read as their e-mail. */
async function nombres(workspaceId: string, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const filas = await (await getDb())
    .select({ email: panelUsers.email, nombre: panelUsers.name })
    .from(panelUsers)
    .where(and(eq(panelUsers.workspaceId, workspaceId), inArray(panelUsers.email, emails)));
  return new Map(filas.flatMap((fila) => (fila.nombre ? [[fila.email, fila.nombre] as const] : [])));
}

function pasosDeLaApi(historial: HistorialConsulta, nombre: (email: string) => string) {
  const eventos = historial.Eventos.map((evento): Paso => {
    if (evento.Tipo === "atendida" || evento.Tipo === "desatendida") {
      return { tipo: evento.Tipo, momento: evento.Momento, quien: nombre(evento.Por ?? "") };
    }
    return { tipo: evento.Tipo, momento: evento.Momento };
  });
  const entregas = historial.Notificaciones.map(
    (notificacion): Paso => ({
      tipo: "entrega",
      momento: notificacion.Entregada ?? notificacion.UltimoIntento?.Momento ?? notificacion.Creada,
      id: notificacion.Id,
      estado: notificacion.Estado,
      reenvio: notificacion.Reenvio,
      http: notificacion.UltimoIntento?.HttpStatus ?? null,
    }),
  );
  return { eventos, entregas };
}

/** The API says moments to the second: steps of one second keep the order they are given in. */
const segundo = (paso: Paso) => Math.floor(Date.parse(paso.momento) / 1000);

/** The enquiry's steps, oldest first; throws what the client throws when the API cannot answer. */
export async function historialDe(client: V3Client, workspaceId: string, adminMail: string, sid: string): Promise<Paso[]> {
  const [historial, abiertas] = await Promise.all([client.getConsultaHistorial(adminMail, sid), aperturas(workspaceId, sid)]);
  const marcaron = [...new Set(historial.Eventos.flatMap((evento) => (evento.Por ? [evento.Por] : [])))];
  const conNombre = await nombres(workspaceId, marcaron);
  const { eventos, entregas } = pasosDeLaApi(historial, (email) => conNombre.get(email) ?? email);
  const [recibida, ...cambios] = eventos;
  const abierta = abiertas.map(
    (apertura): Paso => ({ tipo: "abierta", momento: apertura.momento.toISOString(), quien: apertura.nombre ?? apertura.email }),
  );
  // Within a second: received, opened, what was done once opened, then the deliveries.
  const pasos = [...(recibida ? [recibida] : []), ...abierta, ...cambios, ...entregas];
  return pasos.sort((a, b) => segundo(a) - segundo(b));
}
