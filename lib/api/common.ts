import { z } from "zod";
import { unstorableCharacter } from "@/lib/db/storable-text";
import { MAX_ANIDAMIENTO, TOPICS } from "./limites";

export const LinkSchema = z
  .object({ href: z.string(), templated: z.literal(true).optional() })
  .meta({ id: "Link", description: "Enlace relativo; templated cuando href tiene {placeholders} (RFC 6570)." });

/**
 * The `_links` of one representation (docs/contract.md#links): `self` and the relations it always has, plus
 * those it has only sometimes (`next` not on the last page), so the document tells a client which
 * may be absent. In TypeScript a map, as the service builds it.
 */
export function linksSchema(id: string, required: readonly string[] = [], optional: readonly string[] = []) {
  const shape = {
    self: LinkSchema,
    ...Object.fromEntries(required.map((relation) => [relation, LinkSchema])),
    ...Object.fromEntries(optional.map((relation) => [relation, LinkSchema.optional()])),
  };
  return z.object(shape).meta({ id }) as unknown as z.ZodType<Record<string, z.output<typeof LinkSchema>>>;
}

/** `_links` of an item or a list that links only to itself. */
export const SelfLinksSchema = linksSchema("SelfLinks");

/** An e-mail address as the API returns it (lower-cased). */
export const emailOut = () => z.string().meta({ format: "email" });

/** A date-time with its offset in the service's time zone, e.g. 2026-11-21T14:03:07-03:00 (docs/contract.md#wire-conventions). */
export const dateTimeOut = (description?: string) => z.string().meta({ format: "date-time", ...(description && { description }) });

/** A topic the service names (in TypeScript a string, as the service stores it). */
export const TopicSchema = z.string().meta({ id: "Topic", description: "Tópico de notificaciones.", override: { enum: [...TOPICS] } });

/**
 * The body a Callback receives for one kind of event (docs/contract.md#delivery): `Datos` typed per event.
 * `Id` = Notification-Hook-ID = webhook-id.
 */
export function notificacionSchema<T extends z.ZodType, E extends string, D extends z.ZodType>(
  id: string,
  topic: T,
  evento: E,
  datos: D,
  description: string,
) {
  return z
    .object({
      Id: z.string().meta({ description: "ULID; igual a Notification-Hook-ID y webhook-id; el mismo en cada reintento." }),
      Topic: topic,
      Evento: z.literal(evento),
      Momento: dateTimeOut("Fecha y hora del evento, con desplazamiento."),
      Reenvio: z.boolean().meta({ description: "true en un reenvío pedido con resendwebhook." }),
      Datos: datos,
    })
    .meta({ id, description });
}

/**
 * A member whose type the contract leaves open (decisions 0034): whatever JSON value the
 * marketplace sent, null when it sent none.
 */
export const ValorLibreSchema: z.ZodType<unknown> = z
  .union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
  .meta({
    id: "ValorLibre",
    description: `Cualquier valor JSON (o null) que envió el marketplace, con hasta ${MAX_ANIDAMIENTO} niveles anidados.`,
  });

export const RefItemSchema = z
  .object({ href: z.string(), title: z.string() })
  .meta({ id: "RefItem", description: "Forma de referencia (application/vnd.service.ref+json)." });

const problemMembers = {
  Type: z.string().meta({ example: "https://httpstatuses.com/403" }),
  Title: z.string(),
  Status: z.number().int(),
  Detail: z.string(),
  Instance: z.string(),
  Extensions: z.record(z.string(), z.unknown()),
};

export const ProblemDetailsSchema = z.object(problemMembers).meta({ id: "ProblemDetails" });

export const ValidationProblemDetailsSchema = z
  .object({
    Errors: z
      .record(z.string(), z.array(z.string()))
      .meta({ description: "Claves: nombres como los envió el cliente; `_` para la entrada completa." }),
    ...problemMembers,
  })
  .meta({ id: "ValidationProblemDetails" });

// ── Building blocks of the input schemas ──────────────────────────────────────────────────────

const UNSTORABLE_MESSAGES = {
  nul: "No puede contener el carácter nulo (U+0000).",
  surrogate: "No puede contener un sustituto UTF-16 suelto (un \\uD800–\\uDFFF sin su par).",
};

/** Why PostgreSQL could not store this text, in the API's words, or undefined. */
const unstorableMessage = (text: string) => {
  const reason = unstorableCharacter(text);
  return reason && UNSTORABLE_MESSAGES[reason];
};

/**
 * Every string the API takes from outside (path, query, body) is built from this (decisions 0019):
 * PostgreSQL stores no U+0000, in text or in jsonb, and jsonb no lone UTF-16 surrogate, so a string
 * holding one is a 400 naming the field rather than a failed statement.
 */
export const inputString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).superRefine((value, ctx) => {
    const message = unstorableMessage(value);
    // The one thing said of such a text: the field's other rules would only repeat it.
    if (message) ctx.addIssue({ code: "custom", message, continue: false });
  });

/** What is wrong with a free-form value, if anything. Iterative: no nesting overflows the stack. */
function freeJsonProblem(value: unknown): string | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === "string" && unstorableMessage(visit.value)) return unstorableMessage(visit.value);
    if (visit.value === null || typeof visit.value !== "object") continue;
    if (visit.depth === MAX_ANIDAMIENTO) return `No puede anidar más de ${MAX_ANIDAMIENTO} niveles de objetos o listas.`;
    for (const [key, member] of Object.entries(visit.value)) {
      if (unstorableCharacter(key))
        return "Los nombres de miembro no pueden contener el carácter nulo (U+0000) ni sustitutos UTF-16 sueltos.";
      pending.push({ value: member, depth: visit.depth + 1 });
    }
  }
  return undefined;
}

export const FREE_JSON_DESCRIPTION = `Cualquier valor JSON o null, con hasta ${MAX_ANIDAMIENTO} niveles de objetos o listas anidados.`;

/**
 * A member whose type the contract leaves open: any JSON value up to MAX_ANIDAMIENTO levels deep
 * (deeper ones would overflow the stack of whatever serialises them), no U+0000 nor lone surrogate;
 * null when absent.
 */
export const freeJson = () =>
  z
    .unknown()
    .optional()
    .superRefine((value, ctx) => {
      const problem = freeJsonProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .transform((value) => value ?? null)
    .meta({ description: FREE_JSON_DESCRIPTION });
