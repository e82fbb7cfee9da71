import { z } from "zod";
import { inputString } from "./common";
import { CONTRASENA_DEBIL, esContrasenaFuerte } from "./contrasena";
import { LIMITES_AGENCIA, TELEFONO } from "./limites";

const required = (label: string, max: number) =>
  inputString({ error: `${label} es obligatorio.` })
    .trim()
    .min(1, { message: `${label} es obligatorio.` })
    .max(max, { message: `${label} no puede superar los ${max} caracteres.` });

/** The checkbox arrives as "on" from an HTML form, or as a boolean in JSON; absent means false. */
const CompartirConsultasCatalogo = z
  .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", ""])], {
    error: "CompartirConsultasCatalogo debe ser true o false.",
  })
  .nullish()
  .transform((value) => value === true || value === "on" || value === "true" || value === "1");

/** The registration of an invited agency (POST /registro/{token}/aceptar), as a form or JSON; parse it with safeParseAsync (lib/api/contrasena.ts). */
export const RegistroSchema = z.object(
  {
    Nombre: required("El nombre de la agencia", LIMITES_AGENCIA.nombre),
    AdminNombre: required("Tu nombre", 100),
    AdminApellido: required("Tu apellido", 100),
    Password: inputString({ error: "La contraseña es obligatoria." })
      .min(10, { message: "La contraseña debe tener al menos 10 caracteres.", abort: true })
      .max(200, { message: "La contraseña no puede superar los 200 caracteres.", abort: true })
      .refine(esContrasenaFuerte, { message: CONTRASENA_DEBIL }),
    Telefono: inputString({ error: "El teléfono es obligatorio." })
      .trim()
      .regex(TELEFONO, { message: "El teléfono debe tener entre 8 y 20 caracteres: dígitos, espacios, +, -, ( y )." }),
    Region: required("La provincia", LIMITES_AGENCIA.region),
    Ciudad: required("La ciudad", LIMITES_AGENCIA.ciudad),
    CompartirConsultasCatalogo,
  },
  { error: "Se espera un objeto con los datos del registro." },
);

export type Registro = z.output<typeof RegistroSchema>;

/**
 * Accepting an invitation for an agency that already has an account: it is attached to the app as
 * it is (docs/decisions/0022), so only the catalogue choice is asked; other fields are ignored.
 */
export const ConexionSchema = z.object({ CompartirConsultasCatalogo }, { error: "Se espera un objeto con la respuesta a la invitación." });

export type Conexion = z.output<typeof ConexionSchema>;

/** Field values echoed back to the form after a validation error (never the password). */
export type RegistroEco = Partial<Record<Exclude<keyof Registro, "Password" | "CompartirConsultasCatalogo">, string>> & {
  CompartirConsultasCatalogo?: boolean;
};
