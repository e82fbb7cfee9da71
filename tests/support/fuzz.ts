import { Agent, request as httpRequest } from "node:http";
import fc from "fast-check";
import { z } from "zod";
import { MAX_ANIDAMIENTO } from "@/lib/api/limites";
import { ConsultaIngestSchema, PublicacionIngestSchema } from "@/lib/api/marketplace";
import { LINES_TYPE } from "@/lib/api/media-types";
import { PROBLEM_TITLES } from "@/lib/api/problem";
import { PROBLEM_CONTENT_TYPE } from "@/lib/http/problem";
import { signRequest } from "@/lib/http/signing";
import type { Credentials } from "./client";

/**
 * Schema-driven fuzzing of the API (issue 9). Operations come from the OpenAPI document the service
 * serves (so a new endpoint is fuzzed without touching this file) plus the marketplace ingestion,
 * whose bodies come from its zod schemas. Each generated request is sent byte for byte as built
 * (node:http, no URL normalisation) and signed over that exact target.
 */

// ── Operations ────────────────────────────────────────────────────────────────────────────────

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  example?: unknown;
  $ref?: string;
  [other: string]: unknown;
};

export type FuzzParam = { name: string; in: "path" | "query"; required: boolean; schema: JsonSchema };

export type FuzzOperation = {
  id: string;
  method: string;
  /** Template, e.g. /v3/agencias/{adminMail} */
  path: string;
  params: FuzzParam[];
  /** The request body's schema, references resolved. */
  body?: JsonSchema;
  auth: "hmac" | "bearer" | "public";
  /** Statuses the reference documents for this operation. */
  documented: Set<number>;
  /** The media types of its 2xx bodies, as documented. */
  successTypes: string[];
  /** Whether a success changes state (everything but GET and OPTIONS). */
  write: boolean;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type OpenApiOperation = {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

/** Inlines `$ref`s (the schemas here are not recursive). */
function resolve(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    return resolve(components[name] ?? {}, components, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, resolve(value, components, depth + 1)]),
    );
  }
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    if (schema[key]) out[key] = schema[key].map((item) => resolve(item, components, depth + 1));
  }
  if (schema.items) out.items = resolve(schema.items, components, depth + 1);
  return out;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export function operationsFromOpenApi(document: OpenApiDocument): FuzzOperation[] {
  const components = document.components?.schemas ?? {};
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!HTTP_METHODS.includes(method)) continue; // the path item's own `parameters`
      const body = operation.requestBody ? Object.values(operation.requestBody.content)[0]?.schema : undefined;
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        params: (operation.parameters ?? [])
          .filter((param) => param.in === "path" || param.in === "query")
          .map((param) => ({
            name: param.name,
            in: param.in as "path" | "query",
            required: param.required === true,
            schema: resolve(param.schema ?? {}, components),
          })),
        body: body ? resolve(body, components) : undefined,
        auth: operation.security && operation.security.length === 0 ? "public" : "hmac",
        documented: new Set(Object.keys(operation.responses).map(Number)),
        successTypes: Object.entries(operation.responses).flatMap(([status, response]) =>
          status.startsWith("2") ? Object.keys(response.content ?? {}) : [],
        ),
        write: !["GET", "OPTIONS"].includes(method.toUpperCase()),
      });
    }
  }
  return operations;
}

/** The marketplace ingestion (not in the OpenAPI document): its bodies from the zod schemas. */
export function marketplaceOperations(): FuzzOperation[] {
  const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return [
    // 409: an ExternalId another app already published for the agency (docs/decisions/0023).
    { id: "ingestPublicacion", path: "/marketplace/publicaciones", body: schemaOf(PublicacionIngestSchema), statuses: [409] },
    { id: "ingestConsulta", path: "/marketplace/consultas", body: schemaOf(ConsultaIngestSchema), statuses: [] },
  ].map(({ statuses, ...operation }) => ({
    ...operation,
    method: "POST",
    params: [],
    auth: "bearer" as const,
    documented: new Set([201, 400, 401, 413, 415, ...statuses]),
    successTypes: ["application/json"],
    write: true,
  }));
}

// ── Values ────────────────────────────────────────────────────────────────────────────────────

const today = new Date();
const isoDay = (offsetDays: number) => new Date(today.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** Every C0 control character, DEL and the C1 controls: NUL is the one PostgreSQL cannot store. */
export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, offset) => String.fromCharCode(0x7f + offset)),
];

