import { z } from "zod";
import { forbiddenHostReason } from "./address-policy";
import { emailValue } from "./agencias";
import { dateTimeOut, emailOut, inputString, linksSchema, notificacionSchema, RefItemSchema } from "./common";
import { pagina } from "./consultas";
import {
  COMBUSTIBLES,
  callbackProblem,
  ESTADOS_FOTO,
  ESTADOS_PUBLICACION,
  EXPOSICIONES,
  EXTERNAL_ID,
  LIMITES_AGENCIA,
  LIMITES_PUBLICACION,
  MAX_EMAIL,
  MAX_Q,
  MONEDAS,
  MOTIVOS_PUBLICACION,
  normalizedCallback,
  PER_PAGINA,
  TRANSMISIONES,
} from "./limites";
import { segment } from "./links";
import { defineOperation } from "./operation";

// ── Validation rules (docs/contract.md#listings; limits in ./limites) ──────────────────────────

const L = LIMITES_PUBLICACION;

const requiredText = (name: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${name} es obligatorio.` : `${name} debe ser un texto.`;

const text = (name: string, max: number) =>
  inputString({ error: requiredText(name) })
    .trim()
    .min(1, { message: `${name} no puede estar vacío.` })
    .max(max, { message: `${name} no puede superar los ${max} caracteres.` });

const optionalText = (name: string, max: number) =>
  inputString({ error: `${name} debe ser un texto o null.` })
    .trim()
    .max(max, { message: `${name} no puede superar los ${max} caracteres.` })
    .nullish()
    .transform((value) => value || null);

const integer = (name: string, min: number, max: number) =>
  z
    .number({
      error: (issue) => (issue.input === undefined || issue.input === null ? `${name} es obligatorio.` : `${name} debe ser un número.`),
    })
    .int({ message: `${name} debe ser un número entero.` })
    .min(min, { message: `${name} no puede ser menor que ${min}.` })
    .max(max, { message: `${name} no puede ser mayor que ${max}.` });

const optionalEnum = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .enum(values, { error: `${name} debe ser ${values.join(", ")} o null.` })
    .nullish()
    .transform((value) => value ?? null);

export const externalIdValue = (name: string) =>
  inputString({ error: requiredText(name) }).regex(EXTERNAL_ID, {
    message: `${name} debe tener de 2 a 255 caracteres: letras sin acentos, dígitos, guion (-), punto (.), guion bajo (_) y tilde (~).`,
  });

/**
 * The operator's settings for outside URLs (the webhooks'), which the photos follow too; a photo on
 * `ownOrigin`, the service's own public address (the demo's photos), is always taken.
 */
export type UrlPolicy = { allowHttp: boolean; allowPrivateNetworks: boolean; ownOrigin?: string };

const STRICT_URLS: UrlPolicy = { allowHttp: false, allowPrivateNetworks: false };

/** What keeps a photo's URL from being fetched, in the API's words, or undefined. */
function fotoUrlMessage(value: string, policy: UrlPolicy): string | undefined {
  const own = policy.ownOrigin !== undefined && URL.canParse(value) && new URL(value).origin === policy.ownOrigin;
  const expected = policy.allowHttp ? "una URL absoluta http o https" : "una URL absoluta https";
  const problem = callbackProblem(value, policy.allowHttp || own);
  if (problem?.kind === "control") return "Url no puede contener saltos de línea, tabulaciones ni otros caracteres de control.";
  if (problem?.kind === "uri" || problem?.kind === "host") return `Se espera ${expected}.`;
  if (problem?.kind === "scheme") return `Esquema ${problem.scheme} no admitido: se espera ${expected}.`;
  if (problem?.kind === "credentials") return "Url no puede llevar usuario ni contraseña (usuario:clave@).";
  const normalized = normalizedCallback(value);
  const forbidden = policy.allowPrivateNetworks || own ? undefined : forbiddenHostReason(new URL(normalized).hostname);
  if (forbidden) return `${forbidden}: las fotos se buscan solo en direcciones públicas de Internet.`;
  if (normalized.length > L.url) return `Url escrita como se busca (${normalized}) supera los ${L.url} caracteres.`;
  return undefined;
}

const fotoSchema = (policy: UrlPolicy) =>
  z.object(
    {
      Url: inputString({ error: requiredText("Url") })
        .max(L.url, { message: `Url no puede superar los ${L.url} caracteres.` })
        .superRefine((value, ctx) => {
          const message = value.length <= L.url ? fotoUrlMessage(value, policy) : undefined;
          if (message) ctx.addIssue({ code: "custom", message });
        })
        .transform(normalizedCallback)
        .meta({
          description: `URL absoluta https de la foto (http y direcciones privadas solo si el servicio lo permite), hasta ${L.url} caracteres; se guarda normalizada.`,
        }),
    },
    { error: "Se espera un objeto { Url }." },
  );

const fotosSchema = (policy: UrlPolicy) =>
  z
    .array(fotoSchema(policy), { error: "Fotos debe ser una lista de objetos { Url }." })
    .max(L.fotos, { message: `Fotos no puede tener más de ${L.fotos} fotos.` })
    .nullish()
    .transform((value) => value ?? [])
    .superRefine((fotos, ctx) => {
      const first = new Map<string, number>();
      for (const [index, foto] of fotos.entries()) {
        const earlier = first.get(foto.Url);
        if (earlier === undefined) first.set(foto.Url, index);
        else ctx.addIssue({ code: "custom", path: [index, "Url"], message: `Repite la foto Fotos[${earlier}].` });
      }
    })
    .meta({ description: `Hasta ${L.fotos} fotos sin repetir, en el orden en que se muestran. Ausente o null: ninguna.` });

const PrecioInputSchema = z
  .object(
    {
      Moneda: z.enum(MONEDAS, { error: "Moneda debe ser ARS o USD." }),
      Importe: integer("Importe", 1, Number.MAX_SAFE_INTEGER).meta({ description: "Entero mayor que 0" }),
    },
    { error: "Precio es obligatorio: un objeto { Moneda, Importe }." },
  )
  .meta({ id: "PrecioInput" });

/** The members PublicacionCreate and PublicacionEdit share. */
const editable = (policy: UrlPolicy) => ({
  RefStock: optionalText("RefStock", L.refStock).meta({ description: `Patente, chasis o número de stock; hasta ${L.refStock} caracteres` }),
  Activa: z
    .boolean({ error: "Activa debe ser true o false." })
    .nullish()
    .transform((value) => value ?? true)
    .meta({ description: "Por omisión true. false la deja Suspendida (Motivo app) sin usar el paquete." }),
  Exposicion: optionalEnum("Exposicion", EXPOSICIONES).meta({
    description: "El nivel pedido; si no tiene lugar, el mejor libre (Alta > Media > Baja). null: el mejor libre.",
  }),
  OperadorResponsable: emailValue("OperadorResponsable", MAX_EMAIL)
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "Un operador de la agencia; null: el administrador" }),
  VersionYear: integer("VersionYear", L.yearMin, L.yearMax),
  Kilometraje: integer("Kilometraje", 0, L.kilometrajeMax).meta({
    description: "0 solo para un 0 km (Estado nuevo en el Auto de sus consultas)",
  }),
  Precio: PrecioInputSchema,
  Carroceria: optionalText("Carroceria", L.catalogo).meta({
    description: "Id, api-url, nombre o codename; se busca la mejor coincidencia (como /v3/carrocerias/bestmatch)",
  }),
  Color: optionalText("Color", L.catalogo).meta({ description: "Id, api-url o nombre; se busca la mejor coincidencia" }),
  Combustible: optionalEnum("Combustible", COMBUSTIBLES),
  Transmision: optionalEnum("Transmision", TRANSMISIONES),
  Descripcion: optionalText("Descripcion", L.descripcion),
  Fotos: fotosSchema(policy),
});

const createSchema = (policy: UrlPolicy) =>
  z.object(
    {
      ExternalId: externalIdValue("ExternalId").meta({
        description:
          "El identificador de la publicación en la app: 2 a 255 de A-Z a-z 0-9 - . _ ~; sin distinguir mayúsculas, se guarda como llega",
        example: "AUT-00081",
      }),
      Marca: text("Marca", L.catalogo).meta({ description: "Id, api-url, nombre o codename; como /v3/marcas/bestmatch" }),
      Modelo: text("Modelo", L.catalogo).meta({ description: "Nombre (o api-url) de un modelo de la marca; como /v3/modelos/bestmatch" }),
      Version: optionalText("Version", L.version).meta({ description: "Texto libre, p. ej. 1.6 Highline" }),
      ...editable(policy),
    },
    { error: "Se espera un objeto JSON." },
  );

/** Identity is fixed at creation: a PUT naming one of these is a 400 under it. */
const fixed = (name: string) =>
  z
    .never({ error: `${name} no se puede cambiar: se fija al crear la publicación.` })
    .optional()
    .meta({ description: `No se admite: ${name} se fija al crear la publicación (400).` });

const editSchema = (policy: UrlPolicy) =>
  z.object(
    {
      ExternalId: fixed("ExternalId"),
      Marca: fixed("Marca"),
      Modelo: fixed("Modelo"),
      Version: fixed("Version"),
      ...editable(policy),
    },
    { error: "Se espera un objeto JSON." },
  );

/** The schema of a creation under `policy` (the documented one is the strict policy's). */
export const publicacionCreateSchema = (policy: UrlPolicy) => createSchema(policy);
export const PublicacionCreateSchema = createSchema(STRICT_URLS).meta({ id: "PublicacionCreate" });
export const PublicacionEditSchema = editSchema(STRICT_URLS).meta({
  id: "PublicacionEdit",
  description: "PUT reemplaza todos los campos editables: ausente equivale a null (Activa, a true; Fotos, a ninguna).",
});

export type PublicacionCreate = z.output<typeof PublicacionCreateSchema>;
export type PublicacionEdit = z.output<typeof PublicacionEditSchema>;
/** What a PUT replaces, and a creation sets besides the listing's identity. */
export type PublicacionEditable = Omit<PublicacionEdit, "ExternalId" | "Marca" | "Modelo" | "Version">;

const adminMail = emailValue("adminMail").meta({
  description: `E-mail del administrador de la agencia (hasta ${LIMITES_AGENCIA.adminMail} caracteres)`,
});

export const PublicacionesParams = z.object({ adminMail });
export const PublicacionParams = z.object({
  adminMail,
  externalId: externalIdValue("externalId").meta({ description: "El ExternalId de la publicación (sin distinguir mayúsculas)" }),
});

const CONTROL = /\p{Cc}/u;

export const ListPublicacionesQuery = z.object({
  estado: z
    .enum(["activa", "suspendida", "archivada"], { message: "estado debe ser activa, suspendida o archivada." })
    .optional()
    .meta({ description: "Por omisión, las activas y las suspendidas" }),
  exposicion: z
    .enum(["alta", "media", "baja"], { message: "exposicion debe ser alta, media o baja." })
    .optional()
    .meta({ description: "Solo las activas en ese nivel" }),
  operador: emailValue("operador", MAX_EMAIL)
    .optional()
    .meta({ description: "Un operador de la agencia: solo sus publicaciones (el administrador ve todas)" }),
  q: inputString()
    .max(MAX_Q, { message: `q no puede superar los ${MAX_Q} caracteres.` })
    .refine((value) => !CONTROL.test(value), { message: "q no puede contener caracteres de control." })
    .transform((value) => value.trim() || undefined)
    .optional()
    .meta({
      description:
        "Cada palabra debe ser el comienzo de un término de la marca, el modelo, la versión, el ExternalId o el RefStock (o de su parte después de un signo); sin distinguir mayúsculas ni acentos",
      example: "amarok",
    }),
  modificadaDesde: inputString()
    .pipe(z.iso.datetime({ offset: true, message: "modificadaDesde debe ser una fecha y hora ISO 8601 con desplazamiento." }))
    .transform((value) => new Date(value))
    .optional()
    .meta({ description: "Solo las modificadas en ese momento o después (para sincronizar)", example: "2026-11-21T14:03:07-03:00" }),
  pagina,
});

export type ListPublicacionesFilters = z.output<typeof ListPublicacionesQuery>;

// ── Representations ───────────────────────────────────────────────────────────────────────────

export const PublicacionSchema = z
  .object({
    ExternalId: z.string().meta({ description: "Como lo escribió la app al crearla" }),
    RefStock: z.string().nullable(),
    Estado: z.enum(ESTADOS_PUBLICACION),
    Motivo: z.enum(MOTIVOS_PUBLICACION).nullable().meta({
      description:
        "Por qué no está Activa: la app la suspendió o archivó, el paquete no la admite, o la agencia se desasoció; null si está Activa",
    }),
    Exposicion: z.enum(EXPOSICIONES).nullable().meta({ description: "El nivel que ocupa; null si no está Activa" }),
    OperadorResponsable: emailOut(),
    Marca: RefItemSchema,
    Modelo: RefItemSchema,
    Version: z.string().nullable(),
    VersionYear: z.number().int().nullable().meta({ description: "null solo en publicaciones del marketplace que no lo informaron" }),
    Kilometraje: z.number().int().nullable().meta({ description: "null solo en publicaciones del marketplace que no lo informaron" }),
    Precio: z
      .object({ Moneda: z.string(), Importe: z.number() })
      .nullable()
      .meta({ id: "Precio", description: "null solo en publicaciones del marketplace que no lo informaron" }),
    Carroceria: RefItemSchema.nullable(),
    Color: RefItemSchema.nullable(),
    Combustible: z.enum(COMBUSTIBLES).nullable(),
    Transmision: z.enum(TRANSMISIONES).nullable(),
    Descripcion: z.string().nullable(),
    Fotos: z.array(
      z
        .object({
          Url: z.string().meta({ format: "uri" }),
          Estado: z.enum(ESTADOS_FOTO).meta({
            description:
              "pendiente hasta que se revisa (en segundos); ok: una imagen JPEG, PNG o WebP de al menos 640×480 y hasta 10 MB que respondió en 15 s; error: no sirve",
          }),
          Motivo: z.string().nullable().meta({
            description:
              'Por qué no sirve (Estado error), en palabras de una persona, p. ej. "muy chica: 320×240 (mínimo 640×480)"; null si no',
          }),
        })
        .meta({ id: "PublicacionFoto" }),
    ),
    Consultas: z
      .object({ Total: z.number().int(), SinAtender: z.number().int() })
      .meta({ description: "Las consultas de los últimos 90 días que la app ve, y cuántas no marcó como atendidas" }),
    Creada: dateTimeOut(),
    Modificada: dateTimeOut(),
    _links: linksSchema("PublicacionLinks", ["agencia", "consultas"]),
  })
  .meta({ id: "Publicacion" });

export type Publicacion = z.output<typeof PublicacionSchema>;
export type PublicacionRef = z.output<typeof RefItemSchema>;

const envelope = {
  Pagina: z.number().int(),
  Total: z.number().int().meta({ description: "Publicaciones que cumplen los filtros (todas las páginas)" }),
  PerPagina: z.number().int().meta({ example: PER_PAGINA }),
};

export const PublicacionesSchema = z
  .object({
    ...envelope,
    _links: linksSchema("PublicacionesLinks", ["first", "last", "publicacion"], ["prev", "next"]),
    _entries: z.array(PublicacionSchema),
  })
  .meta({ id: "Publicaciones" });
export const PublicacionesRefSchema = z
  .object({
    ...envelope,
    _links: linksSchema("PublicacionesRefLinks", ["first", "last", "publicacion"], ["prev", "next"]),
    _entries: z.array(RefItemSchema),
  })
  .meta({ id: "PublicacionesRef" });

export type Publicaciones = z.output<typeof PublicacionesSchema>;
export type PublicacionesRef = z.output<typeof PublicacionesRefSchema>;

export const ORIGENES = ["app", "panel", "plataforma"] as const;
export type Origen = (typeof ORIGENES)[number];

export const CAMBIOS = ["creada", "estado", "exposicion", "foto"] as const;
export type TipoCambio = (typeof CAMBIOS)[number];

const OrigenSchema = z.enum(ORIGENES).meta({
  id: "Origen",
  description:
    "Quién causó el cambio: app (la app por la API), panel (alguien en el Panel de la app, con X-ACS-Origen: panel) o plataforma (el paquete, una desasociación, el marketplace, la revisión de fotos)",
});

export const CambioPublicacionSchema = z
  .object({
    Momento: dateTimeOut("Cuándo, con desplazamiento"),
    Cambio: z.enum(CAMBIOS).meta({
      description:
        "creada; estado: cambió el Estado o el Motivo (archivarla también); exposicion: cambió solo el nivel; foto: terminó la revisión de una foto con otro resultado que su revisión anterior",
    }),
    Origen: OrigenSchema,
    Estado: z.enum(ESTADOS_PUBLICACION).meta({ description: "El de la publicación después del cambio" }),
    Motivo: z.enum(MOTIVOS_PUBLICACION).nullable(),
    Exposicion: z.enum(EXPOSICIONES).nullable(),
    Foto: z
      .object({ Url: z.string().meta({ format: "uri" }), Estado: z.enum(ESTADOS_FOTO), Motivo: z.string().nullable() })
      .nullable()
      .meta({ description: "La foto revisada y su resultado (Cambio foto); null en los demás" }),
  })
  .meta({ id: "CambioPublicacion" });

export const CambiosPublicacionSchema = z
  .object({
    ...envelope,
    Total: z.number().int().meta({ description: "Cambios guardados de la publicación (todas las páginas)" }),
    _links: linksSchema("CambiosPublicacionLinks", ["first", "last", "publicacion"], ["prev", "next"]),
    _entries: z.array(CambioPublicacionSchema),
  })
  .meta({ id: "CambiosPublicacion" });

export type CambioPublicacion = z.output<typeof CambioPublicacionSchema>;
export type CambiosPublicacion = z.output<typeof CambiosPublicacionSchema>;

export const CambiosQuery = z.object({ pagina });

export const NotificacionPublicacionSchema = notificacionSchema(
  "NotificacionPublicacion",
  z.literal("publicaciones"),
  "publicacion.cambiada",
  z
    .object({
      AdminMail: emailOut(),
      ExternalId: z.string(),
      Origen: OrigenSchema,
      Publicacion: PublicacionSchema,
    })
    .meta({ id: "DatosPublicacion" }),
  "Tópico publicaciones: cambió el Estado, el Motivo o la Exposicion de una publicación de la app, o terminó la revisión de una foto.",
);

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const tag = "Publicaciones";
const missing = "La agencia no está registrada con la app, o la publicación no existe para la app.";
const ORIGEN_HEADER =
  " Con `X-ACS-Origen: panel` (firmado como todo x-acs-*) la notificación dice Origen panel: lo envía el Panel de la app.";

export const createPublicacionOp = defineOperation({
  tag,
  method: "POST",
  path: "/v3/publicaciones/{adminMail}",
  operationId: "createPublicacion",
  summary: "Publica un vehículo de la agencia",
  description: `Marca, Modelo, Carroceria y Color se buscan en el catálogo por mejor coincidencia. Activa (por omisión) usa una publicación del paquete y un nivel de exposición.${ORIGEN_HEADER}`,
  params: PublicacionesParams,
  body: PublicacionCreateSchema,
  success: {
    status: 201,
    description: "Publicacion",
    entry: PublicacionSchema,
    ref: RefItemSchema,
    headers: { Location: "URI relativa: /v3/publicaciones/{adminMail}/{externalId}" },
  },
  errors: {
    400: "El cuerpo no es válido, o Marca, Modelo, Carroceria, Color u OperadorResponsable no coinciden; ValidationProblemDetails que nombra el miembro.",
    404: "La agencia no está registrada con la app.",
    409: "El ExternalId ya existe en la agencia (Errors.ExternalId), el paquete no admite otra activa (Errors.Activa, con los números en Detail) o ningún nivel tiene lugar (Errors.Exposicion); ValidationProblemDetails.",
  },
});

export const listPublicacionesOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/publicaciones/{adminMail}",
  operationId: "listPublicaciones",
  summary: "Publicaciones de la app en la agencia",
  description: `De la modificada más recientemente a la más antigua, ${PER_PAGINA} por página. Por omisión, las activas y las suspendidas.`,
  params: PublicacionesParams,
  query: ListPublicacionesQuery,
  success: { status: 200, description: "Publicaciones", entry: PublicacionesSchema, ref: PublicacionesRefSchema },
  errors: {
    400: "adminMail, estado, exposicion, operador, q, modificadaDesde o pagina no son válidos; ValidationProblemDetails que nombra el parámetro.",
    404: "La agencia no está registrada con la app.",
  },
});

export const getPublicacionOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/publicaciones/{adminMail}/{externalId}",
  operationId: "getPublicacion",
  summary: "Una publicación",
  description: "Una publicación de la app en la agencia, en cualquier estado, por su ExternalId (sin distinguir mayúsculas).",
  params: PublicacionParams,
  success: { status: 200, description: "Publicacion", entry: PublicacionSchema, ref: RefItemSchema },
  errors: { 400: "adminMail o externalId no son válidos; ValidationProblemDetails.", 404: missing },
});

export const editPublicacionOp = defineOperation({
  tag,
  method: "PUT",
  path: "/v3/publicaciones/{adminMail}/{externalId}",
  operationId: "editPublicacion",
  summary: "Modifica una publicación",
  description: `Reemplaza todos los campos editables (ausente equivale a null; Activa, a true). ExternalId, Marca, Modelo y Version no cambian. Activa: true en una suspendida usa el paquete; false la suspende y libera su lugar. Una foto que se conserva conserva su revisión.${ORIGEN_HEADER}`,
  params: PublicacionParams,
  body: PublicacionEditSchema,
  success: { status: 200, description: "Publicacion", entry: PublicacionSchema, ref: RefItemSchema },
  errors: {
    400: "El cuerpo no es válido (o nombra ExternalId, Marca, Modelo o Version), o Carroceria, Color u OperadorResponsable no coinciden; ValidationProblemDetails.",
    404: missing,
    409: "La publicación está archivada (Errors._), el paquete no admite otra activa (Errors.Activa) o ningún nivel tiene lugar (Errors.Exposicion); ValidationProblemDetails.",
  },
});

export const archivePublicacionOp = defineOperation({
  tag,
  method: "DELETE",
  path: "/v3/publicaciones/{adminMail}/{externalId}",
  operationId: "archivePublicacion",
  summary: "Archiva una publicación",
  description: `La publicación queda Archivada para siempre: libera su lugar en el paquete, no recibe consultas nuevas y sigue legible (estado=archivada en la lista). Archivar una archivada responde 204 igual.${ORIGEN_HEADER}`,
  params: PublicacionParams,
  success: { status: 204, description: "Archivada; sin cuerpo." },
  errors: { 400: "adminMail o externalId no son válidos; ValidationProblemDetails.", 404: missing },
});

export const listCambiosPublicacionOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/publicaciones/{adminMail}/{externalId}/cambios",
  operationId: "listCambiosPublicacion",
  summary: "Cambios de una publicación",
  description: `Extensión. Su creación, cada cambio de Estado o Motivo (archivarla también), de nivel de exposición, y cada revisión de foto que cambió su resultado, con quién lo causó y el estado que le dejó; del más reciente al más antiguo, ${PER_PAGINA} por página. Un cambio del auto (precio, kilómetros…) no es uno.`,
  params: PublicacionParams,
  query: CambiosQuery,
  success: { status: 200, description: "CambiosPublicacion", entry: CambiosPublicacionSchema },
  errors: { 400: "adminMail, externalId o pagina no son válidos; ValidationProblemDetails.", 404: missing },
});

export const publicacionesOperations = [
  listPublicacionesOp,
  createPublicacionOp,
  getPublicacionOp,
  editPublicacionOp,
  archivePublicacionOp,
  listCambiosPublicacionOp,
];

/**
 * The writes whose photos follow the operator's URL policy (the webhooks' settings) instead of the
 * documented strict default; the policy is read when the first request is validated.
 */
export const createWithUrlPolicy = (policy: () => UrlPolicy) =>
  defineOperation({ ...createPublicacionOp, body: z.lazy(() => createSchema(policy())) });
export const editWithUrlPolicy = (policy: () => UrlPolicy) =>
  defineOperation({ ...editPublicacionOp, body: z.lazy(() => editSchema(policy())) });

export const publicacionesPath = (adminMail: string) => `/v3/publicaciones/${segment(adminMail)}`;
export const publicacionPath = (adminMail: string, externalId: string) => `${publicacionesPath(adminMail)}/${segment(externalId)}`;
