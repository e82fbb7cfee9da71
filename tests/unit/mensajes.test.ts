import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { type Area, MENSAJES, mensajesDe } from "@/lib/panel/i18n/mensajes";

/**
 * The Panel's messages (messages/<idioma>/<área>.json): Spanish is the source of truth, English must
 * say the same things (same keys, same ICU arguments), and a client component gets only its areas.
 */

type Arbol = { [clave: string]: string | Arbol };

function hojas(arbol: Arbol, prefijo = ""): Map<string, string> {
  const todas = new Map<string, string>();
  for (const [clave, valor] of Object.entries(arbol)) {
    const ruta = prefijo ? `${prefijo}.${clave}` : clave;
    if (typeof valor === "string") todas.set(ruta, valor);
    else for (const [hoja, mensaje] of hojas(valor, ruta)) todas.set(hoja, mensaje);
  }
  return todas;
}

/** The names of a message's ICU arguments ({nombre}, {n, plural, …}, {campo, select, …}), from its syntax tree. */
function argumentos(mensaje: string): string[] {
  const nombres = new Set<string>();
  const recorrer = (elementos: MessageFormatElement[]) => {
    for (const elemento of elementos) {
      if ("value" in elemento && elemento.type !== TYPE.literal) nombres.add(String(elemento.value));
      if ("options" in elemento) for (const opcion of Object.values(elemento.options)) recorrer(opcion.value);
    }
  };
  recorrer(parse(mensaje));
  return [...nombres].sort();
}

const es = hojas(MENSAJES["es-AR"] as unknown as Arbol);
const en = hojas(MENSAJES.en as unknown as Arbol);

describe("the Panel's messages", () => {
  it("has the same keys in English as in Spanish, none with a dot (next-intl reads dots as nesting)", () => {
    expect([...en.keys()].sort()).toEqual([...es.keys()].sort());
    for (const clave of es.keys()) expect(clave.split(".").length, clave).toBeGreaterThan(1);
  });

  it("takes the same arguments in both languages", () => {
    const distintos = [...es].filter(([clave, mensaje]) => argumentos(mensaje).join() !== argumentos(en.get(clave) ?? "").join());
    expect(distintos).toEqual([]);
  });

  it("says plurals and options with ICU, in each language's words", () => {
    const t = createTranslator({ locale: "es-AR", messages: MENSAJES["es-AR"] });
    const tEn = createTranslator({ locale: "en", messages: MENSAJES.en });
    expect(t("consultas.cantidad", { n: 1 })).toBe("1 consulta");
    expect(t("consultas.cantidad", { n: 1234 })).toBe("1.234 consultas");
    expect(tEn("consultas.cantidad", { n: 1234 })).toBe("1,234 enquiries");
    expect(t("equipo.caption", { n: 1 })).toBe("1 persona en el equipo.");
    expect(t("inicio.hola", { nombre: "none" })).toBe("Hola");
    expect(t("inicio.hola", { nombre: "Ana" })).toBe("Hola, Ana");
    expect(tEn("consultas.validacion.fecha", { campo: "hasta" })).toBe("Enter the to date as a valid date (YYYY-MM-DD).");
    expect(t("agencias.validacion.maximo", { campo: "ciudad", max: 100 })).toBe("La ciudad puede tener hasta 100 caracteres.");
  });

  it("hands a client component only the common messages and those of its areas", () => {
    const areas: Area[] = ["equipo"];
    const elegidos = Object.keys(mensajesDe("en", areas));
    expect(elegidos).toContain("equipo");
    expect(elegidos).toContain("envio");
    for (const otra of ["agencias", "consultas", "notificaciones", "conexion", "respuestas", "ingreso"])
      expect(elegidos).not.toContain(otra);
    expect(mensajesDe("en", areas).equipo).toBe(MENSAJES.en.equipo);
    // Of Agencias, only what its forms and dialog say: not the detail page's headings.
    expect(Object.keys(mensajesDe("es-AR", ["agencias"]).agencias ?? {}).sort()).toEqual([
      "desasociar",
      "edicion",
      "invitacion",
      "noExiste",
      "validacion",
    ]);
  });
});
