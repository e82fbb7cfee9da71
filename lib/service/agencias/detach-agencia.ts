import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { forbiddenProblem } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { agenciaApps, invitaciones } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { suspendDetached } from "@/lib/service/publicaciones/cupo";
import { notifyPublicaciones } from "@/lib/service/publicaciones/notify";
import { recordCambios } from "@/lib/service/publicaciones/record-cambios";
import { findVisible } from "./relation";

/**
 * PATCH /v3/agencias/{adminMail}/desasociar: the agency keeps its account; the app's Activa listings
 * of it are suspended (Motivo desasociada, their places in the package freed, each notified) and its
 * open invitation is cancelled. Afterwards the agency is missing for the app.
 */
export async function detachAgencia(app: AuthenticatedApp, adminMail: string): Promise<void> {
  const db = await getDb();
  const visible = await findVisible(db, app.id, adminMail);
  if (!visible) throw forbiddenProblem("La app no tiene permiso sobre esta agencia.");
  const agenciaId = visible.agencia.id;
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(agenciaApps)
      .set({ estado: "desasociada", desasociadaAt: now })
      .where(and(eq(agenciaApps.agenciaId, agenciaId), eq(agenciaApps.appId, app.id)));
    const suspended = await suspendDetached(tx, agenciaId, app.id, now);
    await recordCambios(tx, suspended, "estado", "plataforma", now);
    await notifyPublicaciones(tx, suspended, "plataforma", now);
    await tx
      .update(invitaciones)
      .set({ reemplazadaAt: now })
      .where(
        and(
          eq(invitaciones.agenciaId, agenciaId),
          eq(invitaciones.appId, app.id),
          isNull(invitaciones.usadaAt),
          isNull(invitaciones.reemplazadaAt),
        ),
      );
  });
}