export const NASTY_STRINGS: string[] = [
  "",
  " ",
  "a",
  "null",
  "undefined",
  "true",
  "0",
  "-1",
  // e-mails that are not
  "a",
  "a@",
  "@b.com",
  "a@b",
  "a@@b.com",
  "a b@c.com",
  "a@b..com",
  ".a@b.com",
  "a@b.com.",
  "a@-b.com",
  "ñandú@correo.ar",
  "用户@例子.广告",
  "😀@x.com",
  "a@b.c\u0000",
  `${"a".repeat(45)}@b.com`,
  `${"a".repeat(64)}@${"b".repeat(250)}.com`,
  "<script>@x.com",
  "a@b.com\r\nX-Injected: 1",
  "İSTANBUL@EXAMPLE.COM",
  "ǅ@x.com",
  // unicode
  "😀",
  "👨‍👩‍👧‍👦",
  "\u202Eabc",
  "مرحبا",
  "שלום",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "a\ud83db",
  "\uFEFF",
  "\u200B",
  "Ａ",
  "ﬃ",
  "ß",
  "e\u0301",
  "\u0085\u2028\u2029",
  // control characters inside text
  "a\u0001b",
  "\u001b[31mrojo\u001b[0m",
  "\t\r\n",
  "línea\r\nX-Inyectado: 1",
  "\u007f\u0080\u009f",
  // huge
  "a".repeat(10_000),
  "😀".repeat(2_000),
  "\u0000".repeat(100),
  "%".repeat(300),
  // injection-looking
  "'; drop table agencias; --",
  "%",
  "_",
  "\\",
  "../../etc/passwd",
  "..",
  ".",
  "/",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, sent literally
  "${jndi:ldap://x}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  // numbers as text
  "1e309",
  "-1e309",
  "9007199254740993",
  "-0",
  "0x1F",
  "1.5",
  "NaN",
  "Infinity",
  "-Infinity",
  "2147483647",
  "2147483648",
  "-2147483649",
  "00001",
  "1_000",
  " 1",
  "1 ",
  "١٢٣",
  "1e3",
  "99",
  "100",
  // dates
  "2026-02-30",
  "99999-01-01",
  "2026-13-01",
  "0000-00-00",
  "2026-2-3",
  "-000001-01-01",
  "+002026-01-01",
  "2024-02-29",
  "2025-02-29",
  "2026-01-01T00:00:00Z",
  "1970-01-01",
  "9999-12-31",
  isoDay(-91),
  isoDay(-90),
  isoDay(0),
  isoDay(1),
  isoDay(36_500),
  // booleans
  "TRUE",
  "1",
  "yes",
  "false ",
  "tRuE",
];

/** Pieces written into a URL as they are: encoded slashes and dots, bad escapes, raw UTF-8 of lone surrogates. */
export const RAW_URL_PIECES = [
  "%2F",
  "%2f",
  "%2E%2E",
  "%2e%2e",
  "..",
  ".",
  "%2E",
  "%5C",
  "%00",
  "%01",
  "%09",
  "%0A",
  "%0D",
  "%1B",
  "%1F",
  "%7F",
  "%C2%85",
  "%C2%9F",
  "%ED%A0%80",
  "%ED%BF%BF",
  "%C0%AF",
  "%C0%80",
  "%FF",
  "%FE%FF",
  "%",
  "%G1",
  "%2",
  "%25",
  "+",
  "%20",
  "%E2%80%AE",
  "%F0%9F%98%80",
  ";",
  "@",
  ":",
  "!",
  "~",
  "'",
  "(",
  ")",
  "*",
  ",",
  "$",
];

/** Percent-encodes every byte outside the unreserved set; lone surrogates as their WTF-8 bytes (%ED%A0%80). */
export function encodeComponent(value: string): string {
  let out = "";
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    let codePoint = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < value.length) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        codePoint = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
        index++;
      }
    }
    if (codePoint < 0x80 && /[A-Za-z0-9\-._~]/.test(String.fromCharCode(codePoint))) {
      out += String.fromCharCode(codePoint);
      continue;
    }
    const bytes: number[] =
      codePoint < 0x80
        ? [codePoint]
        : codePoint < 0x800
          ? [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 63)]
          : codePoint < 0x10000
            ? [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 63), 0x80 | (codePoint & 63)]
            : [0xf0 | (codePoint >> 18), 0x80 | ((codePoint >> 12) & 63), 0x80 | ((codePoint >> 6) & 63), 0x80 | (codePoint & 63)];
    for (const byte of bytes) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A control character alone or between two pieces of text. */
const withControl = fc.oneof(
  fc.constantFrom(...CONTROL_CHARACTERS),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 10 }))
    .map((parts) => parts.join("")),
);

const nastyString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: withControl },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** A URL component: an encoded text, a raw piece, or a mix of both. */
const urlValue = (known: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: nastyString.map(encodeComponent) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_PIECES) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.oneof(nastyString.map(encodeComponent), fc.constantFrom(...RAW_URL_PIECES)), { minLength: 2, maxLength: 4 })
        .map((parts) => parts.join("")),
    },
    ...(known.length > 0
      ? [
          { weight: 2, arbitrary: fc.constantFrom(...known).map(encodeComponent) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom(...known), fc.constantFrom(...RAW_URL_PIECES))
              .map(([value, piece]) => `${encodeComponent(value)}${piece}`),
          },
          // The known value with its characters encoded in a different way (%40 for @, upper case).
          {
            weight: 1,
            arbitrary: fc.constantFrom(...known).map((value) => encodeURIComponent(value.toUpperCase()).replace(/\./g, "%2E")),
          },
        ]
      : []),
  );

/** A value of a path or query parameter; `poison` makes it certainly invalid for the schema. */
function paramValue(param: FuzzParam, known: string[], poison: boolean): fc.Arbitrary<string> {
  const { schema } = param;
  if (poison) {
    const options: fc.Arbitrary<string>[] = [];
    if (schema.maxLength !== undefined) {
      options.push(fc.integer({ min: schema.maxLength + 1, max: schema.maxLength + 5_000 }).map((length) => "x".repeat(length)));
    }
    if (schema.minLength !== undefined && schema.minLength > 1) {
      options.push(fc.integer({ min: 1, max: schema.minLength - 1 }).map((length) => "y".repeat(length)));
    }
    if (schema.type === "integer") {
      options.push(fc.constantFrom("1e309", "9007199254740993", "-0", "0x1F", "1.5", "NaN", "abc", "-1", "2147483648", "%F0%9F%98%80"));
    }
    if (options.length > 0) return fc.oneof(...options);
  }
  return urlValue(known);
}

