import "server-only";
import { and, eq, gte, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { entregaIntentos, notificaciones, webhookConfigs } from "@/lib/db/schema";
import type { DeliveryTarget } from "./load-target";
import { queueDeactivatedMail, queueExhaustedMail } from "./webhook-mail";

/** A configuration failing continuously this long is deactivated (docs/contract.md#retries). */
export const FAILING_DEACTIVATES_AFTER_MS = 5 * 24 * 60 * 60 * 1000;

export type HealthEvent = { kind: "delivered" } | { kind: "gone" } | { kind: "failed"; exhaustedNotificationId?: string; error: string };

async function deactivate(tx: Db, target: DeliveryTarget, reason: string, now: Date): Promise<void> {
  const changed = await tx
    .update(webhookConfigs)
    .set({ active: false, failingSince: null, updatedAt: now })
    .where(and(eq(webhookConfigs.id, target.configId), eq(webhookConfigs.active, true)))
    .returning({ id: webhookConfigs.id });
  if (changed.length > 0) await queueDeactivatedMail(tx, target, reason);
}

/** Another notification of this configuration already exhausted in the current failing run. */
async function exhaustedEarlierInRun(tx: Db, target: DeliveryTarget, notificationId: string, since: Date, appId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: notificaciones.id })
    .from(notificaciones)
    .innerJoin(entregaIntentos, eq(entregaIntentos.notificacionId, notificaciones.id))
    .where(
      and(
        eq(notificaciones.appId, appId),
        eq(notificaciones.topic, target.topic),
        eq(notificaciones.estado, "fallida"),
        ne(notificaciones.id, notificationId),
        gte(entregaIntentos.momento, since),
        isNull(entregaIntentos.proximoIntentoAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * What an attempt means for its configuration, inside the attempt's transaction: success ends a
 * failing run; 410 deactivates; a failure starts or continues the run, deactivating after five
 * days; the first exhausted notification of a run e-mails the app's contact. The update of the
 * configuration's row comes first: it serializes concurrent attempts, so the check for an earlier
 * exhausted notification sees theirs (READ COMMITTED takes a new snapshot per statement).
 */
export async function recordConfigHealth(tx: Db, target: DeliveryTarget, appId: string, event: HealthEvent, now: Date): Promise<void> {
  if (event.kind === "delivered") {
    await tx
      .update(webhookConfigs)
      .set({ failingSince: null })
      .where(and(eq(webhookConfigs.id, target.configId), isNotNull(webhookConfigs.failingSince)));
    return;
  }
  if (event.kind === "gone") {
    await deactivate(tx, target, "el receptor respondió 410 Gone.", now);
    return;
  }
  const [row] = await tx
    .update(webhookConfigs)
    .set({ failingSince: sql`coalesce(${webhookConfigs.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(webhookConfigs.id, target.configId), eq(webhookConfigs.active, true)))
    .returning({ failingSince: webhookConfigs.failingSince });
  // Deactivated meanwhile (by a concurrent attempt or by the app): nothing more to track or tell.
  if (!row?.failingSince) return;
  const since = new Date(row.failingSince);
  if (event.exhaustedNotificationId && !(await exhaustedEarlierInRun(tx, target, event.exhaustedNotificationId, since, appId))) {
    await queueExhaustedMail(tx, target, event.exhaustedNotificationId, event.error);
  }
  if (now.getTime() - since.getTime() >= FAILING_DEACTIVATES_AFTER_MS) {
    await deactivate(tx, target, "las entregas fallan sin interrupción desde hace 5 días.", now);
  }
}
