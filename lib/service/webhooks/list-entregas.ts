import "server-only";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Entregas } from "@/lib/api/entregas";
import { withQuery } from "@/lib/api/links";
import { inSnapshot } from "@/lib/db";
import { notificaciones } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { configuredWebhook } from "./configured-webhook";
import { notificationsOfConsulta } from "./consulta-notifications";
import { presentEntregas } from "./present-entrega";
import { webhookPath } from "./present-webhook";

export const ENTREGAS_PER_PAGE = 20;

/** The delivery log of a topic (or of one enquiry's notifications): newest first, with attempts; 404 when the topic is not configured. */
export async function listEntregas(
  app: AuthenticatedApp,
  topic: string,
  query: { estado?: string; sid?: string; pagina: number },
): Promise<Entregas> {
  await configuredWebhook(app, topic);
  const filters: (SQL | undefined)[] = [eq(notificaciones.appId, app.id), eq(notificaciones.topic, topic)];
  if (query.estado) filters.push(eq(notificaciones.estado, query.estado));
  if (query.sid) filters.push(notificationsOfConsulta(app.id, query.sid));
  const where = and(...filters);
  const { total, entries } = await inSnapshot(async (db) => {
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(notificaciones).where(where);
    const rows = await db
      .select()
      .from(notificaciones)
      .where(where)
      .orderBy(desc(notificaciones.createdAt), desc(notificaciones.id))
      .limit(ENTREGAS_PER_PAGE)
      .offset((query.pagina - 1) * ENTREGAS_PER_PAGE);
    return { total, entries: await presentEntregas(db, rows) };
  });
  const last = Math.max(1, Math.ceil(total / ENTREGAS_PER_PAGE));
  const base = `${webhookPath(topic)}/entregas`;
  const page = (pagina: number) => withQuery(base, { estado: query.estado, sid: query.sid, pagina });
  return {
    Total: total,
    Pagina: query.pagina,
    PerPagina: ENTREGAS_PER_PAGE,
    _links: {
      self: { href: page(query.pagina) },
      first: { href: page(1) },
      ...(query.pagina > 1 && { prev: { href: page(Math.min(query.pagina - 1, last)) } }),
      ...(query.pagina < last && { next: { href: page(query.pagina + 1) } }),
      last: { href: page(last) },
    },
    _entries: entries,
  };
}
