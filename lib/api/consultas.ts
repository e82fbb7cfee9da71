import { z } from "zod";
import { isDay } from "@/lib/time";
import { emailValue } from "./agencias";
import { dateTimeOut, emailOut, inputString, linksSchema, notificacionSchema, RefItemSchema, ValorLibreSchema } from "./common";
import {
  DIAS_CONSULTAS,
  LIMITES_AGENCIA,
  LIMITES_SID,
  MAX_EMAIL,
  MAX_EXTERNALID,
  MAX_PAGINA,
  MAX_PALABRAS_Q,
  MAX_Q,
  MIN_PALABRA_Q,
  PAGINA,
  PER_PAGINA,
  searchWords,
} from "./limites";
import { segment } from "./links";
import { defineOperation } from "./operation";

/** The service (lib/service/consultas) reads these with the rest of the operation. */
export { DIAS_CONSULTAS, PER_PAGINA };

// ── Parameters (docs/contract.md#the-list; limits in ./limites) ─────────────────────────────────────

const adminMail = emailValue("adminMail").meta({
  description: `E-mail del administrador de la agencia (hasta ${LIMITES_AGENCIA.adminMail} caracteres)`,
});

export const ConsultasParams = z.object({ adminMail });

export const ConsultaParams = z.object({
  adminMail,
  sid: inputString({ error: "sid es obligatorio." })
    .min(LIMITES_SID.min, { message: `sid debe tener al menos ${LIMITES_SID.min} caracteres.` })
    .max(LIMITES_SID.max, { message: `sid no puede superar los ${LIMITES_SID.max} caracteres.` })
    .meta({ description: "Identificador de la consulta (ULID)" }),
});

const day = (name: string, description: string) =>
  inputString()
    .refine(isDay, { message: `${name} debe ser una fecha AAAA-MM-DD válida.` })
    .optional()
    .meta({ description, example: "2026-01-31", format: "date" });

/** C0 and C1 control characters, DEL among them: nothing anybody types into a search box. */
const CONTROL = /\p{Cc}/u;

const q = inputString({ error: "q es obligatorio." })
  .max(MAX_Q, { message: `q no puede superar los ${MAX_Q} caracteres.` })
  .refine((value) => !CONTROL.test(value), { message: "q no puede contener caracteres de control." })
  .transform((value) => value.trim() || undefined)
  .refine((value) => value === undefined || searchWords(value).length > 0, {
    message: `q debe tener al menos una palabra de ${MIN_PALABRA_Q} caracteres o más.`,
  })
  .refine((value) => searchWords(value).length <= MAX_PALABRAS_Q, {
    message: `q no puede tener más de ${MAX_PALABRAS_Q} palabras (sin contar las de menos de ${MIN_PALABRA_Q} caracteres, que no se buscan).`,
  })
  .meta({
    description: `Extensión: texto a buscar en nombre, apellido, e-mail y teléfono del interesado (el teléfono por sus dígitos), sid, marca, modelo, versión, ExternalId y RefStock; sin distinguir mayúsculas ni acentos. Cada palabra debe ser el comienzo de un término: una palabra, o la parte de una palabra después de un signo ("perez@correo" en un e-mail, el número de un ExternalId); el sid, también su final; el teléfono, también cualquier parte de sus dígitos seguidos ("351 737" encuentra +54 9 351 737-1234). Se buscan hasta ${MAX_PALABRAS_Q} palabras de ${MIN_PALABRA_Q} caracteres o más; las más cortas no se buscan si queda otra.`,
    example: "gomez",
  });

export const pagina = inputString()
  .regex(PAGINA, { message: "pagina debe ser un número entero." })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, { message: "pagina debe ser al menos 1." })
      .max(MAX_PAGINA, { message: `pagina no puede superar ${MAX_PAGINA}.` }),
  )
  .optional()
  .meta({
    description: `Página, de 1 a ${MAX_PAGINA}`,
    override: { type: "integer", minimum: 1, maximum: MAX_PAGINA, default: 1, pattern: undefined },
  });

