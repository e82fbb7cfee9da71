import * as z from "zod/mini";
import { esContrasenaFuerte } from "@/lib/api/contrasena";
import type { PanelRole } from "@/lib/db/schema-panel";
import type { Traductor } from "@/lib/panel/i18n/idiomas";

/**
 * The rules of the Equipo forms (decisions 0015), shared by the browser (the forms) and the server (the
 * route handlers validate the same way, with messages in the user's language). zod/mini keeps them
 * small in the browser and never evaluates code (the CSP forbids it). This module imports no
 * dictionary: the caller passes its messages. A typed password must also be strong
 * (lib/api/contrasena.ts, which loads its dictionaries on first use): parse with safeParseAsync.
 */

export const ROLES_MIEMBRO = ["admin", "soporte", "agencia"] as const satisfies readonly PanelRole[];
export type RolMiembro = (typeof ROLES_MIEMBRO)[number];

/** The shortest password a Panel user may have (the operator CLI and the Panel alike). */
export const MIN_PASSWORD_LENGTH = 8;

export const LIMITES_MIEMBRO = { email: 254, nombre: 100, contrasena: 200 } as const;

/** What the browser generates: long enough for any policy, typed by nobody. */
export const LARGO_CONTRASENA_GENERADA = 16;

const email = (t: Traductor) =>
  z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, t("equipo.validacion.faltaEmail")),
        z.maxLength(LIMITES_MIEMBRO.email, t("equipo.validacion.emailMaximo", { max: LIMITES_MIEMBRO.email })),
      ),
    z.email(t("equipo.validacion.emailInvalido")),
  );

/** What is wrong with a typed password, in the user's language: too short, too long, or easy to guess. */
async function problemaDeContrasena(password: string, t: Traductor): Promise<string | undefined> {
  if (password.length < MIN_PASSWORD_LENGTH) return t("equipo.validacion.contrasenaCorta", { min: MIN_PASSWORD_LENGTH });
  if (password.length > LIMITES_MIEMBRO.contrasena) return t("equipo.validacion.contrasenaLarga", { max: LIMITES_MIEMBRO.contrasena });
  return (await esContrasenaFuerte(password)) ? undefined : t("equipo.validacion.contrasenaDebil");
}

const contrasena = (t: Traductor) =>
  z.string().check(
    z.superRefine(async (password, ctx) => {
      const message = await problemaDeContrasena(password, t);
      if (message) ctx.addIssue({ code: "custom", input: password, message });
    }),
  );

const rol = (t: Traductor) => z.enum(ROLES_MIEMBRO, t("equipo.validacion.rol"));

/** An agency (its administrator's e-mail) for the `agencia` role; none for the others. */
const conAgencia = (t: Traductor) =>
  z.superRefine((values: { Rol: string; Agencia: string }, ctx) => {
    if (values.Rol === "agencia" && values.Agencia.trim() === "")
      ctx.addIssue({ code: "custom", path: ["Agencia"], message: t("equipo.validacion.faltaAgencia") });
  });

const campos = (t: Traductor) => ({
  Email: email(t),
  Nombre: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, t("equipo.validacion.faltaNombre")),
      z.maxLength(LIMITES_MIEMBRO.nombre, t("equipo.validacion.nombreMaximo", { max: LIMITES_MIEMBRO.nombre })),
    ),
  Rol: rol(t),
  Agencia: z.string().check(z.trim()),
});

/** The body of POST /panel/equipo/agregar. */
export function miembroSchemaDe(t: Traductor) {
  return z.object({ ...campos(t), Contrasena: contrasena(t) }).check(conAgencia(t));
}

export type NuevoMiembro = z.infer<ReturnType<typeof miembroSchemaDe>>;

export const MODOS_CONTRASENA = ["generar", "escribir"] as const;

/** A typed password has the limits; a generated one is made after the check. */
const contrasenaEscrita = (t: Traductor) =>
  z.superRefine(async (values: { ModoContrasena: string; Contrasena: string }, ctx) => {
    if (values.ModoContrasena !== "escribir") return;
    const message = await problemaDeContrasena(values.Contrasena, t);
    if (message) ctx.addIssue({ code: "custom", input: values.Contrasena, path: ["Contrasena"], message });
  });

const eleccion = { ModoContrasena: z.enum(MODOS_CONTRASENA), Contrasena: z.string() };

/** The add form: the body's fields, and whether the password is generated in the browser or typed. */
export function formularioMiembroSchemaDe(t: Traductor) {
  return z.object({ ...campos(t), ...eleccion }).check(conAgencia(t), contrasenaEscrita(t));
}

export type FormularioMiembro = z.infer<ReturnType<typeof formularioMiembroSchemaDe>>;

/** The new-password form: generated in the browser, or typed. */
export function contrasenaElegidaSchemaDe(t: Traductor) {
  return z.object(eleccion).check(contrasenaEscrita(t));
}

export type ContrasenaElegida = z.infer<ReturnType<typeof contrasenaElegidaSchemaDe>>;

/** The body of PUT /panel/equipo/{id}: the role, and the agency for `agencia`. */
export function cambioRolSchemaDe(t: Traductor) {
  return z.object({ Rol: rol(t), Agencia: z.string().check(z.trim()) }).check(conAgencia(t));
}

export type CambioRol = z.infer<ReturnType<typeof cambioRolSchemaDe>>;

/** The body of POST /panel/equipo/{id}/contrasena. */
export function contrasenaSchemaDe(t: Traductor) {
  return z.object({ Contrasena: contrasena(t) });
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
