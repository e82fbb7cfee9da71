import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { notificaciones } from "@/lib/db/schema";

/**
 * The app's `consultas` notifications about one enquiry (its sid in Datos.Sid): the topic written
 * as a literal so the planner takes the partial index notificaciones_consulta_idx (decision 0109).
 */
export function notificationsOfConsulta(appId: string, sid: string): SQL | undefined {
  return and(
    eq(notificaciones.appId, appId),
    sql`${notificaciones.topic} = 'consultas'`,
    sql`(${notificaciones.payload} #>> '{Datos,Sid}') = ${sid}`,
  );
}
