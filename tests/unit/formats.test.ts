import { createFormatter } from "next-intl";
import { describe, expect, it } from "vitest";
import { FORMATOS, formatearFechaHora } from "@/lib/formats";
import { dia, dinero, duracion, fechaHora, numero, relativo } from "@/lib/panel/formatos";
import { invitationMail } from "@/lib/service/agencias/invitation-mail";

/**
 * One style per kind of value (lib/formats.ts), the same in the Panel (next-intl's formatter with
 * FORMATOS), in the service's e-mails and in the CSV (formatearFechaHora).
 */

const BUENOS_AIRES = "America/Argentina/Buenos_Aires";
// 17:09 UTC is 14:09 in Buenos Aires (UTC−3, no daylight saving time).
const MOMENTO = new Date("2026-11-25T17:09:05Z");

const formateador = (locale: "es-AR" | "en", timeZone = BUENOS_AIRES) => createFormatter({ locale, timeZone, formats: FORMATOS });

describe("the one date-time style", () => {
  it("is a date and a 24-hour time with a space, never a comma nor a.m./p.m., in the given time zone", () => {
    expect(formatearFechaHora(MOMENTO, BUENOS_AIRES)).toBe("25/11/2026 14:09");
    expect(formatearFechaHora(MOMENTO, BUENOS_AIRES, "en")).toBe("11/25/2026 14:09");
    expect(formatearFechaHora(MOMENTO, "Europe/Madrid")).toBe("25/11/2026 18:09");
    expect(formatearFechaHora(new Date("2026-11-25T02:05:00Z"), BUENOS_AIRES)).toBe("24/11/2026 23:05");
  });

  it("reads the same in the Panel as in the e-mails and the CSV", () => {
    for (const locale of ["es-AR", "en"] as const) {
      expect(fechaHora(formateador(locale), MOMENTO.toISOString())).toBe(formatearFechaHora(MOMENTO, BUENOS_AIRES, locale));
    }
    expect(fechaHora(formateador("es-AR"), "2026-11-25T14:09:05-03:00")).toBe("25/11/2026 14:09");
    expect(fechaHora(formateador("es-AR"), null)).toBe("—");
    expect(fechaHora(formateador("es-AR"), "no es una fecha")).toBe("no es una fecha");
  });
});

describe("the Panel's other kinds of value", () => {
  const f = formateador("es-AR");

  it("writes a calendar day as the same day in every time zone", () => {
    expect(dia(f, "2026-01-31")).toBe("31/01/2026");
    expect(dia(formateador("en", "Pacific/Kiritimati"), "2026-01-31")).toBe("01/31/2026");
    expect(dia(f, "31/01/2026")).toBe("31/01/2026");
  });

  it("writes money in its currency, without cents when there are none, never broken after the symbol", () => {
    const NBSP = "\u00a0";
    expect(dinero(f, { Moneda: "ARS", Importe: 1234567 })).toBe(`$${NBSP}1.234.567`);
    expect(dinero(f, { Moneda: "ARS", Importe: 21500.5 })).toBe(`$${NBSP}21.500,50`);
    expect(dinero(f, { Moneda: "USD", Importe: 18000 })).toBe(`US$${NBSP}18.000`);
    expect(dinero(formateador("en"), { Moneda: "ARS", Importe: 1234567 })).toBe(`ARS${NBSP}1,234,567`);
    expect(dinero(f, { Moneda: "pesos", Importe: 1500 })).toBe("pesos 1.500");
    expect(dinero(f, null)).toBe("—");
  });

  it("writes numbers with the language's separators", () => {
    expect(numero(f, 1234567.5)).toBe("1.234.567,5");
    expect(numero(formateador("en"), 1234567.5)).toBe("1,234,567.5");
  });

  it("says how long ago in words, never a bare letter: three months are not 'hace 3 m' (issue 34, part 2)", () => {
    expect(relativo(f, new Date(MOMENTO.getTime() - 5 * 60_000), MOMENTO)).toBe("hace 5 minutos");
    expect(relativo(f, new Date(MOMENTO.getTime() - 92 * 86_400_000), MOMENTO)).toBe("hace 3 meses");
    expect(relativo(formateador("en"), new Date(MOMENTO.getTime() + 3 * 3_600_000), MOMENTO)).toBe("in 3 hours");
  });

  it("writes a wait in its two largest whole units: never '2,9 h', which reads as a clock time", () => {
    const NBSP = "\u00a0";
    const sinEspacios = (texto: string) => texto.replaceAll(NBSP, " ");
    expect(sinEspacios(duracion(f, 12.4))).toBe("12 min");
    expect(sinEspacios(duracion(f, 174))).toBe("2 h 54 min");
    expect(sinEspacios(duracion(f, 120))).toBe("2 h");
    expect(sinEspacios(duracion(f, 59.6))).toBe("1 h");
    expect(sinEspacios(duracion(f, 3 * 1440 + 4 * 60 + 10))).toBe("3 días 4 h");
    expect(sinEspacios(duracion(f, 2 * 1440))).toBe("2 días");
    expect(sinEspacios(duracion(f, -3))).toBe("0 min");
    expect(sinEspacios(duracion(formateador("en"), 174))).toBe("2 hr 54 min");
    expect(duracion(f, 174)).not.toMatch(/,/);
  });
});

describe("the invitation e-mail", () => {
  it("says when the link expires in the one date-time style, kept on one line in the HTML", () => {
    const mail = invitationMail({
      to: "a@b.com",
      appName: "Autos",
      nombre: null,
      link: "https://x/registro/t",
      vence: MOMENTO,
      timeZone: BUENOS_AIRES,
    });
    expect(mail.text).toContain("vence el 25/11/2026 14:09.");
    expect(mail.html).toContain('vence el <span style="white-space:nowrap">25/11/2026 14:09</span>.');
    expect(`${mail.text}${mail.html}`).not.toMatch(/[ap]\. ?m\./);
  });
});
