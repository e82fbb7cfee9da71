import * as z from "zod/mini";
import { LIMITES_AGENCIA, TELEFONO, WHATSAPP } from "@/lib/api/limites";
import type { Textos } from "@/lib/panel/i18n";

/**
 * The invite and edit forms' rules: the limits of AgenciaCreate and AgenciaEdit (lib/api/limites.ts,
 * decisions §6) with messages in the Panel's language. The API's schemas transform "" into null and
 * belong to the service's OpenAPI definitions, so the forms check with these and the API checks again.
 * zod/mini keeps them small in the browser.
 */

type Validacion = Textos["agencias"]["validacion"];

const opcional = (v: Validacion, max: number, campo: "nombre" | "provincia" | "ciudad" | "direccion") =>
  z.string().check(z.trim(), z.maxLength(max, v.maximo(campo, max)));

/** Empty, or in the given format. */
const vacioOFormato = (formato: RegExp, mensaje: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => value === "" || formato.test(value), mensaje),
  );

/** The invite form's rules, with its messages in the Panel's language. */
export function invitacionSchemaDe(v: Validacion) {
  return z.object({
    AdminMail: z.pipe(
      z
        .string()
        .check(z.trim(), z.minLength(1, v.faltaEmail), z.maxLength(LIMITES_AGENCIA.adminMail, v.emailMaximo(LIMITES_AGENCIA.adminMail))),
      z.email(v.emailInvalido),
    ),
    Nombre: opcional(v, LIMITES_AGENCIA.nombre, "nombre"),
    Telefono: vacioOFormato(TELEFONO, v.telefono),
  });
}

export type Invitacion = z.infer<ReturnType<typeof invitacionSchemaDe>>;

/** The edit form's rules, with its messages in the Panel's language. */
export function edicionSchemaDe(v: Validacion) {
  return z
    .object({
      Nombre: opcional(v, LIMITES_AGENCIA.nombre, "nombre"),
      Telefono: vacioOFormato(TELEFONO, v.telefono),
      WhatsApp: vacioOFormato(WHATSAPP, v.whatsapp),
      Region: opcional(v, LIMITES_AGENCIA.region, "provincia"),
      Ciudad: opcional(v, LIMITES_AGENCIA.ciudad, "ciudad"),
      Direccion: opcional(v, LIMITES_AGENCIA.direccion, "direccion"),
    })
    .check(z.refine((values) => values.Ciudad === "" || values.Region !== "", { path: ["Region"], message: v.provinciaDeCiudad }));
}

export type Edicion = z.infer<ReturnType<typeof edicionSchemaDe>>;
