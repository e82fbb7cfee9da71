import { expect, it } from "vitest";
import { ESTADOS_ENTREGA } from "@/lib/api/limites";
import { buildOpenApiDocument } from "@/lib/api/openapi";

type Schema = { enum?: string[]; properties?: Record<string, { $ref?: string }> };

const { components } = buildOpenApiDocument("http://localhost") as unknown as { components: { schemas: Record<string, Schema> } };

/** Issue 30 (part 2), decision 0076: a delivery's state is a type of the document, not free text. */
it("a delivery's Estado is the document's EstadoEntrega, an enum of the states the service stores", () => {
  expect(components.schemas.EstadoEntrega?.enum).toEqual([...ESTADOS_ENTREGA]);
  const saidBy = Object.entries(components.schemas)
    .filter(([, schema]) => schema.properties?.Estado?.$ref === "#/components/schemas/EstadoEntrega")
    .map(([name]) => name);
  expect(saidBy.sort()).toEqual(["Entrega", "NotificacionDeConsulta"]);
});
