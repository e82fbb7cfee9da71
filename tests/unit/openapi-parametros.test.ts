import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";

type Parameter = { name: string; in: string; schema?: unknown };
type Operation = { operationId?: string; parameters?: Parameter[] };
type PathItem = Record<string, Operation | Parameter[]>;

const document = buildOpenApiDocument("http://localhost") as unknown as { paths: Record<string, PathItem> };

/** Each operation's path parameters as a client reads them: its own, else the path item's. */
function pathParameters(): { path: string; operationId: string; name: string; schema: unknown }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([key]) => key !== "parameters")
      .flatMap(([, value]) => {
        const operation = value as Operation;
        const declared = [...(operation.parameters ?? []), ...((item.parameters as Parameter[] | undefined) ?? [])].filter(
          (parameter) => parameter.in === "path",
        );
        return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
          path,
          operationId: operation.operationId ?? "",
          name: name as string,
          schema: declared.find((parameter) => parameter.name === name)?.schema,
        }));
      }),
  );
}

describe("the OpenAPI document's path parameters (issue 29 (item 8))", () => {
  it("declares each parameter of a path with one schema in all its operations, OPTIONS included", () => {
    for (const [path] of Object.entries(document.paths)) {
      const byName = new Map<string, unknown>();
      for (const parameter of pathParameters().filter((each) => each.path === path)) {
        expect(parameter.schema, `${parameter.operationId} {${parameter.name}}`).toBeDefined();
        if (!byName.has(parameter.name)) byName.set(parameter.name, parameter.schema);
        expect(parameter.schema, `${parameter.operationId} {${parameter.name}}`).toEqual(byName.get(parameter.name));
      }
    }
  });

  it("gives a name one schema wherever it appears (an `id` names a catalogue item or a notification)", () => {
    const parameters = pathParameters().filter((parameter) => parameter.name !== "id");
    for (const parameter of parameters) {
      const first = parameters.find((each) => each.name === parameter.name);
      expect(parameter.schema, `${parameter.operationId} {${parameter.name}}`).toEqual(first?.schema);
    }
    const adminMail = parameters.find((parameter) => parameter.name === "adminMail")?.schema;
    expect(adminMail).toMatchObject({ type: "string", format: "email" });
    expect(parameters.find((parameter) => parameter.name === "topic")?.schema).toMatchObject({
      enum: ["agencias", "consultas", "publicaciones"],
    });
  });
});
