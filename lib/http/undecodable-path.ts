import { validationProblem } from "@/lib/api/problem";
import { PROBLEM_CONTENT_TYPE, problemBody } from "./problem";
import { API_CSP, STATIC_HEADERS } from "./security-headers";

/**
 * A path segment no URL decoder accepts (`%G1`, a lone `%`, invalid UTF-8 such as `%C0%80`) makes
 * Next answer its own text/plain 500 before any route runs. Our HTTP server (scripts/start.ts)
 * answers such a request itself: a 400 problem naming the path as a whole, like any other bad input.
 */
export type Rejection = { status: number; headers: Record<string, string>; body: string };

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function rejectUndecodablePath(target: string): Rejection | undefined {
  const path = target.split("?", 1)[0] ?? "";
  if (decodes(path)) return undefined;
  const problem = validationProblem(
    { _: ["La ruta tiene una secuencia de escape (%) que no es UTF-8 válido."] },
    "La ruta de la solicitud no se puede decodificar.",
  );
  const headers = Object.fromEntries(STATIC_HEADERS.map(({ key, value }) => [key, value]));
  return {
    status: 400,
    headers: { ...headers, "Content-Security-Policy": API_CSP, "Content-Type": PROBLEM_CONTENT_TYPE },
    body: JSON.stringify(problemBody(problem, target)),
  };
}
