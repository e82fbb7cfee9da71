/**
 * The Panel's one problem type: what the v3 API answers when it refuses (ProblemDetails, docs/contract.md#errors)
 * and what the Panel's own route handlers answer, in the same shape, so the browser reads one thing.
 * `Errors` holds messages by field (ValidationProblemDetails), "_" for the whole request.
 */
export type Problema = {
  Title: string;
  Status: number;
  Detail?: string;
  Errors?: Record<string, string[]>;
  Type?: string;
  Instance?: string;
  /** What the problem carries beside its words (a refused activation's package and its use). */
  Extensions?: Record<string, unknown>;
};

const esTexto = (value: unknown): value is string => typeof value === "string";
const esObjeto = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === "object" && !Array.isArray(value);

function erroresDe(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const errores = Object.entries(value).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every(esTexto));
  return errores.length ? Object.fromEntries(errores) : undefined;
}

/**
 * The problem in an answer's body, its fields checked one by one (a body that is no problem, or an
 * ill-formed field, is left out rather than trusted). Undefined when the body has no Title: the
 * caller then says in its own words what the status means.
 */
export function leerProblema(status: number, body: unknown): Problema | undefined {
  if (!body || typeof body !== "object") return undefined;
  const { Title, Detail, Errors, Type, Instance, Extensions } = body as Record<string, unknown>;
  if (!esTexto(Title)) return undefined;
  const errores = erroresDe(Errors);
  return {
    Title,
    Status: status,
    ...(esTexto(Detail) && { Detail }),
    ...(errores && { Errors: errores }),
    ...(esTexto(Type) && { Type }),
    ...(esTexto(Instance) && { Instance }),
    ...(esObjeto(Extensions) && { Extensions }),
  };
}
