import { describe, expect, it } from "vitest";
import { digitosInternacionales, enlaceEmail, enlaceTelefono, enlaceWhatsApp } from "@/lib/contacto";

/** The buyer's contact links of the inbox (issue 21, item 2; decisions 0046). */
describe("the buyer's contact links", () => {
  it("an international number keeps its country; an Argentine one without the mobile 9 gets it", () => {
    expect(digitosInternacionales("+54 9 351 555-0101")).toBe("5493515550101");
    expect(digitosInternacionales("+54 11 4444-0103")).toBe("5491144440103");
    expect(digitosInternacionales("+1 (415) 555-0100")).toBe("14155550100");
    expect(digitosInternacionales("0034 612 345 678")).toBe("34612345678");
  });

  it("a national number loses its trunk 0 and the 15 after the area code, and gains 54 9", () => {
    expect(digitosInternacionales("0351 15-555-0102")).toBe("5493515550102");
    expect(digitosInternacionales("011 15 4444 0103")).toBe("5491144440103");
    expect(digitosInternacionales("(0351) 555-0102")).toBe("5493515550102");
    expect(digitosInternacionales("351 5550102")).toBe("5493515550102");
  });

  it("no link without a number WhatsApp can reach", () => {
    expect(digitosInternacionales(null)).toBeNull();
    expect(digitosInternacionales("")).toBeNull();
    expect(digitosInternacionales("+54 12")).toBeNull();
    expect(enlaceWhatsApp("12-34", "hola")).toBeNull();
  });

  it("mailto: carries a subject, tel: the digits, wa.me the first line, all encoded", () => {
    expect(enlaceEmail("ana@example.com", "Tu consulta por el Toyota Corolla (2020)")).toBe(
      "mailto:ana@example.com?subject=Tu%20consulta%20por%20el%20Toyota%20Corolla%20(2020)",
    );
    expect(enlaceTelefono("+54 9 351 555-0101")).toBe("tel:+5493515550101");
    expect(enlaceTelefono("0351 15-555-0102")).toBe("tel:0351155550102");
    expect(enlaceWhatsApp("+54 9 351 555-0101", "Hola Ana, ¿seguís interesada en el Corolla?")).toBe(
      "https://wa.me/5493515550101?text=Hola%20Ana%2C%20%C2%BFsegu%C3%ADs%20interesada%20en%20el%20Corolla%3F",
    );
  });
});
