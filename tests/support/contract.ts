import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { LINES_TYPE } from "@/lib/api/media-types";
import { buildOpenApiDocument } from "@/lib/api/openapi";

/**
 * The API tests' response validation (issue 19, item 1; decisions 0033): every answer a test gets from /v3 is checked
 * against the OpenAPI document the server serves (built here from the same operations): the status
 * is declared for the operation, the declared required headers are present and match their schema,
 * and the body matches the schema of the media type sent (no body where none is declared).
 */

type Schema = Record<string, unknown>;
type ResponseObject = { content?: Record<string, { schema: Schema }>; headers?: Record<string, { required?: boolean; schema?: Schema }> };
type OperationObject = { operationId: string; responses: Record<string, ResponseObject> };
type PathItem = Record<string, OperationObject | unknown>;

const document = buildOpenApiDocument("http://localhost") as unknown as { paths: Record<string, PathItem> };
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats.default(ajv);
ajv.addSchema(document, "openapi");

const pointerToken = (token: string) => token.replaceAll("~", "~0").replaceAll("/", "~1");
const compiled = new Map<string, ValidateFunction>();
function validatorAt(pointer: string[]): ValidateFunction {
  const ref = `openapi#/${pointer.map(pointerToken).join("/")}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

const templates = Object.keys(document.paths).map((template) => ({ template, parts: template.split("/").slice(1) }));
const staticParts = (parts: string[]) => parts.filter((part) => !part.startsWith("{")).length;

/**
 * The path template a request path routes to (static segments win over parameters), if any. An
 * empty segment (a trailing or double slash) fills no parameter: Next redirects it before routing.
 */
function templateOf(pathname: string): string | undefined {
  const segments = pathname.split("/").slice(1);
  const fits = (part: string, segment: string | undefined) => (part.startsWith("{") ? Boolean(segment) : part === segment);
  return templates
    .filter(({ parts }) => parts.length === segments.length && parts.every((part, i) => fits(part, segments[i])))
    .sort((a, b) => staticParts(b.parts) - staticParts(a.parts))[0]?.template;
}

function operationAt(method: string, pathname: string) {
  const template = templateOf(pathname);
  const verb = (method === "HEAD" ? "GET" : method).toLowerCase();
  const operation = template ? (document.paths[template]?.[verb] as OperationObject | undefined) : undefined;
  return { template, verb, operation };
}

/** The operationId a request reaches, if it reaches one. */
export const operationIdOf = (method: string, url: string) => operationAt(method, new URL(url).pathname).operation?.operationId;

/** Every operationId of the document. */
export const operationIds = () =>
  Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((value) => ((value as OperationObject).operationId ? [(value as OperationObject).operationId] : [])),
  );

export class ContractViolation extends Error {}

/**
 * Checks one answer of the API against the document; throws ContractViolation saying what differs.
 * Requests to no documented operation (an unknown path or method: 404/405 before any operation)
 * are not the document's to check.
 */
export async function checkResponse(method: string, url: string, response: Response): Promise<void> {
  const { pathname } = new URL(url);
  const { template, verb, operation } = operationAt(method, pathname);
  if (!template || !operation) return;
  const where = `${method} ${pathname} → ${response.status} (${operation.operationId})`;
  const declared = operation.responses[String(response.status)];
  if (!declared) throw new ContractViolation(`${where}: status not declared for the operation`);
  checkHeaders(where, declared, response.headers, [template, verb, String(response.status)]);
  const text = method === "HEAD" ? "" : await response.clone().text();
  checkBody(where, declared, response.headers.get("content-type"), text, ["paths", template, verb, "responses", String(response.status)]);
}

type WebhookOperation = { parameters?: { name: string; in: string; required?: boolean }[] };
const webhooks = (document as unknown as { webhooks: Record<string, { post: WebhookOperation }> }).webhooks;

/**
 * Checks one delivery a Callback received against the document's webhook of its topic (the
 * Notification-Topic header): the declared headers, the required ones present, and the body.
 */
export function checkDelivery(headers: Record<string, string | string[] | undefined>, body: string): void {
  const topic = String(headers["notification-topic"]);
  const where = `webhook ${topic}`;
  const webhook = webhooks[topic]?.post;
  if (!webhook) throw new ContractViolation(`${where}: no webhook documented for the topic`);
  for (const [index, parameter] of (webhook.parameters ?? []).entries()) {
    const value = headers[parameter.name.toLowerCase()];
    if (value === undefined) {
      if (parameter.required) throw new ContractViolation(`${where}: declared header ${parameter.name} missing`);
      continue;
    }
    const validate = validatorAt(["webhooks", topic, "post", "parameters", String(index), "schema"]);
    if (!validate(value)) throw new ContractViolation(`${where}: header ${parameter.name}: ${ajv.errorsText(validate.errors)}`);
  }
  const validate = validatorAt(["webhooks", topic, "post", "requestBody", "content", "application/json", "schema"]);
  if (!validate(JSON.parse(body))) {
    throw new ContractViolation(`${where}: the body does not match the schema: ${ajv.errorsText(validate.errors, { separator: "; " })}`);
  }
}

function checkHeaders(where: string, declared: ResponseObject, headers: Headers, at: string[]): void {
  for (const [name, header] of Object.entries(declared.headers ?? {})) {
    const value = headers.get(name);
    if (value === null) {
      if (header.required) throw new ContractViolation(`${where}: declared header ${name} missing`);
      continue;
    }
    if (!header.schema) continue;
    const validate = validatorAt(["paths", at[0] as string, at[1] as string, "responses", at[2] as string, "headers", name, "schema"]);
    if (!validate(value))
      throw new ContractViolation(`${where}: header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
  }
}

function checkBody(where: string, declared: ResponseObject, contentType: string | null, text: string, at: string[]): void {
  if (!declared.content) {
    if (text !== "") throw new ContractViolation(`${where}: a body where the document declares none: ${text.slice(0, 200)}`);
    return;
  }
  if (text === "") return; // HEAD, or a 304
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!declared.content[mediaType]) {
    throw new ContractViolation(`${where}: Content-Type ${contentType} not declared (${Object.keys(declared.content).join(", ")})`);
  }
  const validate = validatorAt([...at, "content", mediaType, "schema"]);
  // A stream of lines: each line one value of the schema, every line ended.
  if (mediaType === LINES_TYPE && !text.endsWith("\n")) throw new ContractViolation(`${where}: the last line is not ended`);
  const values = mediaType === LINES_TYPE ? text.slice(0, -1).split("\n") : [text];
  for (const value of values) {
    let body: unknown;
    try {
      body = JSON.parse(value);
    } catch {
      throw new ContractViolation(`${where}: the body is not JSON: ${value.slice(0, 200)}`);
    }
    if (!validate(body)) {
      throw new ContractViolation(`${where}: the body does not match the schema: ${ajv.errorsText(validate.errors, { separator: "; " })}`);
    }
  }
}
