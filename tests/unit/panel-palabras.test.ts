import { describe, expect, it } from "vitest";
import { filaDe, resumenDe, seccionesDe } from "@/lib/panel/consultas/presentacion";
import { traductorDe } from "@/lib/panel/i18n/mensajes";
import { errorDeConexionEnPalabras } from "@/lib/panel/notificaciones/topicos";
import type { Consulta } from "@/lib/panel/v3-tipos";

/** Issue 20: every value a person reads has words; the API's code stays beside them for support. */

const es = traductorDe("es-AR");
const en = traductorDe("en");

describe("a delivery attempt's connection error in words", () => {
  it.each([
    [
      "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9",
      "El Callback rechazó la conexión: no hay un servidor escuchando en esa dirección y puerto.",
    ],
    ["getaddrinfo ENOTFOUND receptor.invalid", "No se encontró el servidor del Callback: el nombre no resuelve."],
    ["UND_ERR_HEADERS_TIMEOUT: Headers Timeout Error", "El Callback no respondió a tiempo."],
    ["UND_ERR_SOCKET: other side closed", "El Callback cortó la conexión antes de responder."],
    [
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate",
      "Falló la conexión segura con el Callback (su certificado).",
    ],
  ])("%s", (error, palabras) => {
    expect(errorDeConexionEnPalabras(error, es)).toBe(palabras);
    expect(errorDeConexionEnPalabras(error, en)).not.toBe(palabras);
  });

  it("an error the Panel has no words for is shown as recorded (null here)", () => {
    expect(errorDeConexionEnPalabras("La dirección resuelve a una red privada", es)).toBeNull();
  });
});

describe("the enquiry's codes in the detail", () => {
  const consulta = (cambios: { OrigenLead?: string; Interes?: string; Estado?: string | null }) =>
    ({
      Momento: "2026-11-25T10:00:00-03:00",
      TipoAnuncio: "publicacion",
      OrigenLead: cambios.OrigenLead ?? "form",
      OperadorResponsable: "ventas@agencia.test",
      Interesado: { Nombre: "Ana", Apellido: "Paz", Email: "ana@example.com", Interes: cambios.Interes ?? "compra" },
      Auto: { ExternalId: "A-1", Estado: cambios.Estado === undefined ? "usado" : cambios.Estado, Precio: null },
    }) as unknown as Consulta;
  const campo = (c: Consulta, nombre: string, t = es) =>
    seccionesDe(c, "01J0000000000000000000000", t, { number: String, dateTime: String } as never)
      .flatMap((seccion) => seccion.campos)
      .find((uno) => uno.nombre === nombre);

  it("says known codes in words and keeps the code as `crudo`", () => {
    expect(campo(consulta({}), "OrigenLead")).toMatchObject({ valor: "Formulario de contacto", crudo: "form" });
    expect(campo(consulta({}), "Interes")).toMatchObject({ valor: "Comprar", crudo: "compra" });
    expect(campo(consulta({ Estado: "nuevo" }), "Estado")).toMatchObject({ valor: "0 km", crudo: "nuevo" });
    expect(campo(consulta({}), "Estado", en)).toMatchObject({ valor: "Used", crudo: "usado" });
  });

  it("shows a code the API may add later as it sends it, and a missing one as no data", () => {
    expect(campo(consulta({ OrigenLead: "whatsapp" }), "OrigenLead")).toEqual({
      nombre: "OrigenLead",
      etiqueta: "Origen del contacto",
      valor: "whatsapp",
    });
    expect(campo(consulta({ Estado: null }), "Estado")?.crudo).toBeUndefined();
  });
});

describe("the question first (issue 34, part 3)", () => {
  const formato = { number: String, dateTime: String } as never;
  const consulta = (comentario: string) =>
    ({
      Momento: "2026-11-25T10:00:00-03:00",
      TipoAnuncio: "publicacion",
      OrigenLead: "form",
      OperadorResponsable: "ventas@agencia.test",
      Atencion: null,
      Interesado: { Nombre: "Ana", Apellido: "Paz", Email: "ana@example.com", Telefono: null, Interes: "compra", Comentario: comentario },
      Auto: { Marca: "Toyota", Modelo: "Corolla", Version: "XEi", VersionYear: 2021, ExternalId: "A-1", Estado: "usado", Precio: null },
    }) as unknown as Consulta;

  it("the detail's summary has the vehicle and the question; the row its preview; a blank question is none", () => {
    expect(resumenDe(consulta("  ¿Sigue disponible?\n"), es, formato)).toMatchObject({
      vehiculo: "Toyota Corolla XEi (2021)",
      pregunta: "¿Sigue disponible?",
    });
    expect(filaDe(consulta("¿Sigue disponible?"), "01J0000000000000000000000", es, formato).pregunta).toBe("¿Sigue disponible?");
    expect(resumenDe(consulta("   "), es, formato).pregunta).toBeNull();
  });

  it("folds the metadata (sid, listing type, origin, operator) and does not repeat the question below", () => {
    const secciones = seccionesDe(consulta("¿Sigue disponible?"), "01J0000000000000000000000", es, formato);
    const plegadas = secciones.filter((seccion) => seccion.plegada);
    expect(plegadas.map((seccion) => seccion.campos.map((campo) => campo.nombre))).toEqual([
      ["Sid", "TipoAnuncio", "OrigenLead", "OperadorResponsable"],
    ]);
    expect(secciones.flatMap((seccion) => seccion.campos).some((campo) => campo.nombre === "Comentario")).toBe(false);
  });
});
