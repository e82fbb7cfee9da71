import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { PanelRole } from "@/lib/db/schema-panel";
import {
  cambioRolSchemaDe,
  contrasenaSchemaDe,
  formularioMiembroSchemaDe,
  generarContrasena,
  LARGO_CONTRASENA_GENERADA,
  MIN_PASSWORD_LENGTH,
  miembroSchemaDe,
} from "@/lib/panel/equipo/formularios";
import { type Cambio, rechazoDelCambio } from "@/lib/panel/equipo/reglas";
import { traductorDe } from "@/lib/panel/i18n/mensajes";

/** The Equipo page's pure rules (decisions 0015): the guard rails, the forms' schemas, the generated password. */

describe("guard rails of the team", () => {
  const admin = (id: string) => ({ id, role: "admin" as const });

  it("an admin neither removes nor demotes themselves", () => {
    expect(rechazoDelCambio({ actor: { id: "a" }, objetivo: admin("a"), cambio: { tipo: "baja" }, admins: 3 })).toBe("propia-baja");
    expect(rechazoDelCambio({ actor: { id: "a" }, objetivo: admin("a"), cambio: { tipo: "rol", rol: "soporte" }, admins: 3 })).toBe(
      "propio-rol",
    );
    expect(rechazoDelCambio({ actor: { id: "a" }, objetivo: admin("a"), cambio: { tipo: "rol", rol: "admin" }, admins: 1 })).toBeNull();
  });

  it("keeps at least one admin, and lets anyone else change", () => {
    expect(rechazoDelCambio({ actor: { id: "a" }, objetivo: admin("b"), cambio: { tipo: "rol", rol: "agencia" }, admins: 1 })).toBe(
      "ultimo-admin",
    );
    expect(rechazoDelCambio({ actor: { id: "a" }, objetivo: admin("b"), cambio: { tipo: "baja" }, admins: 1 })).toBe("ultimo-admin");
    expect(rechazoDelCambio({ actor: { id: "a" }, objetivo: admin("b"), cambio: { tipo: "baja" }, admins: 2 })).toBeNull();
    expect(
      rechazoDelCambio({ actor: { id: "a" }, objetivo: { id: "c", role: "soporte" }, cambio: { tipo: "baja" }, admins: 1 }),
    ).toBeNull();
    expect(
      rechazoDelCambio({ actor: { id: "a" }, objetivo: { id: "c", role: "agencia" }, cambio: { tipo: "rol", rol: "admin" }, admins: 1 }),
    ).toBeNull();
  });

  it("whatever admins do, one after the other, the team keeps an admin and no admin loses their own place", () => {
    const role = fc.constantFrom<PanelRole>("admin", "soporte", "agencia");
    const change = fc.oneof(
      fc.constant<Cambio>({ tipo: "baja" }),
      role.map((rol): Cambio => ({ tipo: "rol", rol })),
    );
    fc.assert(
      fc.property(
        fc.array(role, { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), change), { maxLength: 30 }),
        (roles, steps) => {
          const team = new Map(roles.map((r, index) => [`u${index}`, index === 0 ? "admin" : r] as [string, PanelRole]));
          for (const [who, whom, cambio] of steps) {
            const admins = [...team].filter(([, r]) => r === "admin").map(([id]) => id);
            const ids = [...team.keys()];
            const actor = admins[who % admins.length] as string;
            const target = ids[whom % ids.length] as string;
            const rechazo = rechazoDelCambio({
              actor: { id: actor },
              objetivo: { id: target, role: team.get(target) as PanelRole },
              cambio,
              admins: admins.length,
            });
            if (rechazo) continue;
            if (cambio.tipo === "baja") team.delete(target);
            else team.set(target, cambio.rol);
            expect([...team.values()]).toContain("admin");
            expect(team.get(actor)).toBe("admin");
          }
        },
      ),
    );
  });
});

