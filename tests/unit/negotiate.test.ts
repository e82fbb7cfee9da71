import { describe, expect, it } from "vitest";
import { isJsonContentType, negotiate } from "@/lib/http/negotiate";

describe("negotiate", () => {
  it.each([
    [null, true, "application/json", "entry"],
    ["", true, "application/json", "entry"],
    ["*/*", true, "application/json", "entry"],
    ["application/*", false, "application/json", "entry"],
    ["text/json", false, "text/json", "entry"],
    ["application/vnd.service.ref+json", true, "application/vnd.service.ref+json", "ref"],
    ["application/vnd.service.ref+json, application/json;q=0.5", false, "application/json", "entry"],
    ["application/json;q=0.5, application/vnd.service.ref+json", true, "application/vnd.service.ref+json", "ref"],
    ["application/vnd.service.entry+json;q=0.9, */*;q=0.1", true, "application/vnd.service.entry+json", "entry"],
    ["text/html, application/json; charset=utf-8", false, "application/json", "entry"],
  ])("Accept %j (ref offered: %s) → %s", (accept, offersRef, mediaType, form) => {
    expect(negotiate(accept, offersRef)).toEqual({ mediaType, form });
  });

  it.each([["application/xml"], ["application/vnd.service.ref+json"], ["application/json;q=0, text/json;q=0"], ["*/*;q=0"]])(
    "refuses %j without a Ref form",
    (accept) => {
      expect(negotiate(accept, false)).toBeUndefined();
    },
  );

  it("recognises JSON request bodies", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Text/JSON; charset=utf-8")).toBe(true);
    expect(isJsonContentType("application/x-www-form-urlencoded")).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });
});
