import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { ProblemDetailsSchema, ValidationProblemDetailsSchema } from "./common";
import { ENTRY_TYPES, REF_TYPE } from "./media-types";
import type { Operation } from "./operation";
import { operations } from "./operations";
import { PROBLEM_TITLES } from "./problem";

const problemContent = (schema: typeof ProblemDetailsSchema | typeof ValidationProblemDetailsSchema) => ({
  "application/problem+json": { schema },
});

function successContent(operation: Operation) {
  const { entry, ref } = operation.success;
  if (!entry) return undefined;
  const content: Record<string, { schema: NonNullable<typeof entry> }> = {};
  for (const type of ENTRY_TYPES) content[type] = { schema: entry };
  if (ref) content[REF_TYPE] = { schema: ref };
  return content;
}

type Responses = Record<`${number}`, ZodOpenApiResponseObject>;

function responsesOf(operation: Operation): Responses {
  const responses: Responses = {
    [operation.success.status]: {
      description: operation.success.description,
      content: successContent(operation),
      headers: z.object(
        Object.fromEntries(
          Object.entries(operation.success.headers ?? {}).map(([name, description]) => [name, z.string().meta({ description })]),
        ),
      ),
    },
  };
  if (operation.success.status === 200 && operation.method === "GET") {
    responses["304"] = { description: "No modificado (If-None-Match coincide con el ETag)." };
  }
  for (const [status, description] of Object.entries(operation.errors ?? {})) {
    const code = Number(status);
    responses[status as `${number}`] =
      code === 404
        ? { description: `${description} Sin cuerpo.` }
        : { description, content: problemContent(code === 400 || code === 409 ? ValidationProblemDetailsSchema : ProblemDetailsSchema) };
  }
  if (!operation.public) {
    responses["401"] = { description: PROBLEM_TITLES[401] ?? "", content: problemContent(ProblemDetailsSchema) };
    if (operation.success.entry)
      responses["406"] = { description: PROBLEM_TITLES[406] ?? "", content: problemContent(ProblemDetailsSchema) };
  }
  if (operation.body) responses["415"] = { description: PROBLEM_TITLES[415] ?? "", content: problemContent(ProblemDetailsSchema) };
  return responses;
}

function operationObject(operation: Operation): ZodOpenApiOperationObject {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: operation.description,
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

export function buildOpenApiDocument(serverUrl: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    (paths[operation.path] as Record<string, ZodOpenApiOperationObject>)[operation.method.toLowerCase()] = operationObject(operation);
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Vitrina API v3",
      version: "3.0.0",
      description:
        "API pública para apps asociadas: agencias, consultas, notificaciones y catálogos. " +
        "Cada solicitud se firma con ACS-HMAC: `Authorization: ACS-HMAC {AppKey}:{Firma}`, " +
        "Firma = base64(HMAC-SHA256(AppSecret, Canónica)), Canónica = el método en mayúsculas, Digest, Date, encabezados x-acs-* y ruta+consulta unidos por \\n. " +
        "Ningún texto (parámetro de ruta o de consulta, miembro del cuerpo) puede contener el carácter nulo U+0000 ni un sustituto UTF-16 suelto (\\uD800–\\uDFFF sin su par): 400 que nombra el campo.",
    },
    servers: [{ url: serverUrl }],
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
  });
}
