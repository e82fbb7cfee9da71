import type { Traductor } from "./i18n/idiomas";

/**
 * Why a sign-in was refused, as next-auth carries it to the page (signIn's `error`, or `?error=` on
 * /ingresar): a stable code that the form translates, never a sentence in one language. Shared by the
 * server (lib/panel/auth.ts throws them) and the sign-in form, so it imports no dictionary.
 */

/** Too many failures: `IngresoBloqueado:<minutes>` (the rest of the window, at least 1). */
export const INGRESO_BLOQUEADO = "IngresoBloqueado";
/** The check itself failed (the database unreachable…): try again later. */
export const INGRESO_NO_VERIFICADO = "IngresoNoVerificado";

/** The whole minutes left of a block of `segundos` (at least 1). */
export const minutosDeBloqueo = (segundos: number) => Math.max(1, Math.ceil(segundos / 60));

export const codigoDeBloqueo = (segundos: number) => `${INGRESO_BLOQUEADO}:${minutosDeBloqueo(segundos)}`;

/**
 * The message of a refused sign-in in the user's language: a wrong e-mail or password
 * (next-auth's CredentialsSignin), a block with its minutes, and `generico` for anything else.
 */
export function mensajeDeIngreso(error: string | null | undefined, t: Traductor, generico = t("ingreso.generico")): string {
  if (!error || error === "CredentialsSignin") return t("ingreso.incorrecto");
  const [codigo, minutos] = error.split(":");
  if (codigo === INGRESO_BLOQUEADO)
    return Number(minutos) > 0 ? t("ingreso.bloqueado", { minutos: Number(minutos) }) : t("ingreso.demasiados");
  return generico;
}