const atendida = z
  .enum(["true", "false"], { error: "atendida debe ser true o false." })
  .transform((value) => value === "true")
  .optional()
  .meta({
    description:
      "Extensión: solo las consultas atendidas (true) o solo las que nadie marcó como atendidas (false), según las marcas de la app",
  });

const period = {
  desde: day(
    "desde",
    `Primer día de recepción, en la zona horaria del servicio; como mínimo hoy menos ${DIAS_CONSULTAS} días (por omisión)`,
  ),
  hasta: day("hasta", "Último día de recepción, en la zona horaria del servicio; por omisión hoy"),
};

export const ListConsultasQuery = z.object({
  operador: emailValue("operador", MAX_EMAIL)
    .optional()
    .meta({ description: "Un operador de la agencia: solo las consultas que ese operador ve (el administrador ve todas)" }),
  externalid: inputString()
    .max(MAX_EXTERNALID, { message: `externalid no puede superar los ${MAX_EXTERNALID} caracteres.` })
    .optional()
    .transform((value) => value || undefined)
    .meta({ description: "ExternalId de una publicación (sin distinguir mayúsculas)" }),
  ...period,
  q: q.optional(),
  atendida,
  pagina,
});

/** GET /v3/consultas (extension): every agency of the app, searched; `q` is what makes it one search. */
export const SearchConsultasQuery = z.object({
  q: q.refine((value) => value !== undefined, { message: "q no puede estar vacío." }),
  ...period,
  atendida,
  pagina,
});

export type SearchConsultasFilters = z.output<typeof SearchConsultasQuery>;
export type ListConsultasFilters = z.output<typeof ListConsultasQuery>;

// ── Representations ───────────────────────────────────────────────────────────────────────────

const ImporteSchema = z.object({ Moneda: z.string(), Importe: z.number() }).meta({ id: "Importe" });

export const AutoSchema = z
  .object({
    ExternalId: z.string().meta({ description: 'Identificador de la publicación en la app; "" en consultas de catálogo' }),
    RefStock: z.string().nullable(),
    Marca: z.string(),
    Modelo: z.string(),
    Version: z.string().nullable(),
    VersionYear: z.number().int().nullable(),
    Kilometraje: z.number().int().nullable(),
    Color: z.string().nullable(),
    BodyType: z.string().nullable(),
    Estado: z.string().meta({ example: "usado" }),
    Precio: ImporteSchema.nullable(),
    Anticipo: ValorLibreSchema,
    Cuota: ValorLibreSchema,
  })
  .meta({ id: "ConsultaAuto" });

export type Auto = z.output<typeof AutoSchema>;

export const InteresadoSchema = z
  .object({
    Interes: z.string().meta({ example: "compra" }),
    Nombre: z.string(),
    Apellido: z.string(),
    Email: emailOut(),
    Telefono: z.string().nullable(),
    DocIdentidad: z.string().nullable(),
    Provincia: z.string().nullable(),
    Ciudad: z.string().nullable(),
    Comentario: z.string(),
    InfoOperacion: z
      .object({
        EntregaVehiculo: z.object({ Marca: z.string(), Modelo: z.string(), VersionYear: z.number().int().nullable() }).nullable(),
        FinanciacionDeseada: z.object({ Adelanto: ValorLibreSchema, Cuota: ImporteSchema.nullable() }).nullable(),
        QuiereCotizacionSeguro: ValorLibreSchema,
      })
      .nullable(),
  })
  .meta({ id: "Interesado" });

export type Interesado = z.output<typeof InteresadoSchema>;