/** A parameter's value that validates (encoded for the URL): the first known value, or 1 for an integer. */
function validParamValue(param: FuzzParam, known: Record<string, string[]>): string {
  if (param.schema.type === "integer") return "1";
  return encodeComponent(known[param.name]?.[0] ?? String(param.schema.example ?? "x"));
}

/** A control character as a URL carries it; NUL, the one the database cannot store, most often. */
const controlPiece = fc.oneof(
  { weight: 2, arbitrary: fc.constant("%00") },
  { weight: 1, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS.map(encodeComponent)) },
);

/** A value wrong in one way: a known value with a control character before or after it, or any URL value. */
function badValue(known: string[]): fc.Arbitrary<string> {
  if (known.length === 0) return fc.oneof(urlValue([]), controlPiece);
  const withControl = fc
    .tuple(fc.constantFrom(...known).map(encodeComponent), controlPiece, fc.boolean())
    .map(([value, control, before]) => (before ? control + value : value + control));
  return fc.oneof(urlValue(known), withControl);
}

type OneBad = { path: Record<string, string>; query: [string, string][] };

/**
 * Every parameter valid (the required query parameters present) but one, path or query, whose
 * value is bad: so that a bad value gets past the other checks and reaches the service.
 */
function oneBadParam(operation: FuzzOperation, known: Record<string, string[]>): fc.Arbitrary<OneBad> {
  return fc.constantFrom(...operation.params).chain((bad) =>
    badValue(known[bad.name] ?? []).map((value): OneBad => {
      const path: Record<string, string> = {};
      const query: [string, string][] = [];
      for (const param of operation.params) {
        const chosen = param === bad ? value : param.required ? validParamValue(param, known) : undefined;
        if (chosen === undefined) continue;
        if (param.in === "path") path[param.name] = chosen;
        else query.push([encodeComponent(param.name), chosen]);
      }
      return { path, query };
    }),
  );
}

// ── Bodies ────────────────────────────────────────────────────────────────────────────────────

export const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
export const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Free-form values (JSON texts) the service must refuse: nested too deep, or holding a NUL. */
export const REFUSED_FREE_JSON = [
  deepArray(5_000),
  deepObject(5_000),
  deepArray(MAX_ANIDAMIENTO + 1),
  deepObject(MAX_ANIDAMIENTO + 1),
  '{"a":["\\u0000"]}',
  '{"\\u0000":1}',
];

/** JSON values a property may get: wrong types, extreme numbers, deep nesting, nasty strings. */
const wrongJson = fc.oneof(
  fc.constantFrom("1e308", "-0", "9007199254740993", "1.5", "-1", "0", "true", "false", "null", "[]", "{}", '[""]', '{"":""}'),
  fc.constantFrom(deepArray(5_000), deepObject(500), `[${'"x",'.repeat(5_000)}"x"]`, '{"__proto__":{"polluted":true}}'),
  nastyString.map((value) => JSON.stringify(value)),
  fc.integer().map(String),
  fc.double().map((value) => (Number.isFinite(value) ? JSON.stringify(value) : "1e999")),
);

/** The JSON types a schema accepts (empty when it says nothing: any value). */
function typesOf(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  const add = (item: JsonSchema) => {
    if (typeof item.type === "string") types.add(item.type);
    else if (Array.isArray(item.type)) for (const type of item.type) types.add(type);
    else if (item.enum || item.const !== undefined) types.add("string");
    for (const option of item.anyOf ?? item.oneOf ?? []) add(option);
  };
  add(schema);
  return types;
}

function objectShape(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  for (const option of schema.anyOf ?? schema.oneOf ?? []) {
    const shape = objectShape(option);
    if (shape) return shape;
  }
  return undefined;
}

/** A JSON text that plausibly fits the schema (examples, known values, nasty strings of the right type). */
function plausibleJson(schema: JsonSchema, name: string, known: Record<string, string[]>, depth = 0): fc.Arbitrary<string> {
  const shape = objectShape(schema);
  if (shape && depth < 4) return objectJson(shape, known, depth + 1, false);
  const types = typesOf(schema);
  const options: fc.Arbitrary<string>[] = [];
  if (schema.example !== undefined) options.push(fc.constant(JSON.stringify(schema.example)));
  if (known[name]?.length) options.push(fc.constantFrom(...(known[name] as string[])).map((value) => JSON.stringify(value)));
  if (schema.enum) options.push(fc.constantFrom(...schema.enum).map((value) => JSON.stringify(value)));
  if (types.has("string") || types.size === 0) options.push(nastyString.map((value) => JSON.stringify(value)));
  if (types.has("integer") || types.has("number")) options.push(fc.integer({ min: -5, max: 3_000 }).map(String));
  if (types.has("boolean")) options.push(fc.boolean().map(String));
  if (types.has("null")) options.push(fc.constant("null"));
  if (types.size === 0) options.push(fc.constantFrom(...REFUSED_FREE_JSON, deepArray(MAX_ANIDAMIENTO)));
  if (options.length === 0) options.push(wrongJson);
  return fc.oneof(...options);
}

/**
 * A value that validates when the schema allows it: a known value, the example, the first enum
 * member, an object with its members filled in (nullable ones too, so that mutations reach their
 * members), null when nullable.
 */
