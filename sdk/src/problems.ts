import type { components } from "./openapi.ts";

export type ProblemDetails = components["schemas"]["ProblemDetails"];
export type ValidationProblemDetails = components["schemas"]["ValidationProblemDetails"];

/**
 * A request the API refused: `status`, and the problem it answered (ProblemDetails; with `Errors`
 * by field for a 400 or a 409). A 404 has no body: `problem` is undefined.
 */
export class VitrinaError extends Error {
  readonly status: number;
  readonly problem: ProblemDetails | ValidationProblemDetails | undefined;

  constructor(status: number, problem: ProblemDetails | ValidationProblemDetails | undefined) {
    super(problem ? `${status} ${problem.Title}: ${problem.Detail}` : `${status}: el recurso no existe para la app`);
    this.name = "VitrinaError";
    this.status = status;
    this.problem = problem;
  }

  /** The messages by field of a 400 or 409 (`_` for the request as a whole); empty otherwise. */
  get errors(): Record<string, string[]> {
    return this.problem && "Errors" in this.problem ? this.problem.Errors : {};
  }
}

/** The data of an openapi-fetch result, or a VitrinaError with its problem. */
export async function orThrow<R extends { data?: unknown; error?: unknown; response: Response }>(
  pending: Promise<R>,
): Promise<Exclude<R["data"], undefined>> {
  const result = await pending;
  // openapi-fetch gives "" as the error of a bodiless answer (a 404).
  if (!result.response.ok) throw new VitrinaError(result.response.status, (result.error || undefined) as ProblemDetails | undefined);
  return result.data as Exclude<R["data"], undefined>;
}
