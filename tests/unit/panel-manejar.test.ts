import { describe, expect, it } from "vitest";
import { traductorDe } from "@/lib/panel/i18n/mensajes";
import { respuestaDeFalla } from "@/lib/panel/manejar";
import { V3Error } from "@/lib/panel/v3-client";

/** How every Panel route handler that calls the API answers the browser when the call fails. */

const t = traductorDe("es-AR");
const falla = (Status: number, extra: Record<string, unknown> = {}) => new V3Error({ Title: "De la API", Status, ...extra });
const leer = async (response: Response) => ({
  status: response.status,
  body: await response.json(),
  cache: response.headers.get("cache-control"),
});

describe("respuestaDeFalla", () => {
  it("passes the API's refusals of the request through, with their field errors", async () => {
    for (const status of [400, 403, 404, 409, 422, 429]) {
      const { status: dado, body, cache } = await leer(respuestaDeFalla(falla(status, { Errors: { Callback: ["No es https."] } }), t));
      expect(dado).toBe(status);
      expect(body).toEqual({ Title: "De la API", Status: status, Errors: { Callback: ["No es https."] } });
      expect(cache).toBe("no-store");
    }
  });

  it("says a bare 404 in the screen's words when it has some", async () => {
    const { status, body } = await leer(respuestaDeFalla(falla(404), t, "La agencia ya no existe para esta app."));
    expect(status).toBe(404);
    expect(body).toEqual({ Title: t("respuestas.noEncontrado"), Status: 404, Detail: "La agencia ya no existe para esta app." });
  });

  it("answers 502 in the Panel's words when the API is out of reach, refuses the workspace's credentials or fails", async () => {
    expect((await leer(respuestaDeFalla(falla(0), t))).body).toEqual({
      Title: t("respuestas.sinConexion"),
      Status: 502,
      Detail: t("respuestas.sinConexionDetalle"),
    });
    for (const status of [401, 500, 503]) {
      const { status: dado, body } = await leer(respuestaDeFalla(falla(status, { Detail: "motivo" }), t));
      expect(dado).toBe(502);
      expect(body).toEqual({ Title: t("respuestas.errorDeLaApi"), Status: 502, Detail: "motivo" });
    }
  });

  it("answers 500 without details for anything that is not a failed API call", async () => {
    const { status, body } = await leer(respuestaDeFalla(new TypeError("secreto interno"), t));
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toContain("secreto interno");
  });
});
