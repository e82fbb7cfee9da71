import "server-only";
import { and, eq } from "drizzle-orm";
import type { Entrega } from "@/lib/api/entregas";
import { conflictProblem, NotFound, validationProblem } from "@/lib/api/problem";
import { getDb } from "@/lib/db";
import { notificaciones } from "@/lib/db/schema";
import type { AuthenticatedApp } from "@/lib/service/apps/find-app";
import { type ClaimedNotification, LEASE_MS } from "./claim-notifications";
import { configuredWebhook } from "./configured-webhook";
import { deliverClaimed } from "./deliver-notification";
import type { PriorState } from "./delivery-state";
import { getEntrega } from "./get-entrega";
import { assertSendable } from "./sendable-webhook";

/**
 * A manual attempt now (disparo manual), whatever the notification's state, unless a worker is
 * sending it at this moment (409). It takes the same lease as a worker, so the two never send at
 * once. A failed manual attempt leaves the notification as it was (no automatic retry is used up).
 */
export async function retryEntrega(app: AuthenticatedApp, topic: string, id: string): Promise<Entrega> {
  const hook = await configuredWebhook(app, topic);
  if (!hook.active) {
    throw validationProblem({ _: [`La configuración del tópico ${topic} no está activa: activala con PUT antes de reintentar.`] });
  }
  assertSendable(hook);
  const db = await getDb();
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const { claimed, prior } = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.id, id), eq(notificaciones.appId, app.id), eq(notificaciones.topic, topic)))
      .for("update");
    if (!row) throw new NotFound();
    if (row.estado === "enviando" && row.proximoIntentoAt > now) {
      throw conflictProblem({ _: ["La notificación se está enviando en este momento; reintentá en unos segundos."] }, "Entrega en curso.");
    }
    await tx.update(notificaciones).set({ estado: "enviando", proximoIntentoAt: leaseUntil }).where(eq(notificaciones.id, row.id));
    const claimed: ClaimedNotification = {
      id: row.id,
      appId: row.appId,
      topic: row.topic,
      payload: row.payload as Record<string, unknown>,
      intentos: row.intentos,
      createdAt: row.createdAt,
      leaseUntil,
    };
    const prior: PriorState =
      row.estado === "enviando"
        ? { estado: "pendiente", proximoIntentoAt: now }
        : { estado: row.estado, proximoIntentoAt: row.proximoIntentoAt };
    return { claimed, prior };
  });
  await deliverClaimed(claimed, { disparo: "manual", prior });
  return getEntrega(app, topic, id);
}
