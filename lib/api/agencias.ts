import { z } from "zod";
import { dateTimeOut, emailOut, inputString, linksSchema, notificacionSchema, RefItemSchema, SelfLinksSchema } from "./common";
import { LIMITES_AGENCIA, MAX_EMAIL, TELEFONO, WHATSAPP } from "./limites";
import { segment } from "./links";
import { defineOperation } from "./operation";

// ── Validation rules (docs/contract.md#agencies, limits in ./limites) ──────────────────────────

/** An e-mail of at most `max` characters, compared and returned lower-cased (docs/contract.md#wire-conventions). */
export const emailValue = (name: string, max: number = LIMITES_AGENCIA.adminMail) =>
  inputString({ error: (issue) => (issue.input === undefined ? `${name} es obligatorio.` : `${name} debe ser un texto.`) })
    .trim()
    .max(max, { message: `${name} no puede superar los ${max} caracteres.` })
    .pipe(z.email({ message: `${name} debe ser una dirección de e-mail válida.` }))
    .transform((value) => value.toLowerCase())
    .meta({ format: "email" });

const optionalText = (name: string, max: number) =>
  inputString({ error: `${name} debe ser un texto o null.` })
    .trim()
    .max(max, { message: `${name} no puede superar los ${max} caracteres.` })
    .nullish()
    .transform((value) => (value ? value : null));

const telefono = (name = "Telefono") =>
  inputString({ error: `${name} debe ser un texto o null.` })
    .trim()
    .regex(TELEFONO, { message: `${name} debe tener entre 8 y 20 caracteres: dígitos, espacios, +, -, ( y ).` })
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "8 a 20 caracteres: dígitos, espacios, +, -, ( y ).", example: "+54 351 555-0101" });

export const AdminMailParams = z.object({
  adminMail: emailValue("adminMail").meta({
    description: `E-mail del administrador de la agencia (hasta ${LIMITES_AGENCIA.adminMail} caracteres)`,
  }),
});

export const AgenciaCreateSchema = z
  .object(
    {
      AdminMail: emailValue("AdminMail").meta({ description: "E-mail de quien administrará la cuenta", example: "ventas@agencia.com.ar" }),
      Nombre: optionalText("Nombre", LIMITES_AGENCIA.nombre).meta({ description: "Nombre comercial de la agencia (opcional)" }),
      Telefono: telefono(),
    },
    { error: "Se espera un objeto JSON." },
  )
  .meta({ id: "AgenciaCreate" });

export type AgenciaCreate = z.output<typeof AgenciaCreateSchema>;

export const AgenciaEditSchema = z
  .object(
    {
      Nombre: optionalText("Nombre", LIMITES_AGENCIA.nombre),
      Telefono: telefono(),
      WhatsApp: inputString({ error: "WhatsApp debe ser un texto o null." })
        .trim()
        .regex(WHATSAPP, { message: "WhatsApp debe ser + seguido de 8 a 19 dígitos." })
        .nullish()
        .transform((value) => value ?? null)
        .meta({ description: "+ seguido de 8 a 19 dígitos", example: "+5493515550101" }),
      Region: optionalText("Region", LIMITES_AGENCIA.region).meta({
        description: "Provincia: id, api-url, nombre o ISO; se busca la mejor coincidencia",
      }),
      Ciudad: optionalText("Ciudad", LIMITES_AGENCIA.ciudad).meta({
        description: "Ciudad de la provincia indicada en Region; se busca la mejor coincidencia",
      }),
      Direccion: optionalText("Direccion", LIMITES_AGENCIA.direccion),
    },
    { error: "Se espera un objeto JSON." },
  )
  .meta({ id: "AgenciaEdit", description: "PUT reemplaza todos los campos: ausente equivale a null." });

export type AgenciaEdit = z.output<typeof AgenciaEditSchema>;

export const ESTADOS_AGENCIA = ["pendiente", "registrada", "vencida"] as const;
export type EstadoAgencia = (typeof ESTADOS_AGENCIA)[number];

