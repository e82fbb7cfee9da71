import * as z from "zod/mini";
import { LIMITES_AGENCIA, TELEFONO, WHATSAPP } from "@/lib/api/limites";
import type { Traductor } from "@/lib/panel/i18n/idiomas";

/**
 * The invite and edit forms' rules: the limits of AgenciaCreate and AgenciaEdit (lib/api/limites.ts,
 * docs/contract.md#agencies) with messages in the Panel's language. The API's schemas transform "" into null and
 * belong to the service's OpenAPI definitions, so the forms check with these and the API checks again.
 * zod/mini keeps them small in the browser.
 */

const opcional = (t: Traductor, max: number, campo: "nombre" | "provincia" | "ciudad" | "direccion") =>
  z.string().check(z.trim(), z.maxLength(max, t("agencias.validacion.maximo", { campo, max })));

/** Empty, or in the given format. */
const vacioOFormato = (formato: RegExp, mensaje: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => value === "" || formato.test(value), mensaje),
  );

/** The invite form's rules, with its messages in the Panel's language. */
export function invitacionSchemaDe(t: Traductor) {
  return z.object({
    AdminMail: z.pipe(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, t("agencias.validacion.faltaEmail")),
          z.maxLength(LIMITES_AGENCIA.adminMail, t("agencias.validacion.emailMaximo", { max: LIMITES_AGENCIA.adminMail })),
        ),
      z.email(t("agencias.validacion.emailInvalido")),
    ),
    Nombre: opcional(t, LIMITES_AGENCIA.nombre, "nombre"),
    Telefono: vacioOFormato(TELEFONO, t("agencias.validacion.telefono")),
  });
}

export type Invitacion = z.infer<ReturnType<typeof invitacionSchemaDe>>;

/** The edit form's rules, with its messages in the Panel's language. */
export function edicionSchemaDe(t: Traductor) {
  return z
    .object({
      Nombre: opcional(t, LIMITES_AGENCIA.nombre, "nombre"),
      Telefono: vacioOFormato(TELEFONO, t("agencias.validacion.telefono")),
      WhatsApp: vacioOFormato(WHATSAPP, t("agencias.validacion.whatsapp")),
      Region: opcional(t, LIMITES_AGENCIA.region, "provincia"),
      Ciudad: opcional(t, LIMITES_AGENCIA.ciudad, "ciudad"),
      Direccion: opcional(t, LIMITES_AGENCIA.direccion, "direccion"),
    })
    .check(
      z.refine((values) => values.Ciudad === "" || values.Region !== "", {
        path: ["Region"],
        message: t("agencias.validacion.provinciaDeCiudad"),
      }),
    );
}

export type Edicion = z.infer<ReturnType<typeof edicionSchemaDe>>;