export const ConsultaSchema = z
  .object({
    Momento: dateTimeOut("Fecha y hora de recepción, con desplazamiento"),
    OrigenLead: z.string().meta({ example: "form" }),
    TipoAnuncio: z.string().meta({ example: "publicacion", description: "publicacion o catalogo" }),
    Auto: AutoSchema,
    Interesado: InteresadoSchema,
    OperadorResponsable: emailOut(),
    Atencion: z
      .object({
        Atendida: z.boolean(),
        Por: emailOut().meta({ description: "E-mail de quien la marcó" }),
        Momento: dateTimeOut("Cuándo la marcó, con desplazamiento"),
      })
      .nullable()
      .meta({
        id: "Atencion",
        description: "Extensión: si alguien de la app atendió la consulta; null mientras nadie la marcó. Cada app ve solo sus marcas.",
      }),
    _links: linksSchema("ConsultaLinks", ["agencia", "atencion", "resendwebhook"], ["publicacion"]).meta({
      description:
        "self es /v3/consultas/{adminMail}/{sid}: el sid de la consulta es su último segmento (el SDK lo lee con sidDeConsulta). publicacion, en una consulta sobre una publicación de la app: la publicación.",
    }),
  })
  .meta({ id: "Consulta" });

export type Consulta = z.output<typeof ConsultaSchema>;
export type ConsultaRef = z.output<typeof RefItemSchema>;

const envelope = {
  Desde: dateTimeOut("00:00 del día desde, con desplazamiento"),
  Hasta: dateTimeOut("23:59:59 del día hasta (nunca después de ahora), con desplazamiento"),
  Pagina: z.number().int(),
  Total: z.number().int().meta({ description: "Consultas que cumplen los filtros en el período (todas las páginas)" }),
  PerPagina: z.number().int().meta({ example: PER_PAGINA }),
};

/** An agency's list also links to one of its enquiries (templated); the search across agencies does not. */
const ConsultasLinksSchema = linksSchema("ConsultasLinks", ["first", "last", "consulta"], ["prev", "next"]);

export const ConsultasSchema = z
  .object({ ...envelope, _links: ConsultasLinksSchema, _entries: z.array(ConsultaSchema) })
  .meta({ id: "Consultas" });
export const ConsultasRefSchema = z
  .object({
    ...envelope,
    _links: linksSchema("ConsultasRefLinks", ["first", "last"], ["prev", "next", "consulta"]),
    _entries: z.array(RefItemSchema),
  })
  .meta({
    id: "ConsultasRef",
    description: "La forma de referencia de una lista de consultas (de una agencia, con consulta, o de la búsqueda).",
  });

export type Consultas = z.output<typeof ConsultasSchema>;
export type ConsultasRef = z.output<typeof ConsultasRefSchema>;

export const ConsultaDeAgenciaSchema = ConsultaSchema.extend({
  AdminMail: emailOut().meta({ description: "El administrador de la agencia que recibió la consulta" }),
}).meta({ id: "ConsultaDeAgencia", description: "Una consulta y su agencia (extensión)." });

export const ConsultasDeAgenciasSchema = z
  .object({
    ...envelope,
    _links: linksSchema("ConsultasDeAgenciasLinks", ["first", "last"], ["prev", "next"]),
    _entries: z.array(ConsultaDeAgenciaSchema),
  })
  .meta({ id: "ConsultasDeAgencias" });

export type ConsultaDeAgencia = z.output<typeof ConsultaDeAgenciaSchema>;
export type ConsultasDeAgencias = z.output<typeof ConsultasDeAgenciasSchema>;
export const NotificacionConsultaSchema = notificacionSchema(
  "NotificacionConsulta",
  z.literal("consultas"),
  "consulta.recibida",
  z
    .object({
      AdminMail: emailOut(),
      Sid: z.string().meta({ description: "Identificador de la consulta (ULID)" }),
      Consulta: ConsultaSchema,
    })
    .meta({ id: "DatosConsulta" }),
  "Tópico consultas: la agencia recibió una consulta (o la app pidió reenviarla).",
);

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const tag = "Consultas";

export const listConsultasOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/consultas/{adminMail}",
  operationId: "listConsultas",
  summary: "Consultas recibidas por la agencia en un período",
  description: `Las consultas sobre publicaciones de la app y, si la agencia lo habilitó, las consultas de catálogo. De la más reciente a la más antigua, ${PER_PAGINA} por página.`,
  params: ConsultasParams,
  query: ListConsultasQuery,
  success: { status: 200, description: "Consultas", entry: ConsultasSchema, ref: ConsultasRefSchema },
  errors: {
    400: "adminMail, operador, externalid, desde, hasta, q, atendida o pagina no son válidos; ValidationProblemDetails que nombra el parámetro.",
    404: "La agencia no existe para la app.",
  },
});