export const ListAgenciasQuery = z.object({
  operador: emailValue("operador", MAX_EMAIL).optional().meta({ description: "E-mail de uno de los operadores de la agencia" }),
  estado: z
    .enum(ESTADOS_AGENCIA, { message: "estado debe ser pendiente, vencida o registrada." })
    .optional()
    .meta({ description: "Extensión: lista invitaciones pendientes o vencidas en lugar de agencias registradas" }),
});

// ── Representations ───────────────────────────────────────────────────────────────────────────

export const OperadorSchema = z
  .object({ Email: emailOut(), Nombre: z.string(), Apellido: z.string(), EsAdministrador: z.boolean() })
  .meta({ id: "Operador" });

export const AgenciaSchema = z
  .object({
    AdminMail: emailOut(),
    Nombre: z.string().nullable(),
    Estado: z.enum(ESTADOS_AGENCIA),
    Telefono: z.string().nullable(),
    WhatsApp: z.string().nullable(),
    Region: z.string().nullable(),
    Ciudad: z.string().nullable(),
    Direccion: z.string().nullable(),
    Invitada: dateTimeOut("Fecha y hora con desplazamiento en que esta app la invitó"),
    Registrada: dateTimeOut("Fecha y hora de registro, con desplazamiento").nullable(),
    Operadores: z.array(OperadorSchema),
    _links: linksSchema("AgenciaLinks", ["productos", "consultas", "desasociar"]),
  })
  .meta({ id: "Agencia" });

export type Agencia = z.output<typeof AgenciaSchema>;

export const NotificacionAgenciaSchema = notificacionSchema(
  "NotificacionAgencia",
  z.literal("agencias"),
  "agencia.registrada",
  z.object({ AdminMail: emailOut(), Agencia: AgenciaSchema }).meta({ id: "DatosAgencia" }),
  "Tópico agencias: una agencia invitada por la app se registró.",
);
export type AgenciaRef = z.output<typeof RefItemSchema>;

export const AgenciasSchema = z.object({ _links: SelfLinksSchema, _entries: z.array(AgenciaSchema) }).meta({ id: "Agencias" });
export const AgenciasRefSchema = z.object({ _links: SelfLinksSchema, _entries: z.array(RefItemSchema) }).meta({ id: "AgenciasRef" });

const Uso = z.object({ Contratadas: z.number().int(), Usadas: z.number().int() });

export const AgenciaProductosSchema = z
  .object({
    Plan: z.string().nullable(),
    Estado: z.enum(["activo", "suspendido", "vencido", "sin-plan"]),
    VigenteDesde: z.string().meta({ format: "date", description: "AAAA-MM-DD" }).nullable(),
    VigenteHasta: z.string().meta({ format: "date", description: "AAAA-MM-DD" }).nullable(),
    Publicaciones: z.object({ Contratadas: z.number().int(), Activas: z.number().int(), Disponibles: z.number().int() }),
    Exposiciones: z.object({ Alta: Uso, Media: Uso, Baja: Uso }),
    _links: linksSchema("AgenciaProductosLinks", ["agencia"]),
  })
  .meta({ id: "AgenciaProductos" });

export type AgenciaProductos = z.output<typeof AgenciaProductosSchema>;

// ── Operations ────────────────────────────────────────────────────────────────────────────────

const tag = "Agencias";
const badMail = `adminMail no es un e-mail o supera los ${LIMITES_AGENCIA.adminMail} caracteres; ValidationProblemDetails.`;

export const listAgenciasOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/agencias",
  operationId: "listAgencias",
  summary: "Agencias registradas y asociadas a la app",
  description:
    "Con `estado` (extensión) lista invitaciones pendientes o vencidas. `operador` deja las agencias donde ese e-mail es operador.",
  query: ListAgenciasQuery,
  success: { status: 200, description: "Agencias", entry: AgenciasSchema, ref: AgenciasRefSchema },
  errors: { 400: "operador o estado no son válidos; ValidationProblemDetails." },
});

