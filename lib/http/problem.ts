import { PROBLEM_TITLES, type Problem } from "@/lib/api/problem";

export function problemBody(problem: Problem, instance: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (problem.errors) body.Errors = problem.errors;
  return {
    ...body,
    Type: `https://httpstatuses.com/${problem.status}`,
    Title: PROBLEM_TITLES[problem.status] ?? "Error",
    Status: problem.status,
    Detail: problem.detail,
    Instance: instance,
    Extensions: problem.extensions,
  };
}

export const PROBLEM_CONTENT_TYPE = "application/problem+json; charset=utf-8";