function validValue(schema: JsonSchema, name: string, known: Record<string, string[]>, depth = 0): unknown {
  const shape = objectShape(schema);
  const types = typesOf(schema);
  if (known[name]?.length) return known[name]?.[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.enum) return schema.enum[0];
  if (shape && depth < 6) {
    return Object.fromEntries(
      Object.entries(shape.properties ?? {}).map(([key, value]) => [key, validValue(value, key, known, depth + 1)]),
    );
  }
  if (types.has("null")) return null;
  if (types.has("integer") || types.has("number")) return Math.max(schema.minimum ?? 1, 1);
  if (types.has("boolean")) return true;
  if (types.has("string")) return "texto";
  return null;
}

/** Every path to a member of a JSON value (objects only), for single-member mutations. */
function memberPaths(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, member]) => [[...prefix, key], ...memberPaths(member, [...prefix, key])]);
}

function withMember(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const object = { ...(value as Record<string, unknown>) };
  object[head] = withMember(object[head], rest, replacement);
  return object;
}

/** Every member of an object schema (nested objects' members too), with its path. */
function memberSchemas(schema: JsonSchema | undefined, prefix: string[] = []): [string[], JsonSchema][] {
  const shape = schema && objectShape(schema);
  if (!shape || prefix.length > 6) return [];
  return Object.entries(shape.properties ?? {}).flatMap(([key, member]): [string[], JsonSchema][] => [
    [[...prefix, key], member],
    ...memberSchemas(member, [...prefix, key]),
  ]);
}

/** A member whose type the schema leaves open: any JSON value (Anticipo, Cuota, Adelanto…). */
const isFreeForm = (schema: JsonSchema) => typesOf(schema).size === 0 && !objectShape(schema);

/** The JSON text of `value` with the member at `path` replaced by the JSON text `raw`. */
function withRawMember(value: unknown, path: string[], raw: string): string {
  const marker = "__fuzz_raw_marker__";
  return JSON.stringify(withMember(value, path, marker)).replace(JSON.stringify(marker), () => raw);
}

const RAW = "\u0001raw:";

/**
 * A body that validates but for one member, which gets a nasty value (NUL, control characters,
 * lone surrogates, huge, deep, wrong type); free-form members often get a value nested too deep.
 */
function mutatedValidJson(schema: JsonSchema, known: Record<string, string[]>): fc.Arbitrary<string> {
  const base = validValue(schema, "", known);
  const paths = memberPaths(base);
  if (paths.length === 0) return fc.constant(JSON.stringify(base));
  const freeForm = memberSchemas(schema)
    .filter(([, member]) => isFreeForm(member))
    .map(([path]) => path);
  const anyMember = fc.tuple(
    fc.constantFrom(...paths),
    fc.oneof(
      { weight: 4, arbitrary: nastyString },
      { weight: 2, arbitrary: wrongJson.map((text) => `${RAW}${text}`) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
  );
  const deepFreeForm = freeForm.map((path) => ({
    weight: 1,
    arbitrary: fc.tuple(
      fc.constant(path),
      fc.constantFrom(...REFUSED_FREE_JSON).map((text) => `${RAW}${text}`),
    ),
  }));
  return fc.oneof({ weight: 4 * Math.max(1, freeForm.length), arbitrary: anyMember }, ...deepFreeForm).map(([path, replacement]) => {
    const raw = typeof replacement === "string" && replacement.startsWith(RAW) ? replacement.slice(RAW.length) : undefined;
    return raw !== undefined ? withRawMember(base, path, raw) : JSON.stringify(withMember(base, path, replacement));
  });
}

/**
 * An object's JSON text built member by member (so duplicate keys can be sent): each property
 * absent, plausible or of a wrong type, plus unknown members. With `poison`, one member that the
 * schema types is certainly of a wrong type, so the body cannot validate.
 */
function objectJson(schema: JsonSchema, known: Record<string, string[]>, depth: number, poison: boolean): fc.Arbitrary<string> {
  const properties = Object.entries(schema.properties ?? {});
  const member = ([name, property]: [string, JsonSchema]) =>
    fc
      .oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 5, arbitrary: plausibleJson(property, name, known, depth) },
        { weight: 2, arbitrary: wrongJson },
      )
      .map((value) => (value === undefined ? undefined : `${JSON.stringify(name)}:${value}`));
  const typed = properties.filter(([, property]) => typesOf(property).size > 0 && !typesOf(property).has("array"));
  const poisoned =
    poison && typed.length > 0
      ? fc.constantFrom(...typed).chain(([name, property]) => {
          const types = typesOf(property);
          const wrong = [
            types.has("string") ? [] : ['"texto"'],
            types.has("number") || types.has("integer") ? [] : ["12", "1e308"],
            types.has("boolean") ? [] : ["true"],
            types.has("object") ? [] : ['{"a":1}'],
            ["[1,2]", deepArray(1_000)],
          ].flat();
          return fc.constantFrom(...wrong).map((value) => [`${JSON.stringify(name)}:${value}`]);
        })
      : fc.constant([] as string[]);
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom("__proto__", "constructor", "", "😀", "Extra", ...properties.map(([name]) => name)), fc.string()),
      wrongJson,
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...properties.map(member)), extra, poisoned).map(([members, extras, poisonMembers]) => {
    const entries = [...members.filter((entry): entry is string => entry !== undefined)];
    for (const [key, value] of extras) entries.push(`${JSON.stringify(key)}:${value}`);
    // The poisoned member goes last: with duplicate keys, JSON.parse keeps the last one.
    entries.push(...poisonMembers);
    return `{${entries.join(",")}}`;
  });
}

