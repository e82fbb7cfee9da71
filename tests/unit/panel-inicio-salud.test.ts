import { describe, expect, it } from "vitest";
import { resumirEntregas } from "@/lib/panel/inicio/numeros";
import type { Entrega } from "@/lib/panel/v3-tipos";

/**
 * Issue 34, part 2: the admin home's webhook card said "Última falla: Ninguna" while every delivery
 * of the day had failed (they were still being retried, so none was `fallida` yet).
 */

type Intento = Entrega["Intentos"][number];

const intento = (Momento: string, HttpStatus: number, error: string | null = null): Intento => ({
  Momento,
  Disparo: "automatico",
  HttpStatus,
  LatenciaMs: 12,
  Respuesta: null,
  Error: error,
  ProximoIntento: null,
});

let contador = 0;
function entrega(Estado: Entrega["Estado"], Intentos: Intento[]): Entrega {
  contador += 1;
  return {
    Id: `01ENTREGA${contador}`,
    Topic: "consultas",
    Evento: "consulta.recibida",
    Estado,
    Creada: Intentos[0]?.Momento ?? "2026-11-29T08:00:00-03:00",
    Entregada: Estado === "entregada" ? (Intentos.at(-1)?.Momento ?? null) : null,
    ProximoIntento: null,
    Payload: {} as Entrega["Payload"],
    Intentos,
    _links: {} as Entrega["_links"],
  };
}

describe("a webhook topic's day", () => {
  it("every delivery failing and still retried: none delivered, all not delivered, the newest failed attempt with its reason", () => {
    const recientes = [
      entrega("pendiente", [intento("2026-11-29T09:00:00-03:00", 0, "ECONNREFUSED"), intento("2026-11-29T09:05:00-03:00", 503)]),
      entrega("pendiente", [intento("2026-11-29T08:00:00-03:00", 0, "ECONNREFUSED")]),
    ];
    const resumen = resumirEntregas(recientes, null);
    expect(resumen).toMatchObject({ entregas: 2, entregadas: 0, fallidas: 2, reintentando: 2, exito: 0 });
    expect(resumen.ultimaFalla?.momento).toBe("2026-11-29T09:05:00-03:00");
    expect(resumen.ultimaFalla?.intento?.HttpStatus).toBe(503);
    expect(resumen.ultimaFalla?.entrega).toBe(recientes[0]);
  });

  it("counts delivered, failed for good, discarded and failing apart; a delivery that arrived after failing is delivered", () => {
    const recientes = [
      entrega("entregada", [intento("2026-11-29T07:00:00-03:00", 500), intento("2026-11-29T07:01:00-03:00", 200)]),
      entrega("entregada", [intento("2026-11-29T06:00:00-03:00", 204)]),
      entrega("fallida", [intento("2026-11-29T05:00:00-03:00", 410)]),
      entrega("descartada", []),
      entrega("pendiente", []),
    ];
    const resumen = resumirEntregas(recientes, null);
    expect(resumen).toMatchObject({ entregas: 5, entregadas: 2, fallidas: 2, reintentando: 0, exito: 0.5 });
    // The newest failed attempt was the first one's 500, later delivered: still the last failure seen.
    expect(resumen.ultimaFalla?.momento).toBe("2026-11-29T07:00:00-03:00");
  });

  it("a day without failures names the newest failed delivery before it; none at all says none", () => {
    const anterior = entrega("fallida", [intento("2026-11-20T10:00:00-03:00", 404)]);
    const bien = [entrega("entregada", [intento("2026-11-29T07:00:00-03:00", 200)])];
    expect(resumirEntregas(bien, anterior).ultimaFalla).toMatchObject({ momento: "2026-11-20T10:00:00-03:00", entrega: anterior });
    expect(resumirEntregas(bien, null)).toMatchObject({ entregadas: 1, fallidas: 0, exito: 1, ultimaFalla: null });
    expect(resumirEntregas([], null)).toMatchObject({ entregas: 0, exito: null, ultimaFalla: null });
  });
});