export const searchConsultasOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/consultas",
  operationId: "searchConsultas",
  summary: "Busca consultas en todas las agencias de la app (extensión)",
  description: `Para quien atiende sin saber aún la agencia: las consultas que la app ve en cada agencia registrada con ella, que contienen q. Cada entrada dice su agencia (AdminMail). De la más reciente a la más antigua, ${PER_PAGINA} por página.`,
  query: SearchConsultasQuery,
  success: { status: 200, description: "Consultas de todas las agencias", entry: ConsultasDeAgenciasSchema, ref: ConsultasRefSchema },
  errors: {
    400: "q falta o no es válido, o desde, hasta, atendida o pagina no son válidos; ValidationProblemDetails que nombra el parámetro.",
  },
});

export const getConsultaOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/consultas/{adminMail}/{sid}",
  operationId: "getConsulta",
  summary: "Una consulta",
  description:
    "Una consulta de la agencia que la app puede ver (de sus publicaciones, o de catálogo si la agencia lo habilitó), por su sid.",
  params: ConsultaParams,
  success: { status: 200, description: "Consulta", entry: ConsultaSchema, ref: RefItemSchema },
  errors: { 400: "adminMail o sid no son válidos; ValidationProblemDetails.", 404: "La agencia o la consulta no existen para la app." },
});

export const resendConsultaWebhookOp = defineOperation({
  tag,
  method: "POST",
  path: "/v3/consultas/{adminMail}/{sid}/resendwebhook",
  operationId: "resendConsultaWebhook",
  summary: "Reenvía el webhook de una consulta reciente",
  description: `Solo consultas de los últimos ${DIAS_CONSULTAS} días. Envía una notificación nueva (otro Id, Reenvio: true) a la configuración activa del tópico consultas.`,
  params: ConsultaParams,
  success: {
    status: 202,
    description: "El cuerpo es la notificación enviada.",
    entry: NotificacionConsultaSchema,
    headers: { Location: "El Callback configurado para el tópico consultas" },
  },
  errors: {
    400: `Parámetros no válidos, sin configuración activa de consultas, una configuración guardada que no puede enviarse (los motivos en Errors._) o consulta de más de ${DIAS_CONSULTAS} días (Errors._); ValidationProblemDetails.`,
    403: "La agencia no existe para la app; ProblemDetails.",
    404: "La consulta no existe para la app.",
  },
});

export const ResumenQuery = z.object({
  operador: ListConsultasQuery.shape.operador,
  ...period,
});

export type ResumenFilters = z.output<typeof ResumenQuery>;

const cantidad = z.number().int();

export const ResumenSchema = z
  .object({
    Desde: dateTimeOut("00:00 del día desde, con desplazamiento"),
    Hasta: dateTimeOut("23:59:59 del día hasta (nunca después de ahora), con desplazamiento"),
    Total: cantidad.meta({ description: "Consultas del período que la app (y el operador) ve" }),
    PorDia: z
      .array(z.object({ Dia: z.string().meta({ example: "2026-11-25", format: "date" }), Cantidad: cantidad }))
      .meta({ description: "Cada día del período, en la zona horaria del servicio, también los días sin consultas" }),
    PorTipoAnuncio: z.array(z.object({ TipoAnuncio: z.string().meta({ example: "publicacion" }), Cantidad: cantidad })),
    Publicaciones: z
      .array(z.object({ ExternalId: z.string(), Cantidad: cantidad }))
      .meta({ description: "Las diez publicaciones con más consultas (ExternalId en minúsculas), de más a menos" }),
    Atendidas: cantidad.meta({ description: "Consultas del período que la app marcó como atendidas" }),
    SinAtender: cantidad,
    AtendidasEnUnaHora: cantidad.meta({
      description: "De las atendidas, las que la app marcó dentro de la hora de recibidas (la velocidad de respuesta)",
    }),
    MinutosHastaAtender: z
      .number()
      .nullable()
      .meta({ description: "Mediana de los minutos entre la recepción y la marca de atendida; null sin atendidas" }),
    _links: linksSchema("ResumenLinks", ["consultas"]),
  })
  .meta({ id: "Resumen", description: "Extensión: las consultas de un período de un vistazo." });

