import { readFileSync } from "node:fs";
import { globSync } from "tinyglobby";
import { expect, it } from "vitest";

/**
 * One name per operation (issue 30, part 2; decision 0076): where one service function is the
 * operation, a v3 handler calls it by the operation's operationId. Read from the route files: each
 * `handle(<operationId>Op, …)` and the functions its handler calls.
 */

/** Handlers that compose the operation themselves from shared pieces, so no one function is it. */
const COMPOSED = new Set([
  // The catalogue's reference data: a row found or matched by shared finders, presented in the route.
  ...["Carroceria", "Ciudad", "Color", "Marca", "Modelo", "Region"].map((name) => `get${name}`),
  ...["Carroceria", "Ciudad", "Marca", "Modelo"].map((name) => `bestMatch${name}`),
  // No service behind them: the home's links and the document.
  "getHome",
  "getOpenApi",
]);

type Handler = { file: string; operationId: string; called: string[] };

function handlers(): Handler[] {
  return globSync("app/v3/**/route.ts").flatMap((file) => {
    // "…handle(listConsultasOp, <handler>…handle(<next>Op, …" splits into [before, id, handler, id, handler…].
    const [, ...parts] = readFileSync(file, "utf8").split(/handle\((\w+)Op,/);
    const found: Handler[] = [];
    for (let index = 0; index < parts.length; index += 2) {
      const called = [...(parts[index + 1] ?? "").matchAll(/\b(\w+)\(/g)].map(([, name]) => name as string);
      found.push({ file, operationId: parts[index] as string, called });
    }
    return found;
  });
}

it("a v3 handler calls the service function named by its operationId", () => {
  const found = handlers();
  expect(found.length).toBeGreaterThan(40);
  const misnamed = found
    .filter(({ operationId }) => !COMPOSED.has(operationId))
    .filter(({ operationId, called }) => !called.includes(operationId))
    .map(({ file, operationId, called }) => `${file}: ${operationId} calls ${called.join(", ") || "nothing"}`);
  expect(misnamed).toEqual([]);
});
