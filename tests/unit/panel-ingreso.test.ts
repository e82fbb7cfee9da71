import { describe, expect, it } from "vitest";
import { en } from "@/lib/panel/i18n/en";
import { es } from "@/lib/panel/i18n/es";
import { codigoDeBloqueo, INGRESO_NO_VERIFICADO, mensajeDeIngreso } from "@/lib/panel/ingreso";

describe("a refused sign-in, from its code to the user's language", () => {
  it("says a block with its minutes, in Spanish and in English", () => {
    expect(codigoDeBloqueo(14 * 60 + 1)).toBe("IngresoBloqueado:15");
    expect(codigoDeBloqueo(5)).toBe("IngresoBloqueado:1");
    expect(mensajeDeIngreso(codigoDeBloqueo(15 * 60), es.ingreso)).toBe(es.ingreso.bloqueado(15));
    expect(mensajeDeIngreso(codigoDeBloqueo(15 * 60), en.ingreso)).toBe(en.ingreso.bloqueado(15));
    expect(mensajeDeIngreso(codigoDeBloqueo(15 * 60), en.ingreso)).toMatch(/15 minutes/);
    expect(mensajeDeIngreso("IngresoBloqueado", en.ingreso)).toBe(en.ingreso.demasiados);
  });

  it("says a wrong password for next-auth's CredentialsSignin, and the generic message for anything else", () => {
    expect(mensajeDeIngreso("CredentialsSignin", en.ingreso)).toBe(en.ingreso.incorrecto);
    expect(mensajeDeIngreso(undefined, es.ingreso)).toBe(es.ingreso.incorrecto);
    expect(mensajeDeIngreso(INGRESO_NO_VERIFICADO, en.ingreso)).toBe(en.ingreso.generico);
    // A sentence someone put in the URL is never shown as is.
    expect(mensajeDeIngreso("Llamá al 0800-ESTAFA", es.ingreso, es.ingreso.genericoUrl)).toBe(es.ingreso.genericoUrl);
  });
});
