import { describe, expect, it } from "vitest";
import { traductorDe } from "@/lib/panel/i18n/mensajes";
import { codigoDeBloqueo, INGRESO_NO_VERIFICADO, mensajeDeIngreso } from "@/lib/panel/ingreso";

const es = traductorDe("es-AR");
const en = traductorDe("en");

describe("a refused sign-in, from its code to the user's language", () => {
  it("says a block with its minutes, in Spanish and in English", () => {
    expect(codigoDeBloqueo(14 * 60 + 1)).toBe("IngresoBloqueado:15");
    expect(codigoDeBloqueo(5)).toBe("IngresoBloqueado:1");
    expect(mensajeDeIngreso(codigoDeBloqueo(15 * 60), es)).toMatch(/bloqueado 15 minutos;/);
    expect(mensajeDeIngreso(codigoDeBloqueo(60), es)).toMatch(/bloqueado 1 minuto;/);
    expect(mensajeDeIngreso(codigoDeBloqueo(15 * 60), en)).toMatch(/15 minutes/);
    expect(mensajeDeIngreso("IngresoBloqueado", en)).toBe(en("ingreso.demasiados"));
  });

  it("says a wrong password for next-auth's CredentialsSignin, and the generic message for anything else", () => {
    expect(mensajeDeIngreso("CredentialsSignin", en)).toBe(en("ingreso.incorrecto"));
    expect(mensajeDeIngreso(undefined, es)).toBe(es("ingreso.incorrecto"));
    expect(mensajeDeIngreso(INGRESO_NO_VERIFICADO, en)).toBe(en("ingreso.generico"));
    // A sentence someone put in the URL is never shown as is.
    expect(mensajeDeIngreso("Llamá al 0800-ESTAFA", es, es("ingreso.genericoUrl"))).toBe(es("ingreso.genericoUrl"));
  });
});