describe("the forms' schemas (the same on the server)", () => {
  const v = traductorDe("es-AR");
  const en = traductorDe("en");
  const valido = { Email: " Ana@Empresa.com ", Nombre: "Ana", Rol: "soporte", Agencia: "", Contrasena: "clave-muy-segura" };
  const errores = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

  it("checks a new member's e-mail, name, role, agency and password", async () => {
    const ok = await miembroSchemaDe(v).safeParseAsync(valido);
    expect(ok.success && ok.data.Email).toBe("Ana@Empresa.com");
    expect(errores(await miembroSchemaDe(v).safeParseAsync({ ...valido, Email: "no", Nombre: "", Contrasena: "corta" }))).toEqual({
      Email: v("equipo.validacion.emailInvalido"),
      Nombre: v("equipo.validacion.faltaNombre"),
      Contrasena: v("equipo.validacion.contrasenaCorta", { min: MIN_PASSWORD_LENGTH }),
    });
    expect(errores(await miembroSchemaDe(v).safeParseAsync({ ...valido, Rol: "agencia" }))).toEqual({
      Agencia: v("equipo.validacion.faltaAgencia"),
    });
    expect(errores(await miembroSchemaDe(v).safeParseAsync({ ...valido, Rol: "duenio" }))).toEqual({ Rol: v("equipo.validacion.rol") });
    expect(errores(await miembroSchemaDe(en).safeParseAsync({ ...valido, Contrasena: "x".repeat(201) }))).toEqual({
      Contrasena: en("equipo.validacion.contrasenaLarga", { max: 200 }),
    });
  });

  it("asks for a typed password only when the admin types it", async () => {
    const form = { ...valido, ModoContrasena: "generar", Contrasena: "" };
    expect((await formularioMiembroSchemaDe(v).safeParseAsync(form)).success).toBe(true);
    expect(errores(await formularioMiembroSchemaDe(v).safeParseAsync({ ...form, ModoContrasena: "escribir" }))).toEqual({
      Contrasena: v("equipo.validacion.contrasenaCorta", { min: MIN_PASSWORD_LENGTH }),
    });
  });

  it("refuses a typed password that is easy to guess, saying what to do, in the user's language (issue 17, item 9)", async () => {
    for (const debil of [" ".repeat(10), " ".repeat(12), "xxxxxxxx", "Password123!", "contraseña123"]) {
      expect(errores(await miembroSchemaDe(v).safeParseAsync({ ...valido, Contrasena: debil }))).toEqual({
        Contrasena: v("equipo.validacion.contrasenaDebil"),
      });
      expect(errores(await contrasenaSchemaDe(en).safeParseAsync({ Contrasena: debil }))).toEqual({
        Contrasena: en("equipo.validacion.contrasenaDebil"),
      });
      expect(
        errores(await formularioMiembroSchemaDe(v).safeParseAsync({ ...valido, ModoContrasena: "escribir", Contrasena: debil })),
      ).toEqual({ Contrasena: v("equipo.validacion.contrasenaDebil") });
    }
    expect(v("equipo.validacion.contrasenaDebil")).toMatch(/usá tres o cuatro palabras/);
    expect((await contrasenaSchemaDe(v).safeParseAsync({ Contrasena: "tres-palabras-raras" })).success).toBe(true);
    // A generated password is strong by construction.
    expect((await contrasenaSchemaDe(v).safeParseAsync({ Contrasena: generarContrasena() })).success).toBe(true);
  });

  it("a role change needs the agency for agencia", async () => {
    expect((await cambioRolSchemaDe(v).safeParseAsync({ Rol: "admin", Agencia: "" })).success).toBe(true);
    expect(errores(await cambioRolSchemaDe(v).safeParseAsync({ Rol: "agencia", Agencia: " " }))).toEqual({
      Agencia: v("equipo.validacion.faltaAgencia"),
    });
  });
});

describe("generarContrasena", () => {
  it("gives groups of four characters without look-alikes, long enough, never the same", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generarContrasena();
      expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(?:-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/);
      expect(password.replace(/-/g, "")).toHaveLength(LARGO_CONTRASENA_GENERADA);
      expect(password.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });

  it("skips the bytes that would favour some characters (rejection sampling)", () => {
    // 57 characters: bytes 228..255 would wrap around onto the first 28; they are skipped.
    const bytes = [255, 228, 0, 56, 57];
    const spy = vi.spyOn(crypto, "getRandomValues").mockImplementation(((array: Uint8Array) => {
      array.fill(1);
      array.set(bytes.slice(0, array.length));
      return array;
    }) as typeof crypto.getRandomValues);
    try {
      expect(generarContrasena(4)).toBe("a9ab");
    } finally {
      spy.mockRestore();
    }
  });
});