export type Resumen = z.output<typeof ResumenSchema>;

export const getConsultasResumenOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/consultas/{adminMail}/resumen",
  operationId: "getConsultasResumen",
  summary: "Resumen de las consultas de un período (extensión)",
  description:
    "Lo mismo que ve la lista con los mismos desde, hasta y operador: el total, por día, por tipo de anuncio, las diez publicaciones con más consultas, atendidas y sin atender (marcas de la app) y la mediana del tiempo hasta atender.",
  params: ConsultasParams,
  query: ResumenQuery,
  success: { status: 200, description: "Resumen", entry: ResumenSchema },
  errors: {
    400: "adminMail, operador, desde o hasta no son válidos; ValidationProblemDetails que nombra el parámetro.",
    404: "La agencia no existe para la app.",
  },
});

export const AtencionBody = z.object({
  Atendida: z.boolean({ error: "Atendida es obligatorio: true o false." }),
  Por: emailValue("Por", MAX_EMAIL).meta({ description: "E-mail de quien atendió (o desmarca) la consulta" }),
});

export type AtencionInput = z.output<typeof AtencionBody>;

export const putConsultaAtencionOp = defineOperation({
  tag,
  method: "PUT",
  path: "/v3/consultas/{adminMail}/{sid}/atencion",
  operationId: "putConsultaAtencion",
  summary: "Marca una consulta como atendida o no (extensión)",
  description:
    "La marca es de la app: otra app no la ve. Marcar de nuevo el mismo estado no cambia Por ni Momento. Si Por es un colaborador de la agencia, solo marca las consultas que ese colaborador ve (las suyas).",
  params: ConsultaParams,
  body: AtencionBody,
  success: { status: 200, description: "La consulta, con su Atencion", entry: ConsultaSchema },
  errors: {
    400: "adminMail, sid, Atendida o Por no son válidos; ValidationProblemDetails.",
    403: "Por es un colaborador de la agencia que no ve esta consulta; ProblemDetails.",
    404: "La agencia o la consulta no existen para la app.",
  },
});

/** The list's filters without `pagina`: the export has no pages. */
export const ExportarConsultasQuery = ListConsultasQuery.omit({ pagina: true });

export type ExportarConsultasFilters = z.output<typeof ExportarConsultasQuery>;

export const exportarConsultasOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/consultas/{adminMail}/exportar",
  operationId: "exportarConsultas",
  summary: "Todas las consultas de la lista en una sola solicitud (extensión)",
  description:
    "Las consultas que la lista GET /v3/consultas/{adminMail} da con los mismos filtros, todas, sin páginas: una consulta (la misma entrada que en la lista) por línea, en JSON delimitado por saltos de línea (application/x-ndjson), de la más reciente a la más antigua. Cuenta como una solicitud para el límite de la app. La respuesta se escribe mientras se lee: si se corta antes de terminar, la conexión se cierra sin el fin del cuerpo, y el cliente debe tomar la descarga como fallida.",
  params: ConsultasParams,
  query: ExportarConsultasQuery,
  success: { status: 200, description: "Una consulta por línea", entry: ConsultaSchema, lines: true },
  errors: {
    400: "adminMail, operador, externalid, desde, hasta, q o atendida no son válidos; ValidationProblemDetails que nombra el parámetro.",
    404: "La agencia no existe para la app.",
  },
});

export const consultasOperations = [
  searchConsultasOp,
  listConsultasOp,
  exportarConsultasOp,
  getConsultasResumenOp,
  getConsultaOp,
  putConsultaAtencionOp,
  resendConsultaWebhookOp,
];

export const CONSULTAS_PATH = "/v3/consultas";
export const consultasPath = (adminMail: string) => `/v3/consultas/${segment(adminMail)}`;
export const consultaPath = (adminMail: string, sid: string) => `${consultasPath(adminMail)}/${segment(sid)}`;
