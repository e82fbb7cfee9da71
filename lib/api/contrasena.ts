import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * The password strength rule, one module for the server and the browser: the agency's registration
 * (lib/api/registro.ts), a Panel member's password set in the Panel (lib/panel/equipo/formularios.ts)
 * and by the operator CLI or the demo (guardarUsuario in lib/panel/users.ts). zxcvbn-ts
 * estimates how many guesses a password takes against its common and Spanish dictionaries, keyboard
 * patterns, repeats and sequences; it scores 0–4. We ask for 3 ("safely unguessable": about 10^8
 * guesses, beyond an online attack and costly offline against argon2id): ten spaces score 0,
 * "Password123!" 1, three plain words joined ("clave-muy-segura") 4.
 */

export const PUNTAJE_MINIMO = 3;

/** The registration's and the CLI's message (the Panel's is in its messages: equipo.validacion.contrasenaDebil). */
export const CONTRASENA_DEBIL =
  "La contraseña es fácil de adivinar: usá tres o cuatro palabras poco comunes separadas por guiones o espacios, o agregale palabras y números que no sigan un patrón.";

let verificador: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries weigh about 1.5 MB: loaded on the first check (in the browser, a chunk of their own). */
function cargarVerificador(): Promise<ZxcvbnFactory> {
  verificador ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-es-es")]).then(
    ([core, common, es]) =>
      new core.ZxcvbnFactory({ graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...es.dictionary } }),
  );
  // A chunk that failed to load (the network, in the browser) is asked for again next time.
  verificador.catch(() => {
    verificador = undefined;
  });
  return verificador;
}

/** Whether the password is hard enough to guess. */
export async function esContrasenaFuerte(password: string): Promise<boolean> {
  return (await cargarVerificador()).check(password).score >= PUNTAJE_MINIMO;
}
