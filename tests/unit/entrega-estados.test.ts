import { describe, expect, it } from "vitest";
import { nextDeliveryState } from "@/lib/service/webhooks/delivery-state";
import { MAX_ATTEMPTS, RETRY_LADDER_MS } from "@/lib/service/webhooks/retry-schedule";

/**
 * A notification's state after each attempt (docs/contract.md#retries, decisions 0006), without a server: delivered is final,
 * automatic failures climb the ladder until it runs out or the receiver answers 410, and a manual
 * attempt that fails leaves the notification where it was.
 */
const NOW = new Date("2026-11-25T12:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const middle = () => 0.5;
const automatic = { disparo: "automatico" as const, random: middle };
const delivered = { ok: true, httpStatus: 204, timedOut: false };
const failed = { ok: false, httpStatus: 500, timedOut: false };
const gone = { ok: false, httpStatus: 410, timedOut: false };

describe("after an automatic attempt", () => {
  it("delivered: entregada, nothing more scheduled, whatever the attempt number", () => {
    for (const intentos of [1, MAX_ATTEMPTS]) {
      expect(nextDeliveryState(intentos, delivered, automatic, NOW)).toEqual({
        update: { estado: "entregada", entregadaAt: NOW, proximoIntentoAt: NOW },
        nextAttempt: null,
        exhausted: false,
      });
    }
  });

  it("failed: pendiente again, at the ladder's next step from now", () => {
    RETRY_LADDER_MS.forEach((delay, index) => {
      const state = nextDeliveryState(index + 1, failed, automatic, NOW);
      expect(state).toEqual({
        update: { estado: "pendiente", proximoIntentoAt: later(delay) },
        nextAttempt: later(delay),
        exhausted: false,
      });
    });
  });

  it("failed at the last attempt: fallida, exhausted (the configuration's health hears of it)", () => {
    expect(nextDeliveryState(MAX_ATTEMPTS, failed, automatic, NOW)).toEqual({
      update: { estado: "fallida", proximoIntentoAt: NOW },
      nextAttempt: null,
      exhausted: true,
    });
  });

  it("410 Gone: fallida at once, at any attempt, and not counted as the ladder running out", () => {
    for (const intentos of [1, 3, MAX_ATTEMPTS]) {
      expect(nextDeliveryState(intentos, gone, automatic, NOW)).toEqual({
        update: { estado: "fallida", proximoIntentoAt: NOW },
        nextAttempt: null,
        exhausted: false,
      });
    }
  });
});

describe("after a manual attempt (reintentar, resendwebhook)", () => {
  const pendingUntil = later(300_000);
  const pending = { disparo: "manual" as const, prior: { estado: "pendiente", proximoIntentoAt: pendingUntil } };

  it("delivered: entregada, and the pending automatic retry is gone with it", () => {
    expect(nextDeliveryState(2, delivered, pending, NOW)).toEqual({
      update: { estado: "entregada", entregadaAt: NOW, proximoIntentoAt: NOW },
      nextAttempt: null,
      exhausted: false,
    });
  });

  it("failed: the notification keeps its state and its next automatic attempt", () => {
    expect(nextDeliveryState(2, failed, pending, NOW)).toEqual({
      update: { estado: "pendiente", proximoIntentoAt: pendingUntil },
      nextAttempt: pendingUntil,
      exhausted: false,
    });
    const after = { disparo: "manual" as const, prior: { estado: "fallida", proximoIntentoAt: NOW } };
    expect(nextDeliveryState(MAX_ATTEMPTS, failed, after, NOW)).toEqual({
      update: { estado: "fallida", proximoIntentoAt: NOW },
      nextAttempt: null,
      exhausted: false,
    });
  });

  it("410 on a pending notification ends it", () => {
    expect(nextDeliveryState(2, gone, pending, NOW)).toEqual({
      update: { estado: "fallida", proximoIntentoAt: pendingUntil },
      nextAttempt: null,
      exhausted: false,
    });
  });
});
