import type { notificaciones } from "@/lib/db/schema";
import { type AttemptOutcome, nextRetryDelay } from "./retry-schedule";

export type Disparo = "automatico" | "manual";

/** Where a manual attempt that fails leaves the notification: as it was before. */
export type PriorState = { estado: string; proximoIntentoAt: Date };

export type DeliveryOptions = {
  disparo: Disparo;
  /** Manual attempts only. */
  prior?: PriorState;
  random?: () => number;
  now?: () => Date;
};

/** What an attempt answered, as far as the notification's next state goes. */
export type AttemptResult = AttemptOutcome & { ok: boolean };

export type NextDeliveryState = {
  update: Partial<typeof notificaciones.$inferInsert>;
  /** What the attempt log says of the next attempt; null when none is scheduled. */
  nextAttempt: Date | null;
  /** The ladder ran out (not a 410): the configuration's health hears of it. */
  exhausted: boolean;
};

/**
 * The notification's next state after an attempt (docs/contract.md#retries): delivered is final; an automatic
 * failure climbs the retry ladder (`intentos`: the attempts made, this one included) until it runs
 * out or the receiver answers 410; a manual attempt that fails leaves the notification as it was,
 * except that a 410 ends a pending one.
 */
export function nextDeliveryState(intentos: number, result: AttemptResult, options: DeliveryOptions, now: Date): NextDeliveryState {
  if (result.ok) return { update: { estado: "entregada", entregadaAt: now, proximoIntentoAt: now }, nextAttempt: null, exhausted: false };
  if (options.disparo === "manual") {
    const prior = options.prior ?? { estado: "fallida", proximoIntentoAt: now };
    const estado = result.httpStatus === 410 && prior.estado === "pendiente" ? "fallida" : prior.estado;
    const pending = estado === "pendiente";
    return {
      update: { estado, proximoIntentoAt: prior.proximoIntentoAt },
      nextAttempt: pending ? prior.proximoIntentoAt : null,
      exhausted: false,
    };
  }
  const delay = result.httpStatus === 410 ? undefined : nextRetryDelay(intentos, result, options.random);
  if (delay === undefined)
    return { update: { estado: "fallida", proximoIntentoAt: now }, nextAttempt: null, exhausted: result.httpStatus !== 410 };
  const at = new Date(now.getTime() + delay);
  return { update: { estado: "pendiente", proximoIntentoAt: at }, nextAttempt: at, exhausted: false };
}