/** A body that is not an object where one is expected, or not JSON at all. */
const notAnObject = fc.oneof(
  fc.constantFrom("[]", '[{"AdminMail":"a@b.com"}]', '"texto"', "1", "true", "null", "1e309", deepArray(100_000), deepObject(5_000)),
  fc.constantFrom("{", '{"a":', "{'a':1}", '{"a":1,}', "NaN", '{"a":1}{"b":2}', "\u0000", "<xml/>", "a=1&b=2"),
);

export type BodyChoice = { text?: string; bytes?: Uint8Array; contentType?: string | string[]; chunked?: boolean };

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/json",
  "APPLICATION/JSON",
  " application/json ",
  "application/json;charset=utf-16",
];
const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/problem+json",
  "application/json-seq",
  "application/jsonx",
  "",
  "json",
  "*/*",
  "application/xml",
];

function bodyChoice(operation: FuzzOperation, known: Record<string, string[]>, poison: boolean): fc.Arbitrary<BodyChoice> {
  const schema = operation.body;
  const json = fc.constantFrom(...CONTENT_TYPES);
  if (!schema) {
    // Bodies sent to an operation that takes none: ignored, or 413 when too big.
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.record({ text: notAnObject, contentType: json }) },
    );
  }
  const shape = objectShape(schema) ?? schema;
  const options: { weight: number; arbitrary: fc.Arbitrary<BodyChoice> }[] = [
    { weight: 60, arbitrary: fc.record({ text: objectJson(shape, known, 0, poison), contentType: json }) },
    { weight: 12, arbitrary: fc.record({ text: notAnObject, contentType: json }) },
    {
      weight: 6,
      arbitrary: fc.record({
        text: objectJson(shape, known, 0, false),
        contentType: fc.constantFrom(...WRONG_CONTENT_TYPES),
      }),
    },
    // Oversized: over 1 MiB, declared or chunked.
    {
      weight: 1,
      arbitrary: fc.record({
        text: fc.constantFrom(`{"a":"${"x".repeat(1024 * 1024)}"}`, `[${"1,".repeat(600_000)}1]`),
        contentType: json,
        chunked: fc.boolean(),
      }),
    },
    { weight: 6, arbitrary: fc.constant({ text: "", contentType: "application/json" }) },
  ];
  if (!poison) {
    options.push(
      { weight: 40, arbitrary: fc.record({ text: mutatedValidJson(shape, known), contentType: json }) },
      // Invalid UTF-8, UTF-16, a byte order mark: these may decode to a valid object, so never as the poison.
      {
        weight: 6,
        arbitrary: fc.record({
          bytes: fc.oneof(
            fc.constant(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])),
            fc.constant(new Uint8Array(Buffer.from('{"AdminMail":"a@b.com"}', "utf16le"))),
            fc.constant(new Uint8Array([0xed, 0xa0, 0x80])),
            fc.constant(new Uint8Array(Buffer.from("\uFEFF{}", "utf8"))),
            fc.uint8Array({ maxLength: 64 }),
          ),
          contentType: json,
        }),
      },
      // Two Content-Type fields: Node keeps the first and discards the rest before the service sees
      // them, so this may be accepted and is never the poison.
      {
        weight: 2,
        arbitrary: fc.record({
          text: objectJson(shape, known, 0, false),
          contentType: fc.constant<string[]>(["application/json", "text/plain"]),
        }),
      },
      // No body at all, with or without a Content-Type.
      { weight: 6, arbitrary: fc.constant({}) },
      { weight: 3, arbitrary: fc.constant({ text: "" }) },
    );
  }
  return fc.oneof(...options);
}

// ── Requests ──────────────────────────────────────────────────────────────────────────────────

export type Auth = "signed" | "unsigned" | "garbage" | "wrong-secret" | "stale-date" | "digest-mismatch";

export type FuzzRequest = {
  operation: FuzzOperation;
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  headers: Record<string, string | string[]>;
  body: BodyChoice;
  auth: Auth;
  /** Built so that the service must refuse it (certainly invalid somewhere). */
  mustReject: boolean;
};

const ACCEPTS = [
  "application/json",
  "text/json",
  "application/vnd.service.entry+json",
  "application/vnd.service.ref+json",
  "*/*",
  "",
  "application/*",
  "text/*",
  "*/*;q=0",
  "application/json;q=0",
  "application/json;q=abc",
  "application/json;q=1e309",
  "application/json;q=-1",
  ",,,",
  ";;;",
  "/",
  "*/json",
  "APPLICATION/JSON",
  "application/json;charset=utf-8",
  "application/json, application/vnd.service.ref+json;q=0.9",
  "application/vnd.service.ref+json;q=0.5, text/json;q=0.5",
  "a".repeat(8_000),
  `application/json${", x/y".repeat(500)}`,
  "application/json;q=0.\u00e9",
];
const UNACCEPTABLE = ["text/html", "image/png", "application/xml", "application/problem+json", "application/json;q=0, */*;q=0"];

