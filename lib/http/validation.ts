import { z } from "zod";
import type { FieldErrors } from "@/lib/api/problem";

z.config(z.locales.es());

/** The key of a zod issue as the client named it: `Interesado.Email`, `Items[0].Name`, or `_`. */
function keyOf(path: PropertyKey[], root?: string): string {
  const segments = root ? [root, ...path] : path;
  if (segments.length === 0) return "_";
  return segments.map((part, index) => (typeof part === "number" ? `[${part}]` : `${index === 0 ? "" : "."}${String(part)}`)).join("");
}

export function fieldErrors(error: z.ZodError, root?: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = keyOf(issue.path, root);
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return errors;
}
