import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { ESTADOS_AGENCIA, optionsAgenciaOp } from "./agencias";
import { ProblemDetailsSchema, ValidationProblemDetailsSchema } from "./common";
import { ENTRY_TYPES, LINES_TYPE, REF_TYPE } from "./media-types";
import { TAGS, webhooksOf } from "./openapi-webhooks";
import type { Operation } from "./operation";
import { operations } from "./operations";
import { PROBLEM_TITLES } from "./problem";

type Responses = Record<`${number}`, ZodOpenApiResponseObject>;
type Headers = Record<string, z.ZodType>;

const header = (description: string) => z.string().meta({ description });
const seconds = (description: string) =>
  z
    .string()
    .regex(/^[0-9]+$/)
    .meta({ description });

const RATE_LIMIT_HEADERS = {
  RateLimit: header('Lo que queda de cada límite que se aplicó (draft-ietf-httpapi-ratelimit-headers), p. ej. "app";r=1199;t=60.'),
  "RateLimit-Policy": header('Los límites que se aplicaron, p. ej. "app";q=1200;w=60.'),
};

const problemContent = (schema: typeof ProblemDetailsSchema | typeof ValidationProblemDetailsSchema) => ({
  "application/problem+json": { schema },
});

function problem(status: number, description: string, headers?: Headers): ZodOpenApiResponseObject {
  const schema = status === 400 || status === 409 ? ValidationProblemDetailsSchema : ProblemDetailsSchema;
  return { description, content: problemContent(schema), ...(headers && { headers: z.object(headers) }) };
}

/** Answers every operation may give before its handler runs (docs/contract.md#wire-conventions). */
function commonResponses(operation: Operation): Responses {
  const responses: Responses = {
    "308": {
      description: "La ruta llegó con una barra final o barras dobles: Location es la ruta canónica, a la que se repite la solicitud.",
      headers: z.object({ Location: header("La ruta canónica, con la misma consulta.") }),
    },
    "413": problem(413, `${PROBLEM_TITLES[413]}: el cuerpo supera 1 MiB.`),
    "429": problem(429, `${PROBLEM_TITLES[429]}: se agotó el límite por minuto de la app o de la dirección.`, {
      "Retry-After": seconds("Segundos hasta que el límite se renueva."),
      ...RATE_LIMIT_HEADERS,
    }),
  };
  if (!operation.public) {
    responses["401"] = problem(401, `${PROBLEM_TITLES[401]}: Detail dice qué control falló (clave, firma, fecha, repetición, Digest).`, {
      "WWW-Authenticate": header("ACS-HMAC"),
    });
    // Every signed request reads the database (its app, at least): a statement may run out of time.
    responses["503"] = problem(
      503,
      `${PROBLEM_TITLES[503]}: la solicitud tardó demasiado en la base de datos y se canceló (acotala: en una búsqueda, palabras más largas o menos palabras, un período más corto); en una lista de consultas, también si la agencia cambió mientras se leía (con Retry-After).`,
      {
        "Retry-After": seconds(
          "Segundos tras los que conviene repetir la solicitud, cuando repetirla sin cambios puede bastar.",
        ).optional(),
      },
    );
  }
  if (operation.success.entry) responses["406"] = problem(406, `${PROBLEM_TITLES[406]}: Accept no admite ninguna de las representaciones.`);
  if (operation.body) responses["415"] = problem(415, `${PROBLEM_TITLES[415]}: el cuerpo debe ser application/json o text/json.`);
  return responses;
}

function successContent(operation: Operation) {
  const { entry, ref } = operation.success;
  if (!entry) return undefined;
  // OpenAPI 3.1 has no schema for a sequence: the schema is one line's.
  if (operation.success.lines) return { [LINES_TYPE]: { schema: entry } };
  const content: Record<string, { schema: NonNullable<typeof entry> }> = {};
  for (const type of ENTRY_TYPES) content[type] = { schema: entry };
  if (ref) content[REF_TYPE] = { schema: ref };
  return content;
}

/** A streamed body is sent before it is whole: it has no ETag. */
const sendsEtag = (operation: Operation) => operation.method === "GET" && operation.success.entry !== undefined && !operation.success.lines;

function successHeaders(operation: Operation): Headers {
  const headers: Headers = Object.fromEntries(Object.entries(operation.success.headers ?? {}).map(([name, text]) => [name, header(text)]));
  if (sendsEtag(operation)) headers.ETag = header("Etiqueta de entidad fuerte del cuerpo; If-None-Match con ella responde 304.");
  if (operation.cacheControl) headers["Cache-Control"] = header(operation.cacheControl);
  // Only when a limit applies (RATE_LIMIT_APP or RATE_LIMIT_IP other than 0).
  if (!operation.public) for (const [name, schema] of Object.entries(RATE_LIMIT_HEADERS)) headers[name] = schema.optional();
  return headers;
}

function responsesOf(operation: Operation): Responses {
  const responses: Responses = {
    [operation.success.status]: {
      description: operation.success.description,
      content: successContent(operation),
      headers: z.object(successHeaders(operation)),
    },
  };
  if (sendsEtag(operation)) {
    responses["304"] = {
      description: "No modificado (If-None-Match coincide con el ETag); sin cuerpo.",
      headers: z.object({ ETag: header("La etiqueta de entidad que coincidió.") }),
    };
  }
  for (const [status, description] of Object.entries(operation.errors ?? {})) {
    responses[status as `${number}`] =
      Number(status) === 404 ? { description: `${description} Sin cuerpo.` } : problem(Number(status), description);
  }
  return { ...responses, ...commonResponses(operation) };
}

