/**
 * The failures the contract documents, as values: a domain throws a Problem (or NotFound) and the
 * v3 kernel answers it as problem details (lib/http/problem.ts renders the body).
 */
export const PROBLEM_TITLES: Record<number, string> = {
  400: "Validación de información esperada fallida",
  401: "No autorizado",
  403: "Operación prohibida",
  406: "Representación no disponible",
  409: "Entidad duplicada",
  410: "Recurso no disponible",
  413: "Contenido demasiado grande",
  415: "Tipo de contenido no soportado",
  429: "Demasiadas solicitudes",
  500: "Error interno",
  503: "Servicio no disponible",
};

export type FieldErrors = Record<string, string[]>;

/** An expected failure: thrown anywhere below a handler, answered as problem details. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldErrors,
    readonly headers: Record<string, string> = {},
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export function validationProblem(errors: FieldErrors, detail = "Uno o más valores no son válidos."): Problem {
  return new Problem(400, detail, errors);
}

export function fieldProblem(field: string, message: string): Problem {
  return validationProblem({ [field]: [message] });
}

export function conflictProblem(errors: FieldErrors, detail: string): Problem {
  return new Problem(409, detail, errors);
}

export function forbiddenProblem(detail: string): Problem {
  return new Problem(403, detail);
}

export function unauthorizedProblem(detail: string): Problem {
  return new Problem(401, detail, undefined, { "WWW-Authenticate": "ACS-HMAC" });
}

/** 404 has no body (docs/contract.md#errors). */
export class NotFound extends Error {}
