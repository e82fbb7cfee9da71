import { describe, expect, it } from "vitest";
import { areasFor, homeFor, safeNext } from "@/lib/panel/areas";
import { clientIp } from "@/lib/panel/auth";

describe("panel areas (decisions §12)", () => {
  it("shows each role only its sections", () => {
    const hrefs = (role: "admin" | "soporte" | "agencia") => areasFor(role).map((area) => area.href);
    expect(hrefs("admin")).toEqual(["/panel/agencias", "/panel/notificaciones", "/panel/consultas", "/panel/equipo", "/panel/conexion"]);
    expect(hrefs("soporte")).toEqual(["/panel/agencias", "/panel/notificaciones", "/panel/consultas"]);
    expect(hrefs("agencia")).toEqual(["/panel/consultas", "/panel/paquete"]);
    expect(homeFor("agencia")).toBe("/panel/consultas");
    expect(homeFor("soporte")).toBe("/panel");
  });

  it("returns only to paths of the panel after signing in", () => {
    expect(safeNext("/panel/consultas?pagina=2")).toBe("/panel/consultas?pagina=2");
    expect(safeNext("/panel")).toBe("/panel");
    for (const unsafe of [
      "https://evil.example/panel",
      "//evil.example/panel",
      "/panelx",
      "/v3/agencias",
      "/panel\\..\\x",
      "",
      null,
      undefined,
    ]) {
      expect(safeNext(unsafe)).toBe("/panel");
    }
  });

  it("takes the nearest hop of X-Forwarded-For as the client address", () => {
    expect(clientIp({ "x-forwarded-for": "198.51.100.1, 10.0.0.2" })).toBe("10.0.0.2");
    expect(clientIp({ "x-forwarded-for": "::ffff:127.0.0.1" })).toBe("127.0.0.1");
    expect(clientIp({})).toBeUndefined();
    expect(clientIp(undefined)).toBeUndefined();
  });
});
