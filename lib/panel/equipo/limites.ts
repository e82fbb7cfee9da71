import * as z from "zod/mini";
import type { PanelRole } from "@/lib/db/schema-panel";
import type { TextosEquipo } from "@/lib/panel/i18n";

/**
 * The rules of the Equipo forms (ADR 0015), shared by the browser (the forms) and the server (the
 * route handlers validate the same way, with messages in the user's language). zod/mini keeps them
 * small in the browser and never evaluates code (the CSP forbids it). This module imports no
 * dictionary: the caller passes its messages.
 */

export const ROLES_MIEMBRO = ["admin", "soporte", "agencia"] as const satisfies readonly PanelRole[];
export type RolMiembro = (typeof ROLES_MIEMBRO)[number];

/** The shortest password a Panel user may have (the operator CLI and the Panel alike). */
export const MIN_PASSWORD_LENGTH = 8;

export const LIMITES_MIEMBRO = { email: 254, nombre: 100, contrasena: 200 } as const;

/** What the browser generates: long enough for any policy, typed by nobody. */
export const LARGO_CONTRASENA_GENERADA = 16;

type Validacion = TextosEquipo["validacion"];

const email = (v: Validacion) =>
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, v.faltaEmail), z.maxLength(LIMITES_MIEMBRO.email, v.emailMaximo(LIMITES_MIEMBRO.email))),
    z.email(v.emailInvalido),
  );

const contrasena = (v: Validacion) =>
  z
    .string()
    .check(
      z.minLength(MIN_PASSWORD_LENGTH, v.contrasenaCorta(MIN_PASSWORD_LENGTH)),
      z.maxLength(LIMITES_MIEMBRO.contrasena, v.contrasenaLarga(LIMITES_MIEMBRO.contrasena)),
    );

const rol = (v: Validacion) => z.enum(ROLES_MIEMBRO, v.rol);

/** An agency (its administrator's e-mail) for the `agencia` role; none for the others. */
const conAgencia = (v: Validacion) =>
  z.superRefine((values: { Rol: string; Agencia: string }, ctx) => {
    if (values.Rol === "agencia" && values.Agencia.trim() === "")
      ctx.addIssue({ code: "custom", path: ["Agencia"], message: v.faltaAgencia });
  });

const campos = (v: Validacion) => ({
  Email: email(v),
  Nombre: z
    .string()
    .check(z.trim(), z.minLength(1, v.faltaNombre), z.maxLength(LIMITES_MIEMBRO.nombre, v.nombreMaximo(LIMITES_MIEMBRO.nombre))),
  Rol: rol(v),
  Agencia: z.string().check(z.trim()),
});

/** The body of POST /panel/equipo/agregar. */
export function miembroSchemaDe(v: Validacion) {
  return z.object({ ...campos(v), Contrasena: contrasena(v) }).check(conAgencia(v));
}

export type NuevoMiembro = z.infer<ReturnType<typeof miembroSchemaDe>>;

export const MODOS_CONTRASENA = ["generar", "escribir"] as const;

/** A typed password has the limits; a generated one is made after the check. */
const contrasenaEscrita = (v: Validacion) =>
  z.superRefine((values: { ModoContrasena: string; Contrasena: string }, ctx) => {
    if (values.ModoContrasena !== "escribir") return;
    const { length } = values.Contrasena;
    const message =
      length < MIN_PASSWORD_LENGTH
        ? v.contrasenaCorta(MIN_PASSWORD_LENGTH)
        : length > LIMITES_MIEMBRO.contrasena
          ? v.contrasenaLarga(LIMITES_MIEMBRO.contrasena)
          : undefined;
    if (message) ctx.addIssue({ code: "custom", path: ["Contrasena"], message });
  });

const eleccion = { ModoContrasena: z.enum(MODOS_CONTRASENA), Contrasena: z.string() };

/** The add form: the body's fields, and whether the password is generated in the browser or typed. */
export function formularioMiembroSchemaDe(v: Validacion) {
  return z.object({ ...campos(v), ...eleccion }).check(conAgencia(v), contrasenaEscrita(v));
}

export type FormularioMiembro = z.infer<ReturnType<typeof formularioMiembroSchemaDe>>;

/** The new-password form: generated in the browser, or typed. */
export function contrasenaElegidaSchemaDe(v: Validacion) {
  return z.object(eleccion).check(contrasenaEscrita(v));
}

export type ContrasenaElegida = z.infer<ReturnType<typeof contrasenaElegidaSchemaDe>>;

/** The body of PUT /panel/equipo/{id}: the role, and the agency for `agencia`. */
export function cambioRolSchemaDe(v: Validacion) {
  return z.object({ Rol: rol(v), Agencia: z.string().check(z.trim()) }).check(conAgencia(v));
}

export type CambioRol = z.infer<ReturnType<typeof cambioRolSchemaDe>>;

/** The body of POST /panel/equipo/{id}/contrasena. */
export function contrasenaSchemaDe(v: Validacion) {
  return z.object({ Contrasena: contrasena(v) });
}

/**
 * A password from the browser's CSPRNG (crypto.getRandomValues): LARGO_CONTRASENA_GENERADA characters
 * of a 57-letter alphabet without look-alikes (no 0/O, 1/l/I), in groups of four joined by "-" so
 * it can be read out: about 93 bits. Rejection sampling keeps every character equally likely.
 */
export function generarContrasena(largo = LARGO_CONTRASENA_GENERADA): string {
  const alfabeto = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const limite = 256 - (256 % alfabeto.length);
  const letras: string[] = [];
  while (letras.length < largo) {
    for (const byte of crypto.getRandomValues(new Uint8Array(largo * 2))) {
      if (byte < limite && letras.length < largo) letras.push(alfabeto[byte % alfabeto.length] as string);
    }
  }
  return (letras.join("").match(/.{1,4}/g) ?? []).join("-");
}