const extraHeaders = fc.record(
  {
    "X-Request-Id": fc.oneof(fc.constantFrom("abc", "x".repeat(65), "ñ\u00e9", "a b", "../../x", ""), fc.string({ maxLength: 80 })),
    "If-None-Match": fc.constantFrom("*", 'W/"x"', '"abc"', "x".repeat(4_000), ""),
    "X-ACS-Extra": fc.constantFrom("valor", " espacios ", "ñ", ""),
    "X-Forwarded-For": fc.constantFrom("1.2.3.4", "not-an-ip", "::1, 10.0.0.1"),
    Cookie: fc.constantFrom("a=b", "session=%00"),
  },
  { requiredKeys: [] },
);

/** Latin-1 only in header values: node:http refuses anything else, as any HTTP client would. */
const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, "?");

export type FuzzOptions = {
  /** Values a parameter or body member is likely to meet by name (a real adminMail, topic, sid…). */
  known: Record<string, string[]>;
  /** Every write built so that the service must refuse it. */
  rejectWrites: boolean;
};

export function requestArbitrary(operation: FuzzOperation, options: FuzzOptions): fc.Arbitrary<FuzzRequest> {
  const { known } = options;
  const pathParams = operation.params.filter((param) => param.in === "path");
  const queryParams = operation.params.filter((param) => param.in === "query");
  const mustReject = options.rejectWrites && operation.write;

  // How a write is certainly refused: a bad parameter, a bad body, bad credentials or, where the
  // success has a body to refuse (the document declares 406, decisions 0033), an unacceptable Accept.
  const poisons: string[] = ["auth"];
  if (operation.auth === "hmac" && operation.documented.has(406)) poisons.push("accept");
  const poisonable = pathParams.findIndex((param) => param.schema.maxLength !== undefined || param.schema.type === "integer");
  if (poisonable >= 0) poisons.push("param");
  if (operation.body) poisons.push("body", "body");
  const poison = mustReject ? fc.constantFrom(...poisons) : fc.constant("none");

  return poison.chain((kind) => {
    const paramArbs = pathParams.map((param, index) =>
      paramValue(param, known[param.name] ?? [], kind === "param" && index === poisonable).map((value) => [param.name, value] as const),
    );
    // A third of the unpoisoned requests get every parameter right but one.
    const oneBad =
      kind === "none" && operation.params.length > 0
        ? fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: oneBadParam(operation, known) })
        : fc.constant(null);
    const query = fc.array(
      fc.oneof(
        ...(queryParams.length > 0
          ? [
              {
                weight: 4,
                arbitrary: fc
                  .constantFrom(...queryParams)
                  .chain((param) => fc.tuple(fc.constant(encodeComponent(param.name)), urlValue(known[param.name] ?? []))),
              },
            ]
          : []),
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.oneof(fc.constantFrom("pagina", "q", "__proto__", "constructor", "a[b]", "a.b", ""), nastyString.map(encodeComponent)),
            urlValue([]),
          ),
        },
      ),
      { maxLength: queryParams.length + 2 },
    );
    // Required query parameters present most of the time, so requests get past that check.
    const required = fc.tuple(
      ...queryParams
        .filter((param) => param.required)
        .map((param) =>
          fc.option(
            urlValue(known[param.name] ?? []).map((value) => [encodeComponent(param.name), value] as const),
            { freq: 5 },
          ),
        ),
    );
    const accept =
      kind === "accept"
        ? fc.constantFrom(...UNACCEPTABLE)
        : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 6, arbitrary: fc.constantFrom(...ACCEPTS) });
    const auth: fc.Arbitrary<Auth> =
      kind === "auth"
        ? fc.constantFrom("unsigned", "garbage", "wrong-secret", "stale-date", ...(operation.body ? (["digest-mismatch"] as const) : []))
        : fc.oneof(
            { weight: 40, arbitrary: fc.constant("signed" as Auth) },
            { weight: 1, arbitrary: fc.constantFrom<Auth>("unsigned", "garbage", "wrong-secret", "stale-date") },
          );
    return fc
      .record({
        params: fc.tuple(...paramArbs),
        oneBad,
        query,
        required,
        querySeparator: fc.constantFrom("&", "&", "&", "&&", ";"),
        bareQuestionMark: fc.boolean(),
        accept,
        extra: fc.option(extraHeaders, { freq: 4 }),
        body: bodyChoice(operation, known, kind === "body"),
        auth,
      })
      .map((parts): FuzzRequest => {
        let path = operation.path;
        const pathValues = parts.oneBad ? Object.entries(parts.oneBad.path) : parts.params;
        for (const [name, value] of pathValues) path = path.replace(`{${name}}`, value);
        const query = parts.oneBad ? parts.oneBad.query : [...parts.required.filter((pair) => pair !== null), ...parts.query];
        const pairs = query.map(([name, value]) => `${name}=${value}`);
        const search = pairs.length > 0 ? `?${pairs.join(parts.querySeparator)}` : parts.bareQuestionMark ? "?" : "";
        const headers: Record<string, string | string[]> = {};
        if (parts.accept !== undefined) headers.Accept = headerSafe(parts.accept);
        for (const [name, value] of Object.entries(parts.extra ?? {})) headers[name] = headerSafe(value as string);
        if (parts.body.contentType !== undefined) headers["Content-Type"] = parts.body.contentType;
        return { operation, method: operation.method, target: path + search, headers, body: parts.body, auth: parts.auth, mustReject };
      });
  });
}

// ── One field at a time ───────────────────────────────────────────────────────────────────────

