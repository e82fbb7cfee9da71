import { describe, expect, it } from "vitest";
import { traductorDe } from "@/lib/panel/i18n/mensajes";
import { cambiosDe, rechazoEnPalabras } from "@/lib/panel/publicaciones/acciones";
import { filtrosDe, urlPublicaciones } from "@/lib/panel/publicaciones/filtros";
import { estadoDe } from "@/lib/panel/publicaciones/presentacion";
import { V3Error } from "@/lib/panel/v3-client";
import type { Publicacion } from "@/lib/panel/v3-tipos";

/** The Panel's listings (decisions 0090): what a change sends, a refusal's words, the URL's filters. */

const t = traductorDe("es-AR");

const publicacion: Publicacion = {
  ExternalId: "COR-1",
  RefStock: "AB123CD",
  Estado: "Activa",
  Motivo: null,
  Exposicion: "Alta",
  OperadorResponsable: "ventas@norte.test",
  Marca: { href: "/v3/marcas/toyota", title: "Toyota" },
  Modelo: { href: "/v3/modelos/corolla", title: "Corolla" },
  Version: "2.0 XEI",
  VersionYear: 2021,
  Kilometraje: 45000,
  Precio: { Moneda: "USD", Importe: 21500 },
  Carroceria: { href: "/v3/carrocerias/sedan", title: "Sedán" },
  Color: null,
  Combustible: "nafta",
  Transmision: null,
  Descripcion: "Único dueño",
  Fotos: [{ Url: "https://fotos.example/1.jpg", Estado: "error", Motivo: "no es una imagen" }],
  Consultas: { Total: 3, SinAtender: 1 },
  Creada: "2026-11-01T10:00:00-03:00",
  Modificada: "2026-11-20T10:00:00-03:00",
  _links: { self: { href: "/v3/publicaciones/ventas@norte.test/COR-1" } } as Publicacion["_links"],
};

const conflicto = (Errors: Record<string, string[]>, Paquete: unknown) =>
  new V3Error({ Title: "Conflicto", Status: 409, Detail: "…", Errors, Extensions: { Paquete } });

const paquete = (Estado: string, Contratadas: number, Activas: number) => ({
  Estado,
  Publicaciones: { Contratadas, Activas },
  Exposiciones: { Alta: { Contratadas: 1, Usadas: 1 }, Media: { Contratadas: 1, Usadas: 1 }, Baja: { Contratadas: 0, Usadas: 0 } },
});

describe("a listing's change", () => {
  it("sends back every editable member as read, references as the API's URLs and photos by their URL", () => {
    expect(cambiosDe(publicacion)).toEqual({
      RefStock: "AB123CD",
      Activa: true,
      Exposicion: "Alta",
      OperadorResponsable: "ventas@norte.test",
      VersionYear: 2021,
      Kilometraje: 45000,
      Precio: { Moneda: "USD", Importe: 21500 },
      Carroceria: "/v3/carrocerias/sedan",
      Color: null,
      Combustible: "nafta",
      Transmision: null,
      Descripcion: "Único dueño",
      Fotos: [{ Url: "https://fotos.example/1.jpg" }],
    });
  });
});

describe("a refusal in words", () => {
  it("gives the package's numbers when it has no room", () => {
    const error = conflicto({ Activa: ["sin lugar"] }, paquete("activo", 10, 10));
    expect(rechazoEnPalabras(error, t)).toBe(
      "Tu paquete tiene 10 publicaciones y las 10 están activas. Pausá o archivá otra para reactivar esta.",
    );
  });

  it("names a package that is not active, each level's use, an archived listing", () => {
    expect(rechazoEnPalabras(conflicto({ Activa: ["x"] }, paquete("vencido", 10, 0)), t)).toContain("está vencido");
    expect(rechazoEnPalabras(conflicto({ Exposicion: ["x"] }, paquete("activo", 10, 2)), t)).toContain(
      "alta 1 de 1, media 1 de 1, baja 0 de 0",
    );
    expect(rechazoEnPalabras(conflicto({ _: ["x"] }, undefined), t)).toBe(t("publicaciones.rechazos.archivada"));
  });

  it("names the members the API refuses to save back, and leaves its own words for anything else", () => {
    const fotos = new V3Error({ Title: "Solicitud inválida", Status: 400, Errors: { "Fotos[0].Url": ["Esquema http no admitido."] } });
    expect(rechazoEnPalabras(fotos, t)).toBe("Fotos[0].Url: Esquema http no admitido.");
    expect(rechazoEnPalabras(new V3Error({ Title: "Demasiadas solicitudes", Status: 429 }), t)).toBeNull();
  });

  it("says a paused listing's reason", () => {
    expect(estadoDe({ Estado: "Suspendida", Motivo: "paquete" }, t)).toBe("Pausada: sin cupo en el paquete");
  });
});

describe("the listings' filters in the URL", () => {
  it("opens on the Activa listings, and a hand-edited value falls back to its default", () => {
    expect(filtrosDe({})).toEqual({ estado: "activa", exposicion: undefined, operador: undefined, q: undefined, pagina: 1 });
    expect(filtrosDe({ estado: "otra", exposicion: "maxima", operador: "no-es-un-mail", q: "a\u0000b", pagina: "x" })).toEqual({
      estado: "activa",
      exposicion: undefined,
      operador: undefined,
      q: undefined,
      pagina: 1,
    });
  });

  it("a level keeps the state Activa; the defaults stay out of the URL", () => {
    expect(filtrosDe({ estado: "archivada", exposicion: "alta" }).estado).toBe("activa");
    expect(urlPublicaciones({ estado: "activa", pagina: "1", q: "amarok" })).toBe("/panel/publicaciones?q=amarok");
    expect(urlPublicaciones({ agencia: "a@b.test", estado: "suspendida", pagina: "2" })).toBe(
      "/panel/publicaciones?agencia=a%40b.test&estado=suspendida&pagina=2",
    );
  });
});
