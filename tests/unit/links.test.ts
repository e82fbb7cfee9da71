import { describe, expect, it } from "vitest";
import { link, segment, withQuery } from "@/lib/api/links";

describe("links", () => {
  it("encodes a path segment and keeps every @ of an e-mail", () => {
    expect(segment("ventas@autosdelplata.com.ar")).toBe("ventas@autosdelplata.com.ar");
    expect(segment("a@b@c")).toBe("a@b@c");
    expect(segment("a b/c?d#e%f")).toBe("a%20b%2Fc%3Fd%23e%25f");
    expect(segment("josé@ñandú.com")).toBe("jos%C3%A9@%C3%B1and%C3%BA.com");
    expect(segment(42)).toBe("42");
  });

  it("marks templated hrefs and leaves out empty query values", () => {
    expect(link("/v3/consultas/x/{sid}")).toEqual({ href: "/v3/consultas/x/{sid}", templated: true });
    expect(link("/v3/agencias")).toEqual({ href: "/v3/agencias" });
    expect(withQuery("/v3/consultas/x", { operador: "a@b.com", desde: "", pagina: 2, hasta: undefined })).toBe(
      "/v3/consultas/x?operador=a%40b.com&pagina=2",
    );
  });
});