/**
 * A place in an otherwise valid request for one value: a path or query parameter, a string member
 * of the body, or a free-form member. `request` takes the text to put there (for a free-form member,
 * a JSON text); `field` is how a 400 names it.
 */
export type FieldSlot = { field: string; kind: "param" | "string" | "free"; request: (value: string) => FuzzRequest };

/** Every slot of an operation, each with the rest of the request built to validate (required query parameters included). */
export function fieldSlots(operation: FuzzOperation, known: Record<string, string[]>): FieldSlot[] {
  const base = operation.body ? validValue(operation.body, "", known) : undefined;
  /** The request with the given (already encoded) parameter values; every other required parameter valid. */
  const build = (values: Record<string, string>, body = base === undefined ? undefined : JSON.stringify(base)): FuzzRequest => {
    let target = operation.path;
    const pairs: string[] = [];
    for (const param of operation.params) {
      const value = values[param.name] ?? (param.required ? validParamValue(param, known) : undefined);
      if (value === undefined) continue;
      if (param.in === "path") target = target.replace(`{${param.name}}`, value);
      else pairs.push(`${encodeComponent(param.name)}=${value}`);
    }
    return {
      operation,
      method: operation.method,
      target: pairs.length > 0 ? `${target}?${pairs.join("&")}` : target,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? {} : { text: body },
      auth: "signed",
      mustReject: true,
    };
  };
  const params = operation.params.map(
    (param): FieldSlot => ({ field: param.name, kind: "param", request: (value) => build({ [param.name]: encodeComponent(value) }) }),
  );
  const members = memberSchemas(operation.body).flatMap(([path, member]): FieldSlot[] => {
    const field = path.join(".");
    if (isFreeForm(member)) return [{ field, kind: "free", request: (value) => build({}, withRawMember(base, path, value)) }];
    if (!typesOf(member).has("string")) return [];
    return [{ field, kind: "string", request: (value) => build({}, withRawMember(base, path, JSON.stringify(value))) }];
  });
  return [...params, ...members];
}

// ── Sending ───────────────────────────────────────────────────────────────────────────────────

export type FuzzResponse = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

function bodyBytes(body: BodyChoice): Buffer | undefined {
  if (body.bytes) return Buffer.from(body.bytes);
  if (body.text !== undefined) return Buffer.from(body.text, "utf8");
  return undefined;
}

function authHeaders(request: FuzzRequest, app: Credentials, marketplaceToken: string, bytes: Buffer | undefined) {
  const { auth, operation } = request;
  if (operation.auth === "public") return {};
  if (operation.auth === "bearer") {
    if (auth === "unsigned") return {};
    if (auth === "garbage") return { Authorization: "Bearer" };
    if (auth !== "signed") return { Authorization: `Bearer ${marketplaceToken}x` };
    return { Authorization: `Bearer ${marketplaceToken}` };
  }
  if (auth === "unsigned") return {};
  if (auth === "garbage") return { Authorization: `ACS-HMAC ${app.AppKey}:no-es-una-firma`, Date: new Date().toUTCString() };
  const plain = Object.fromEntries(
    Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const signed = signRequest({
    method: request.method,
    pathAndQuery: request.target,
    appKey: app.AppKey,
    appSecret: auth === "wrong-secret" ? `${app.AppSecret}x` : app.AppSecret,
    body: auth === "digest-mismatch" ? Buffer.from("{}") : bytes,
    headers: plain,
    now: auth === "stale-date" ? new Date(Date.now() - 3_600_000) : undefined,
  });
  if (auth === "digest-mismatch" && !signed.Digest) signed.Digest = "sha-256=AAAA";
  return signed;
}

export function send(request: FuzzRequest, baseUrl: string, app: Credentials, marketplaceToken: string): Promise<FuzzResponse> {
  const url = new URL(baseUrl);
  const bytes = bodyBytes(request.body);
  const headers: Record<string, string | string[]> = { ...request.headers, ...authHeaders(request, app, marketplaceToken, bytes) };
  if (bytes && !request.body.chunked) headers["Content-Length"] = String(bytes.length);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, method: request.method, path: request.target, headers, agent, maxHeaderSize: 1 << 20 },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    if (bytes && request.body.chunked) {
      const half = Math.floor(bytes.length / 2);
      outgoing.write(bytes.subarray(0, half));
      outgoing.end(bytes.subarray(half));
    } else outgoing.end(bytes);
  });
}

