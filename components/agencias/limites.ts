import { z } from "zod";
import { IDIOMA_PREDETERMINADO, type Idioma, textosDe } from "@/lib/panel/i18n";

/**
 * The limits of AgenciaCreate and AgenciaEdit (decisions §6), restated for the browser: the schemas
 * in lib/api/agencias.ts transform "" into null and belong to the service's OpenAPI definitions, so
 * the forms use these with the SAME limits and the API checks them again.
 */

export const LIMITES = { adminMail: 50, nombre: 100, region: 200, ciudad: 200, direccion: 200 } as const;
export const TELEFONO = /^[0-9 +\-()]{8,20}$/;
export const WHATSAPP = /^\+[0-9]{8,19}$/;

const mensajes = (idioma: Idioma) => textosDe(idioma).agencias.validacion;

const opcional = (idioma: Idioma, max: number, campo: "nombre" | "provincia" | "ciudad" | "direccion") =>
  z.string().trim().max(max, mensajes(idioma).maximo(campo, max));

const telefono = (idioma: Idioma) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || TELEFONO.test(value), mensajes(idioma).telefono);

/** The invite form's rules, with its messages in the Panel's language. */
export function invitacionSchemaDe(idioma: Idioma = IDIOMA_PREDETERMINADO) {
  const v = mensajes(idioma);
  return z.object({
    AdminMail: z
      .string()
      .trim()
      .min(1, v.faltaEmail)
      .max(LIMITES.adminMail, v.emailMaximo(LIMITES.adminMail))
      .pipe(z.email(v.emailInvalido)),
    Nombre: opcional(idioma, LIMITES.nombre, "nombre"),
    Telefono: telefono(idioma),
  });
}

export const invitacionSchema = invitacionSchemaDe();
export type Invitacion = z.infer<typeof invitacionSchema>;

/** The edit form's rules, with its messages in the Panel's language. */
export function edicionSchemaDe(idioma: Idioma = IDIOMA_PREDETERMINADO) {
  const v = mensajes(idioma);
  return z
    .object({
      Nombre: opcional(idioma, LIMITES.nombre, "nombre"),
      Telefono: telefono(idioma),
      WhatsApp: z
        .string()
        .trim()
        .refine((value) => value === "" || WHATSAPP.test(value), v.whatsapp),
      Region: opcional(idioma, LIMITES.region, "provincia"),
      Ciudad: opcional(idioma, LIMITES.ciudad, "ciudad"),
      Direccion: opcional(idioma, LIMITES.direccion, "direccion"),
    })
    .refine((values) => values.Ciudad === "" || values.Region !== "", { path: ["Region"], message: v.provinciaDeCiudad });
}

export const edicionSchema = edicionSchemaDe();
export type Edicion = z.infer<typeof edicionSchema>;