function operationObject(operation: Operation): ZodOpenApiOperationObject {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description ?? operation.summary,
    tags: [operation.tag],
    security: operation.public ? [] : [{ acsHmac: [] }],
    requestParams: {
      ...(operation.params && { path: operation.params as never }),
      ...(operation.query && { query: operation.query as never }),
    },
    requestBody: operation.body
      ? { required: true, content: { "application/json": { schema: operation.body }, "text/json": { schema: operation.body } } }
      : undefined,
    responses: responsesOf(operation),
  };
}

/** What an OPTIONS answers besides 204: the agency's own errors, or a 400 for a path parameter that is not valid. */
function optionsErrors(agency: boolean, base: Operation): NonNullable<Operation["errors"]> {
  if (agency) return base.errors ?? {};
  return base.params ? { 400: "Un parámetro de la ruta no es válido; ValidationProblemDetails que lo nombra." } : {};
}

/** OPTIONS on a path (docs/contract.md#wire-conventions): 204 with Allow; on an agency also Agencia-Estado (docs/contract.md#agencies). */
function optionsObject(path: string, first: Operation): ZodOpenApiOperationObject {
  const agency = path === optionsAgenciaOp.path;
  const base = agency ? optionsAgenciaOp : first;
  const headers: Headers = { Allow: header("Los métodos que la ruta admite (para una agencia, los que la app puede usar ahora).") };
  if (agency) headers["Agencia-Estado"] = z.enum(ESTADOS_AGENCIA).meta({ description: "El estado de la agencia para la app." });
  if (!base.public) for (const [name, schema] of Object.entries(RATE_LIMIT_HEADERS)) headers[name] = schema.optional();
  const options: Operation = { ...base, method: "GET", body: undefined, query: undefined };
  return {
    operationId: agency ? base.operationId : `${first.operationId}Options`,
    summary: agency ? base.summary : `Métodos de ${path}`,
    description: agency
      ? "204 con Allow (lo que la app puede hacer ahora con la agencia) y Agencia-Estado; 404 si la agencia no existe para la app."
      : `204 con Allow: los métodos de la ruta${base.params ? "; 400 si un parámetro de la ruta no es válido" : ""}.`,
    tags: [base.tag],
    security: base.public ? [] : [{ acsHmac: [] }],
    // The path's parameters as its other operations declare and check them.
    requestParams: base.params ? { path: base.params as never } : undefined,
    responses: {
      "204": { description: "Sin cuerpo.", headers: z.object(headers) },
      ...Object.fromEntries(
        Object.entries(optionsErrors(agency, base)).map(([status, text]) => [
          status,
          Number(status) === 404 ? { description: `${text} Sin cuerpo.` } : problem(Number(status), text),
        ]),
      ),
      ...commonResponses(options),
    },
  };
}

const DESCRIPTION = [
  "API pública para apps asociadas: agencias, sus publicaciones dentro de su paquete, consultas, notificaciones y catálogos.",
  "Cada solicitud (salvo este documento) se firma con ACS-HMAC: `Authorization: ACS-HMAC {AppKey}:{Firma}`, " +
    "Firma = base64(HMAC-SHA256(AppSecret, Canónica)), Canónica = el método en mayúsculas, Digest, Date, encabezados x-acs-* y ruta+consulta unidos por \\n. " +
    "Date (o X-ACS-Date) a no más de 300 s del reloj del servicio; con cuerpo, `Digest: sha-256=<base64>`; cada firma se acepta una sola vez en 600 s (X-ACS-Nonce la hace única).",
  "Ningún texto (parámetro de ruta o de consulta, miembro del cuerpo) puede contener el carácter nulo U+0000 ni un sustituto UTF-16 suelto (\\uD800–\\uDFFF sin su par): 400 que nombra el campo.",
  "Las notificaciones que el servicio envía al Callback de la app se describen en `webhooks`, con sus encabezados y sus dos firmas. El SDK oficial es @vitrina/sdk.",
].join("\n\n");

export function buildOpenApiDocument(serverUrl: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    const item = paths[operation.path] as Record<string, ZodOpenApiOperationObject>;
    item.options ??= optionsObject(operation.path, operation);
    item[operation.method.toLowerCase()] = operationObject(operation);
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Vitrina API v3",
      version: "3.0.0",
      description: DESCRIPTION,
      contact: { name: "Integraciones Vitrina", email: "integraciones@vitrina.example", url: `${serverUrl}/docs/api` },
      license: { name: "Uso reservado a las apps asociadas de Vitrina", url: `${serverUrl}/docs/api` },
    },
    servers: [{ url: serverUrl, description: "Este servicio" }],
    tags: TAGS,
    components: {
      securitySchemes: {
        acsHmac: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "ACS-HMAC {AppKey}:{base64(HMAC-SHA256(AppSecret, Canónica))}, con Date (±300 s) y Digest cuando hay cuerpo.",
        },
      },
    },
    paths,
    webhooks: webhooksOf(),
  });
}
