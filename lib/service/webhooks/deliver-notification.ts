import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { entregaIntentos, notificaciones } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import type { ClaimedNotification } from "./claim-notifications";
import { type HealthEvent, recordConfigHealth } from "./config-health";
import { type DeliveryOptions, type Disparo, type NextDeliveryState, nextDeliveryState } from "./delivery-state";
import { notificationBody } from "./enqueue-notification";
import { type DeliveryTarget, loadDeliveryTarget } from "./load-target";
import { notificationHeaders } from "./notification-headers";
import { recordDelivered } from "./record-delivered";
import { type SendResult, sendNotification } from "./send-notification";

/** The claimed notification's row, only while this worker still holds its lease. */
function fenced(claimed: ClaimedNotification) {
  return and(
    eq(notificaciones.id, claimed.id),
    eq(notificaciones.estado, "enviando"),
    eq(notificaciones.proximoIntentoAt, claimed.leaseUntil),
  );
}

async function discard(claimed: ClaimedNotification, now: Date): Promise<void> {
  const db = await getDb();
  await db.update(notificaciones).set({ estado: "descartada", proximoIntentoAt: now }).where(fenced(claimed));
}

async function attempt(claimed: ClaimedNotification, target: DeliveryTarget, now: Date): Promise<SendResult> {
  const body = notificationBody(claimed.payload);
  const headers = notificationHeaders({
    id: claimed.id,
    topic: claimed.topic,
    timestamp: Math.floor(now.getTime() / 1000),
    body,
    secret: target.secret,
    custom: target.headers,
  });
  return sendNotification(target.callback, headers, body);
}

type Outcome = NextDeliveryState & { intentos: number; startedAt: Date; now: Date };

function healthEvent(result: SendResult, outcome: Outcome, notificationId: string): HealthEvent {
  if (result.ok) return { kind: "delivered" };
  if (result.httpStatus === 410) return { kind: "gone" };
  return { kind: "failed", exhaustedNotificationId: outcome.exhausted ? notificationId : undefined, error: result.error ?? "" };
}

/** The attempt, the notification's next state and the configuration's health, in one transaction. */
async function record(claimed: ClaimedNotification, target: DeliveryTarget, disparo: Disparo, result: SendResult, outcome: Outcome) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(entregaIntentos).values({
      id: newId(),
      notificacionId: claimed.id,
      momento: outcome.startedAt,
      disparo,
      httpStatus: result.httpStatus,
      latenciaMs: result.latencyMs,
      respuesta: result.response,
      error: result.error,
      proximoIntentoAt: outcome.nextAttempt,
    });
    await tx
      .update(notificaciones)
      .set({ ...outcome.update, intentos: outcome.intentos })
      .where(fenced(claimed));
    await recordConfigHealth(tx, target, claimed.appId, healthEvent(result, outcome, claimed.id), outcome.now);
  });
}

/** What /metrics counts of an automatic attempt (a manual one is a partner's retry, not the queue's work). */
function count(claimed: ClaimedNotification, result: SendResult | undefined, outcome: Outcome | undefined): void {
  const { deliveries, deliveryLatency } = metrics();
  if (!result || !outcome) deliveries.inc({ outcome: "discarded" });
  else if (result.ok) {
    deliveries.inc({ outcome: "delivered" });
    deliveryLatency.observe(Math.max(0, (outcome.now.getTime() - claimed.createdAt.getTime()) / 1000));
  } else if (result.httpStatus === 410) deliveries.inc({ outcome: "gone" });
  else deliveries.inc({ outcome: outcome.exhausted ? "exhausted" : "failed" });
}

/** The attempt in our own words only: what is recorded when the receiver's answer could not be. */
function withoutAnswer(result: SendResult): SendResult {
  return { ...result, response: null, error: "No pudimos guardar la respuesta del receptor; el estado HTTP es el que respondió." };
}

/** A delivered attempt together with the others of this process (decision 0131); alone, as any other, should that fail. */
async function recordTogether(
  claimed: ClaimedNotification,
  target: DeliveryTarget,
  disparo: Disparo,
  result: SendResult,
  outcome: Outcome,
) {
  try {
    await recordDelivered({
      notificationId: claimed.id,
      leaseUntil: claimed.leaseUntil,
      configId: target.configId,
      disparo,
      startedAt: outcome.startedAt,
      deliveredAt: outcome.now,
      intentos: outcome.intentos,
      result,
    });
    return true;
  } catch (error) {
    logger().warn({ err: error, notificationId: claimed.id }, "webhook deliveries not recorded together; recording this one alone");
    return false;
  }
}

/**
 * The attempt, the notification's next state and the configuration's health in one transaction.
 * Should that fail, it is recorded again without the receiver's text (decisions 0024): a
 * notification delivered is marked so, and is not sent again when its lease ends.
 */
async function recordAttempt(claimed: ClaimedNotification, target: DeliveryTarget, disparo: Disparo, result: SendResult, outcome: Outcome) {
  if (result.ok && (await recordTogether(claimed, target, disparo, result, outcome))) return;
  try {
    await record(claimed, target, disparo, result, outcome);
  } catch (error) {
    logger().error({ err: error, notificationId: claimed.id }, "webhook attempt not recorded; recording it without the receiver's answer");
    await record(claimed, target, disparo, withoutAnswer(result), outcome);
  }
}

/**
 * Sends one claimed notification to its configuration, loaded now, and records the attempt (see
 * deliverTo).
 */
export async function deliverClaimed(claimed: ClaimedNotification, options: DeliveryOptions): Promise<SendResult | undefined> {
  return deliverTo(claimed, await loadDeliveryTarget(claimed.appId, claimed.topic), options);
}

/**
 * Sends one claimed notification to its configuration, `target` (loaded when the notification was
 * claimed, or just now), and records the attempt, the notification's next state and the
 * configuration's health. A configuration that is gone or inactive receives nothing: the
 * notification is discarded.
 */
export async function deliverTo(
  claimed: ClaimedNotification,
  target: DeliveryTarget | undefined,
  options: DeliveryOptions,
): Promise<SendResult | undefined> {
  const clock = options.now ?? (() => new Date());
  const automatic = options.disparo === "automatico";
  if (!target?.active) {
    await discard(claimed, clock());
    if (automatic) count(claimed, undefined, undefined);
    return undefined;
  }
  const startedAt = clock();
  const result = await attempt(claimed, target, startedAt);
  const now = clock();
  const counted: ClaimedNotification = automatic ? { ...claimed, intentos: claimed.intentos + 1 } : claimed;
  const outcome: Outcome = { ...nextDeliveryState(counted.intentos, result, options, now), intentos: counted.intentos, startedAt, now };
  await recordAttempt(claimed, target, options.disparo, result, outcome);
  if (automatic) count(claimed, result, outcome);
  if (!result.ok) {
    logger().warn(
      { notificationId: claimed.id, topic: claimed.topic, status: result.httpStatus, error: result.error, disparo: options.disparo },
      "webhook not delivered",
    );
  }
  return result;
}