/** Sends every request, `concurrency` at a time; the callback sees each answer. */
export async function sendAll(
  requests: FuzzRequest[],
  concurrency: number,
  sendOne: (request: FuzzRequest) => Promise<FuzzResponse>,
  onResponse: (request: FuzzRequest, response: FuzzResponse | Error) => void,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++] as FuzzRequest;
      try {
        onResponse(request, await sendOne(request));
      } catch (error) {
        onResponse(request, error as Error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

// ── Checks ────────────────────────────────────────────────────────────────────────────────────

const GENERIC_STATUSES = new Set([401, 406, 413]);

const pathSegments = (target: string) => (target.split("?")[0] ?? "").split("/").slice(1);

/** Empty, `.` or `..` segments (also as %2E): URL normalisation sends these elsewhere (308, 404, 405). */
export function normalisedPath(target: string): boolean {
  return pathSegments(target).some((segment) => {
    const lower = segment.toLowerCase().replace(/%2e/g, ".");
    return segment === "" || lower === "." || lower === "..";
  });
}

const templateMatches = (template: string, segments: string[]) => {
  const parts = template.split("/").slice(1);
  return parts.length === segments.length && parts.every((part, index) => part.startsWith("{") || part === segments[index]);
};
const staticParts = (template: string) => template.split("/").filter((part) => !part.startsWith("{")).length;

/**
 * The operation a request reaches: its own, or, when URL normalisation removed dot segments, the one
 * the normalised path routes to (static segments win over parameters, as in Next's router).
 */
export function routedOperation(request: FuzzRequest, operations: FuzzOperation[]): FuzzOperation {
  if (!normalisedPath(request.target)) return request.operation;
  const segments = new URL(request.target, "http://fuzz.invalid").pathname.split("/").slice(1);
  const reached = operations
    .filter((operation) => operation.method === request.method && templateMatches(operation.path, segments))
    .sort((a, b) => staticParts(b.path) - staticParts(a.path));
  return reached[0] ?? request.operation;
}

/** Node's HTTP server refuses a request head over 16 KiB with 431 before any application code. */
export const headTooLarge = (request: FuzzRequest) =>
  request.target.length + Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0) >
  16_000;

/** Why a response breaks the contract, or undefined when it keeps it. */
export function violation(request: FuzzRequest, response: FuzzResponse, operations: FuzzOperation[]): string | undefined {
  const { status } = response;
  const contentType = String(response.headers["content-type"] ?? "");
  if (status >= 500) return `${status}: ${response.text.slice(0, 300)}`;
  const operation = routedOperation(request, operations);
  if (status === 431 && headTooLarge(request)) return undefined;
  if (normalisedPath(request.target) && [308, 404, 405].includes(status)) return undefined;
  const allowed =
    operation.documented.has(status) ||
    (GENERIC_STATUSES.has(status) && operation.auth !== "public") ||
    (status === 415 && operation.body !== undefined) ||
    (status === 406 && operation.auth === "public") ||
    (status === 413 && operation.auth === "public");
  if (!allowed) return `status ${status} not documented for ${operation.id}: ${response.text.slice(0, 200)}`;
  if (request.mustReject && status < 300) return `a request built to be refused was accepted (${status})`;
  if (status === 404 || status === 304) {
    return response.text === "" ? undefined : `${status} with a body: ${response.text.slice(0, 200)}`;
  }
  if (status >= 400) {
    if (contentType !== PROBLEM_CONTENT_TYPE) return `${status} with Content-Type ${contentType}`;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(response.text);
    } catch {
      return `${status} with a body that is not JSON: ${response.text.slice(0, 200)}`;
    }
    const expected = {
      Type: `https://httpstatuses.com/${status}`,
      Title: PROBLEM_TITLES[status],
      Status: status,
      Instance: request.target,
    };
    for (const [key, value] of Object.entries(expected)) {
      if (body[key] !== value) return `${status}: ${key} is ${JSON.stringify(body[key])}, expected ${JSON.stringify(value)}`;
    }
    if (typeof body.Detail !== "string" || body.Detail === "") return `${status}: Detail missing`;
    if (typeof body.Extensions !== "object" || body.Extensions === null || Array.isArray(body.Extensions))
      return `${status}: Extensions not an object`;
    const keys = Object.keys(body).sort().join(",");
    const validation = status === 400 || status === 409;
    const expectedKeys = validation
      ? "Detail,Errors,Extensions,Instance,Status,Title,Type"
      : "Detail,Extensions,Instance,Status,Title,Type";
    if (keys !== expectedKeys) return `${status}: members ${keys}, expected ${expectedKeys}`;
    if (validation) {
      const errors = body.Errors as Record<string, unknown>;
      if (typeof errors !== "object" || errors === null || Array.isArray(errors) || Object.keys(errors).length === 0)
        return `${status}: Errors empty`;
      for (const [key, messages] of Object.entries(errors)) {
        if (
          !Array.isArray(messages) ||
          messages.length === 0 ||
          messages.some((message) => typeof message !== "string" || message === "")
        ) {
          return `${status}: Errors.${key} is not a list of messages`;
        }
      }
    }
    if (status === 401 && !response.headers["www-authenticate"]) return "401 without WWW-Authenticate";
    return undefined;
  }
  // 2xx
  if (response.text === "") return undefined;
  const mediaType = contentType.split(";")[0]?.trim() ?? "";
  if (!operation.successTypes.includes(mediaType)) return `${status} with Content-Type ${contentType}`;
  // A stream of lines (decisions 0060): each line one JSON text, the last one ended.
  const texts = mediaType === LINES_TYPE ? response.text.split("\n") : [response.text];
  if (mediaType === LINES_TYPE && texts.pop() !== "") return `${status} whose last line is not ended`;
  try {
    for (const text of texts) JSON.parse(text);
  } catch {
    return `${status} with a body that is not JSON`;
  }
  return undefined;
}

/** A short, reproducible description of a request for failure messages. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body.text ?? (request.body.bytes ? `<bytes ${Buffer.from(request.body.bytes).toString("hex").slice(0, 80)}>` : "");
  const shortTarget = request.target.length > 300 ? `${request.target.slice(0, 300)}…(${request.target.length})` : request.target;
  const shortBody = body.length > 300 ? `${body.slice(0, 300)}…(${body.length})` : body;
  const headers = JSON.stringify(request.headers).slice(0, 300);
  return `${request.method} ${shortTarget} [${request.auth}] ${headers} ${shortBody}`;
}