export const inviteAgenciaOp = defineOperation({
  tag,
  method: "POST",
  path: "/v3/agencias",
  operationId: "inviteAgencia",
  summary: "Invita a una agencia a registrarse",
  description:
    "Envía a AdminMail un e-mail con un enlace de registro de un solo uso, válido 14 días. Una invitación pendiente o vencida de la app se reemplaza por una nueva. Una agencia que la app desasoció puede invitarse de nuevo: al registrarse se vuelve a asociar y sus publicaciones suspendidas se recuperan.",
  body: AgenciaCreateSchema,
  success: {
    status: 202,
    description: "Invitación aceptada; sin cuerpo.",
    headers: { Location: "URI relativa de la agencia: /v3/agencias/{adminMail}" },
  },
  errors: { 400: "El cuerpo no es válido; ValidationProblemDetails.", 409: "El e-mail ya está registrado; ValidationProblemDetails." },
});

export const getAgenciaOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/agencias/{adminMail}",
  operationId: "getAgencia",
  summary: "Una agencia de la app (pendiente, vencida o registrada)",
  description:
    "OPTIONS sobre esta URI responde 204 con `Allow` (lo que la app puede hacer ahora) y `Agencia-Estado: pendiente|registrada|vencida`, o 404 si la agencia no existe para la app.",
  params: AdminMailParams,
  success: { status: 200, description: "Agencia", entry: AgenciaSchema, ref: RefItemSchema },
  errors: { 400: badMail, 404: "La agencia no existe para la app." },
});

/** OPTIONS on an agency: not an OpenAPI operation of its own (documented in getAgencia). */
export const optionsAgenciaOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/agencias/{adminMail}",
  operationId: "optionsAgencia",
  summary: "Lo que la app puede hacer con la agencia",
  params: AdminMailParams,
  success: { status: 204, description: "Allow y Agencia-Estado" },
  errors: { 400: badMail, 404: "La agencia no existe para la app." },
});

export const editAgenciaOp = defineOperation({
  tag,
  method: "PUT",
  path: "/v3/agencias/{adminMail}",
  operationId: "editAgencia",
  summary: "Modifica los datos de una agencia registrada",
  description: "Reemplaza todos los campos (ausente equivale a null). Region y Ciudad se buscan en el catálogo por mejor coincidencia.",
  params: AdminMailParams,
  body: AgenciaEditSchema,
  success: { status: 200, description: "Agencia", entry: AgenciaSchema, ref: RefItemSchema },
  errors: {
    400: "adminMail, el cuerpo, Region o Ciudad no son válidos; ValidationProblemDetails.",
    403: "La agencia no está registrada y asociada a la app; ProblemDetails.",
  },
});

export const detachAgenciaOp = defineOperation({
  tag,
  method: "PATCH",
  path: "/v3/agencias/{adminMail}/desasociar",
  operationId: "detachAgencia",
  summary: "Desasocia la agencia de la app",
  description: "La agencia conserva su cuenta; las publicaciones de la app quedan suspendidas y se recuperan si vuelve a asociarse.",
  params: AdminMailParams,
  success: { status: 204, description: "Desasociada." },
  errors: { 400: badMail, 403: "La app no tiene permiso sobre la agencia; ProblemDetails." },
});

export const getAgenciaProductosOp = defineOperation({
  tag,
  method: "GET",
  path: "/v3/agencias/{adminMail}/productos",
  operationId: "getAgenciaProductos",
  summary: "El paquete de publicaciones de la agencia",
  description:
    "El plan contratado por la agencia, su vigencia y el uso de publicaciones y exposiciones. Solo agencias registradas y asociadas a la app.",
  params: AdminMailParams,
  success: { status: 200, description: "AgenciaProductos", entry: AgenciaProductosSchema },
  errors: { 400: badMail, 404: "La agencia no existe para la app o no está registrada." },
});

export const agenciasOperations = [listAgenciasOp, inviteAgenciaOp, getAgenciaOp, editAgenciaOp, detachAgenciaOp, getAgenciaProductosOp];

export const agenciaPath = (adminMail: string) => `/v3/agencias/${segment(adminMail)}`;
