import { z } from "zod";

export const LinkSchema = z
  .object({ href: z.string(), templated: z.literal(true).optional() })
  .meta({ id: "Link", description: "Enlace relativo; templated cuando href tiene {placeholders} (RFC 6570)." });

export const LinksSchema = z.record(z.string(), LinkSchema).meta({ id: "Links" });

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
