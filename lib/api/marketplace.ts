import { z } from "zod";
import { emailValue } from "./agencias";
import { freeJson, inputString } from "./common";
import { MAX_EMAIL, MAX_EXTERNALID } from "./limites";
import { externalIdValue } from "./publicaciones";

/**
 * Bodies of the marketplace ingestion (docs/contract.md#marketplace-ingestion; not part of v3): how listings and enquiries
 * reach the service. Validated field by field like the API (400 with dotted keys); unknown fields
 * are ignored and every nullable field of the representations is stored as null when absent.
 */

const required = (name: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${name} es obligatorio.` : `${name} debe ser un texto.`;

const text = (name: string, max: number) =>
  inputString({ error: required(name) })
    .trim()
    .min(1, { message: `${name} no puede estar vacío.` })
    .max(max, { message: `${name} no puede superar los ${max} caracteres.` });

const nullableText = (name: string, max: number) =>
  inputString({ error: `${name} debe ser un texto o null.` })
    .trim()
    .max(max, { message: `${name} no puede superar los ${max} caracteres.` })
    .nullish()
    .transform((value) => (value ? value : null));

const nullableInt = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} debe ser un número entero o null.` })
    .int({ message: `${name} debe ser un número entero.` })
    .min(min, { message: `${name} no puede ser menor que ${min}.` })
    .max(max, { message: `${name} no puede ser mayor que ${max}.` })
    .nullish()
    .transform((value) => value ?? null);

const Importe = z
  .object(
    {
      Moneda: inputString({ error: required("Moneda") }).regex(/^[A-Z]{3}$/, {
        message: "Moneda debe ser un código ISO 4217 de tres letras mayúsculas (ARS, USD).",
      }),
      Importe: z
        .number({ error: "Importe debe ser un número." })
        .finite({ message: "Importe debe ser un número." })
        .min(0, { message: "Importe no puede ser negativo." }),
    },
    { error: "Se espera un objeto { Moneda, Importe } o null." },
  )
  .nullish()
  .transform((value) => value ?? null);

const year = (name: string) => nullableInt(name, 1900, 2100);

/** The Auto of a listing or of a catalogue enquiry; ExternalId is set by the service. */
export const AutoInputSchema = z.object(
  {
    RefStock: nullableText("RefStock", 50),
    Marca: text("Marca", 100),
    Modelo: text("Modelo", 100),
    Version: nullableText("Version", 200),
    VersionYear: year("VersionYear"),
    Kilometraje: nullableInt("Kilometraje", 0, 5_000_000),
    Color: nullableText("Color", 50),
    BodyType: nullableText("BodyType", 50),
    Estado: text("Estado", 30),
    Precio: Importe,
    Anticipo: freeJson(),
    Cuota: freeJson(),
  },
  { error: "Se espera un objeto con los datos del vehículo." },
);

export type AutoInput = z.output<typeof AutoInputSchema>;

const InfoOperacionSchema = z
  .object(
    {
      EntregaVehiculo: z
        .object(
          { Marca: text("Marca", 100), Modelo: text("Modelo", 100), VersionYear: year("VersionYear") },
          {
            error: "Se espera un objeto { Marca, Modelo, VersionYear } o null.",
          },
        )
        .nullish()
        .transform((value) => value ?? null),
      FinanciacionDeseada: z
        .object({ Adelanto: freeJson(), Cuota: Importe }, { error: "Se espera un objeto { Adelanto, Cuota } o null." })
        .nullish()
        .transform((value) => value ?? null),
      QuiereCotizacionSeguro: freeJson(),
    },
    { error: "Se espera un objeto o null." },
  )
  .nullish()
  .transform((value) => value ?? null);

export const InteresadoInputSchema = z.object(
  {
    Interes: text("Interes", 30),
    Nombre: text("Nombre", 100),
    Apellido: text("Apellido", 100),
    Email: emailValue("Email", MAX_EMAIL),
    Telefono: inputString({ error: "Telefono debe ser un texto o null." })
      .trim()
      .regex(/^[0-9 +\-()]{6,30}$/, { message: "Telefono debe tener entre 6 y 30 caracteres: dígitos, espacios, +, -, ( y )." })
      .nullish()
      .transform((value) => value ?? null),
    DocIdentidad: nullableText("DocIdentidad", 20),
    Provincia: nullableText("Provincia", 100),
    Ciudad: nullableText("Ciudad", 100),
    Comentario: inputString({ error: required("Comentario") }).max(2000, { message: "Comentario no puede superar los 2000 caracteres." }),
    InfoOperacion: InfoOperacionSchema,
  },
  { error: "Se espera un objeto con los datos de la persona interesada." },
);

export const TIPOS_ANUNCIO = ["publicacion", "catalogo"] as const;

const externalId = inputString({ error: required("ExternalId") })
  .trim()
  .max(MAX_EXTERNALID, { message: `ExternalId no puede superar los ${MAX_EXTERNALID} caracteres.` });

/**
 * POST /marketplace/publicaciones: a listing like v3's (decisions 0066), its ExternalId of the same
 * form; its car is the enquiries' Auto, whose make and model must be the catalogue's.
 */
export const PublicacionIngestSchema = z.object(
  {
    AppKey: inputString({ error: required("AppKey") }).regex(/^[0-9a-f]{32}$/, {
      message: "AppKey debe tener 32 caracteres hexadecimales en minúscula.",
    }),
    AdminMail: emailValue("AdminMail"),
    ExternalId: externalIdValue("ExternalId"),
    Auto: AutoInputSchema,
  },
  { error: "Se espera un objeto JSON." },
);

export type PublicacionIngest = z.output<typeof PublicacionIngestSchema>;

/** POST /marketplace/consultas */
export const ConsultaIngestSchema = z
  .object(
    {
      AdminMail: emailValue("AdminMail"),
      ExternalId: externalId,
      TipoAnuncio: z.enum(TIPOS_ANUNCIO, { message: "TipoAnuncio debe ser publicacion o catalogo." }),
      OrigenLead: text("OrigenLead", 30),
      Auto: AutoInputSchema.nullish().transform((value) => value ?? null),
      Interesado: InteresadoInputSchema,
      OperadorResponsable: emailValue("OperadorResponsable")
        .nullish()
        .transform((value) => value ?? null),
      Momento: inputString({ error: "Momento debe ser un texto o null." })
        .pipe(z.iso.datetime({ offset: true, message: "Momento debe ser una fecha y hora ISO 8601 con desplazamiento." }))
        .nullish()
        .transform((value) => (value ? new Date(value) : null))
        .refine((value) => value === null || value.getTime() <= Date.now() + 5 * 60_000, {
          message: "Momento no puede estar en el futuro.",
        }),
    },
    { error: "Se espera un objeto JSON." },
  )
  // Runs also when other members failed (zod 4): it only compares values, whatever their type.
  .superRefine((value, ctx) => {
    if (value.TipoAnuncio === "publicacion" && value.ExternalId === "") {
      ctx.addIssue({ code: "custom", path: ["ExternalId"], message: "ExternalId es obligatorio para una consulta sobre una publicación." });
    }
    if (value.TipoAnuncio === "catalogo" && value.ExternalId !== "") {
      ctx.addIssue({ code: "custom", path: ["ExternalId"], message: 'ExternalId debe ser "" para una consulta de catálogo.' });
    }
    if (value.TipoAnuncio === "catalogo" && value.Auto === null) {
      ctx.addIssue({ code: "custom", path: ["Auto"], message: "Auto es obligatorio para una consulta de catálogo." });
    }
  });

export type ConsultaIngest = z.output<typeof ConsultaIngestSchema>;
