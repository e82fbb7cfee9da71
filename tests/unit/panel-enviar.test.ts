import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTranslator } from "next-intl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorDelPanel, enviar, explicar, SESION_TERMINADA, SIN_CONEXION, unaLinea } from "@/components/panel/enviar";
import { camposDe, repartirErrores } from "@/components/panel/formulario";
import { MENSAJES } from "@/lib/panel/i18n/mensajes";
import { leerProblema } from "@/lib/panel/problema";

/**
 * The Panel's one browser sender, its one problem type and the form hook's sorting of a refusal, against
 * a real HTTP server on loopback that answers like the Panel's route handlers (and like what is not one:
 * the sign-in page after a lost session, Next's HTML 403, a closed port).
 */

const respuestas: Record<string, { status: number; type?: string; body?: string; location?: string }> = {
  "/ok": { status: 200, type: "application/json", body: JSON.stringify({ AdminMail: "a@b.com" }) },
  "/vacio": { status: 204 },
  "/rechazo": {
    status: 400,
    type: "application/json",
    body: JSON.stringify({
      Title: "Revisá los datos",
      Status: 400,
      Errors: { Email: ["Ya está en uso."], _: ["Nada cambió."], Rol: "no es una lista" },
    }),
  },
  "/conflicto": { status: 409, type: "application/problem+json", body: JSON.stringify({ Title: "Conflicto", Detail: "Ya existe." }) },
  "/prohibido": { status: 403, type: "text/html", body: "<html>403</html>" },
  "/no-esta": { status: 404, type: "text/html", body: "<html>404</html>" },
  "/sesion": { status: 307, location: "/ingresar?next=/panel" },
  "/ingresar": { status: 200, type: "text/html", body: "<html>Ingresá al panel</html>" },
  "/roto": { status: 502, type: "application/json", body: "{no es json" },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0] ?? "";
    const answer = respuestas[path] ?? { status: 500 };
    response.writeHead(answer.status, {
      ...(answer.type && { "Content-Type": answer.type }),
      ...(answer.location && { Location: answer.location }),
    });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const fallo = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable("se esperaba un ErrorDelPanel"),
    (error: unknown) => error,
  );

const es = createTranslator({ locale: "es-AR", messages: MENSAJES["es-AR"], namespace: "envio" });
const en = createTranslator({ locale: "en", messages: MENSAJES.en, namespace: "envio" });

describe("enviar, the Panel's one browser sender", () => {
  it("answers the JSON of a 2xx, nothing for a 204, and sends JSON bodies", async () => {
    expect(await enviar(`${base}/ok`, "POST", { AdminMail: "a@b.com" })).toEqual({ AdminMail: "a@b.com" });
    expect(await enviar(`${base}/vacio`, "DELETE")).toBeUndefined();
  });

  it("throws the route handler's problem as it sent it, its field errors checked one by one", async () => {
    const error = await fallo(enviar(`${base}/rechazo`, "POST", {}));
    expect(error).toBeInstanceOf(ErrorDelPanel);
    expect((error as ErrorDelPanel).status).toBe(400);
    expect((error as ErrorDelPanel).problema).toEqual({
      Title: "Revisá los datos",
      Status: 400,
      Errors: { Email: ["Ya está en uso."], _: ["Nada cambió."] },
    });
  });

  it("throws the bare status when the answer is no problem: a closed port, a lost session, Next's HTML pages", async () => {
    const cerrado = createServer();
    await new Promise<void>((resolve) => cerrado.listen(0, "127.0.0.1", resolve));
    const puerto = (cerrado.address() as AddressInfo).port;
    await new Promise<void>((resolve) => cerrado.close(() => resolve()));

    const estados = await Promise.all(
      [`http://127.0.0.1:${puerto}/x`, `${base}/sesion`, `${base}/prohibido`, `${base}/no-esta`, `${base}/roto`].map(async (url) => {
        const error = (await fallo(enviar(url, "POST", {}))) as ErrorDelPanel;
        return [error.status, error.problema];
      }),
    );
    expect(estados).toEqual([
      [SIN_CONEXION, undefined],
      [SESION_TERMINADA, undefined],
      [403, undefined],
      [404, undefined],
      [502, undefined],
    ]);
  });
});

describe("explicar: a failure in the user's words", () => {
  it("keeps the problem's Title and Detail, which are the API's or the route handler's own", async () => {
    const error = await fallo(enviar(`${base}/conflicto`, "PUT", {}));
    expect(explicar(error, es)).toEqual({ titulo: "Conflicto", detalle: "Ya existe." });
    expect(unaLinea(explicar(error, en))).toBe("Conflicto: Ya existe.");
  });

  it("says in the Panel's words what a bare status means, in Spanish and in English", () => {
    expect(explicar(new ErrorDelPanel(SIN_CONEXION), es).titulo).toMatch(/^No pudimos conectarnos con el panel/);
    expect(explicar(new ErrorDelPanel(SESION_TERMINADA), en).titulo).toMatch(/^Your session ended/);
    expect(explicar(new ErrorDelPanel(403), es).titulo).toBe(es("prohibido"));
    expect(explicar(new ErrorDelPanel(404), es).titulo).toBe(es("noEncontrado"));
    expect(explicar(new ErrorDelPanel(404), es, "La persona no es parte del equipo.").titulo).toBe("La persona no es parte del equipo.");
    expect(explicar(new ErrorDelPanel(418), en).titulo).toBe("Error 418");
    expect(explicar(new TypeError("x"), es).titulo).toBe(es("inesperado"));
    expect(unaLinea({ titulo: "Solo título" })).toBe("Solo título");
  });
});

describe("leerProblema", () => {
  it("takes only a body with a Title, and of it only the fields of the right type", () => {
    expect(leerProblema(400, { Title: "Mal", Detail: 3, Errors: ["x"], Type: "about:blank", Instance: 7 })).toEqual({
      Title: "Mal",
      Status: 400,
      Type: "about:blank",
    });
    expect(leerProblema(409, { Title: "Conflicto", Status: 200 })?.Status).toBe(409);
    for (const body of [null, undefined, "texto", 4, [], { Detail: "sin título" }, { Title: 5 }])
      expect(leerProblema(500, body)).toBeUndefined();
  });
});

describe("the form hook's sorting of a refusal", () => {
  it("puts each message under its field, joined, and the rest (and `_`) aside for the general alert", async () => {
    const error = await fallo(enviar(`${base}/rechazo`, "POST", {}));
    const { porCampo, otros } = repartirErrores(error, camposDe(["Email", "Nombre"] as const));
    expect(Object.fromEntries(porCampo)).toEqual({ Email: "Ya está en uso." });
    expect(otros).toEqual(["Nada cambió."]);
  });

  it("maps the API's keys to the form's fields with the form's own function, and has nothing to sort for other failures", () => {
    const problema = { Title: "Revisá", Status: 400, Errors: { "HeaderCustom02.Value": ["Muy largo."], Callback: ["No es https."] } };
    const campoDe = (clave: string) => ({ Callback: "callback", "HeaderCustom02.Value": "headers.1.valor" })[clave];
    const { porCampo } = repartirErrores(new ErrorDelPanel(400, problema), campoDe);
    expect(Object.fromEntries(porCampo)).toEqual({ callback: "No es https.", "headers.1.valor": "Muy largo." });
    expect(repartirErrores(new TypeError("x"), campoDe)).toEqual({ porCampo: new Map(), otros: [] });
  });
});
