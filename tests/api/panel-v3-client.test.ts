import { describe, expect, it } from "vitest";
import { crearClienteV3, esEstadoV3, V3Error } from "@/lib/panel/v3-client";
import { createApp, server } from "../support/client";

/** The Panel's v3 client against the real service: its signatures are accepted, its errors typed. */
describe("Panel v3 client", () => {
  it("signs requests the service accepts, queries with e-mails and spaces included", async () => {
    const app = await createApp("App del panel");
    const client = crearClienteV3({ apiBaseUrl: `${server().baseUrl}/`, appKey: app.AppKey, appSecret: app.AppSecret });
    const regiones = await client.listRegiones();
    expect(regiones._entries.length).toBeGreaterThan(0);
    const ciudad = await client.bestMatchCiudad({ state: "cordoba", city: "villa maria" });
    expect(ciudad.Nombre).toMatch(/Villa Mar[ií]a/);
    const agencias = await client.listAgencias({ operador: "nadie+panel@ejemplo.com" });
    expect(agencias._entries).toEqual([]);
    expect((await client.listAppNotificaciones())._entries.length).toBeGreaterThan(0);
  });

  it("carries the ProblemDetails of a refusal", async () => {
    const app = await createApp("App del panel, errores");
    const client = crearClienteV3({ apiBaseUrl: server().baseUrl, appKey: app.AppKey, appSecret: app.AppSecret });
    const invalid = await client.inviteAgencia({ AdminMail: "no-es-un-mail" }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(V3Error);
    expect((invalid as V3Error).problem.Status).toBe(400);
    expect((invalid as V3Error).problem.Errors?.AdminMail?.length).toBeGreaterThan(0);
    expect(esEstadoV3(await client.getAgencia("nadie@ejemplo.com").catch((error: unknown) => error), 404)).toBe(true);

    const wrongSecret = crearClienteV3({ apiBaseUrl: server().baseUrl, appKey: app.AppKey, appSecret: "otro-secreto" });
    const refused = await wrongSecret.listRegiones().catch((error: unknown) => error);
    expect(esEstadoV3(refused, 401)).toBe(true);
  });
});
