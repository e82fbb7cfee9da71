import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { areasFor, safeNext } from "@/lib/panel/areas";
import { clientIp } from "@/lib/panel/auth";
import { stampRequest } from "@/lib/raw-target";

describe("panel areas (docs/contract.md#dashboard-roles)", () => {
  it("shows each role only its sections", () => {
    const hrefs = (role: "admin" | "soporte" | "agencia") => areasFor(role).map((area) => area.href);
    expect(hrefs("admin")).toEqual([
      "/panel/agencias",
      "/panel/notificaciones",
      "/panel/consultas",
      "/panel/publicaciones",
      "/panel/alertas",
      "/panel/equipo",
      "/panel/conexion",
    ]);
    expect(hrefs("soporte")).toEqual([
      "/panel/agencias",
      "/panel/notificaciones",
      "/panel/consultas",
      "/panel/publicaciones",
      "/panel/alertas",
    ]);
    expect(hrefs("agencia")).toEqual(["/panel/consultas", "/panel/publicaciones", "/panel/paquete", "/panel/alertas"]);
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

  it("throttles sign-ins by the address our HTTP server stamped, never by a header the client wrote", () => {
    const stamped = (address: string, extra: IncomingHttpHeaders = {}) => {
      const headers: IncomingHttpHeaders = { ...extra };
      stampRequest(headers, "/api/auth/callback/credentials", address);
      return headers as Record<string, string>;
    };
    expect(clientIp(stamped("198.51.100.7"))).toBe("198.51.100.7");
    // A forged hop changes nothing: the stamp is the client address our server worked out.
    expect(clientIp(stamped("198.51.100.7", { "x-forwarded-for": "203.0.113.1, 10.0.0.2" }))).toBe("198.51.100.7");
    // Without the stamp (or with one a client wrote, lacking the process's token) there is no address.
    expect(clientIp({ "x-forwarded-for": "203.0.113.1" })).toBeUndefined();
    expect(clientIp({ "x-vitrina-client-address": "forjado 203.0.113.1" })).toBeUndefined();
    expect(clientIp({})).toBeUndefined();
    expect(clientIp(undefined)).toBeUndefined();
  });
});
