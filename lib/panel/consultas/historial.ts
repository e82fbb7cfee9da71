import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { panelConsultasLeidas, panelUsers } from "@/lib/db/schema-panel";
import type { PanelUser } from "@/lib/panel/users";
import type { V3Client } from "@/lib/panel/v3-client";
import type { EstadoEntrega, HistorialConsulta } from "@/lib/panel/v3-tipos";

/**
 * An enquiry's history as the detail shows it (decision 0108): what the API keeps for the app
 * (received, each change of the mark, each resend, each notification's delivery) and what only the
 * Panel knows, who of the workspace opened it (decision 0045), in one line of time. The team is the
 * admins' to see (the Equipo page): to anyone else, another person's opening is "someone of the
 * team" and a mark keeps the e-mail the API has, with no name added.
 */

export type Paso =
  | { tipo: "recibida" | "reenviada"; momento: string }
  | { tipo: "atendida" | "desatendida"; momento: string; quien: string }
  /** `quien` null: another person of the team, whom the reader may not see. */
  | { tipo: "abierta"; momento: string; quien: string | null }
  | { tipo: "entrega"; momento: string; id: string; estado: EstadoEntrega; reenvio: boolean; http: number | null };

/** Who of the workspace opened the enquiry, first opening each (the Panel's own record), as `lector` may see them. */
async function aperturas(lector: PanelUser, sid: string): Promise<Paso[]> {
  const filas = await (await getDb())
    .select({ momento: panelConsultasLeidas.leida, userId: panelUsers.id, email: panelUsers.email, nombre: panelUsers.name })
    .from(panelConsultasLeidas)
    .innerJoin(panelUsers, eq(panelUsers.id, panelConsultasLeidas.userId))
    .where(and(eq(panelConsultasLeidas.sid, sid), eq(panelUsers.workspaceId, lector.workspace.id)));
  return filas.map((fila) => ({
    tipo: "abierta",
    momento: fila.momento.toISOString(),
    quien: lector.role === "admin" || fila.userId === lector.id ? (fila.nombre ?? fila.email) : null,
  }));
}

/** The names of the workspace's people among these e-mails (who marked) that `lector` may see: the others read as their e-mail. */
async function nombres(lector: PanelUser, emails: string[]): Promise<Map<string, string>> {
  const visibles = lector.role === "admin" ? emails : emails.filter((email) => email === lector.email);
  if (visibles.length === 0) return new Map();
  const filas = await (await getDb())
    .select({ email: panelUsers.email, nombre: panelUsers.name })
    .from(panelUsers)
    .where(and(eq(panelUsers.workspaceId, lector.workspace.id), inArray(panelUsers.email, visibles)));
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

/** The enquiry's steps as `lector` may see them, oldest first; throws what the client throws when the API cannot answer. */
export async function historialDe(client: V3Client, lector: PanelUser, adminMail: string, sid: string): Promise<Paso[]> {
  const [historial, abierta] = await Promise.all([client.getConsultaHistorial(adminMail, sid), aperturas(lector, sid)]);
  const marcaron = [...new Set(historial.Eventos.flatMap((evento) => (evento.Por ? [evento.Por] : [])))];
  const conNombre = await nombres(lector, marcaron);
  const { eventos, entregas } = pasosDeLaApi(historial, (email) => conNombre.get(email) ?? email);
  const [recibida, ...cambios] = eventos;
  // Within a second: received, opened, what was done once opened, then the deliveries.
  const pasos = [...(recibida ? [recibida] : []), ...abierta, ...cambios, ...entregas];
  return pasos.sort((a, b) => segundo(a) - segundo(b));
}
