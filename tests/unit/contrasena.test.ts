import { describe, expect, it } from "vitest";
import { esContrasenaFuerte, PUNTAJE_MINIMO } from "@/lib/api/contrasena";

/** The password strength rule shared by the registration and the Panel (issue 17, item 9). */
describe("esContrasenaFuerte", () => {
  it("asks for zxcvbn's score 3", () => {
    expect(PUNTAJE_MINIMO).toBe(3);
  });

  it.each([
    " ".repeat(10),
    " ".repeat(12),
    "xxxxxxxx",
    "12345678",
    "Password123!",
    "contraseña123",
    "qwertyuiop",
    "abcdefghij",
    "buenosaires",
  ])("refuses %j", async (password) => {
    expect(await esContrasenaFuerte(password)).toBe(false);
  });

  it.each(["clave-muy-segura", "tres-palabras-raras", "demo-admin-2026", "Tr0mb0n-azul-77", "una clave larga de verdad"])(
    "accepts %j",
    async (password) => {
      expect(await esContrasenaFuerte(password)).toBe(true);
    },
  );
});
