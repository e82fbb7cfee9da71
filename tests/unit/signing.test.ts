import { describe, expect, it } from "vitest";
import { canonicalString, sha256Digest, signCanonical, signRequest } from "@/lib/http/signing";

describe("ACS-HMAC signing (docs/contract.md#authentication)", () => {
  it("reproduces the contract's test vector", () => {
    const canonical = canonicalString({
      method: "get",
      pathAndQuery: "/v3/marcas?q=fer",
      headers: { Date: "Tue, 01 Jul 2025 12:00:00 GMT" },
    });
    expect(canonical).toBe("GET\n\nTue, 01 Jul 2025 12:00:00 GMT\n/v3/marcas?q=fer");
    expect(signCanonical("fedcba9876543210fedcba9876543210", canonical)).toBe("dUtwC70hy+hLQW4mS6rRXG5+uHzHjoSYGXyd1LeREPc=");
  });

  it("puts x-acs- headers sorted by lower-case name, trimmed, before the path", () => {
    const canonical = canonicalString({
      method: "POST",
      pathAndQuery: "/v3/agencias",
      headers: {
        "X-ACS-Zeta": " last ",
        "x-acs-date": "Tue, 01 Jul 2025 12:00:00 GMT",
        Digest: "sha-256=abc",
        "Content-Type": "application/json",
      },
    });
    expect(canonical).toBe("POST\nsha-256=abc\n\nx-acs-date:Tue, 01 Jul 2025 12:00:00 GMT\nx-acs-zeta:last\n/v3/agencias");
  });

  it("adds Digest only when there is a body, and signs it", () => {
    const now = new Date("2025-07-01T12:00:00Z");
    const withoutBody = signRequest({ method: "GET", pathAndQuery: "/v3", appKey: "k", appSecret: "s", now, nonce: false });
    expect(withoutBody.Digest).toBeUndefined();
    expect(withoutBody.Date).toBe("Tue, 01 Jul 2025 12:00:00 GMT");
    const body = '{"AdminMail":"a@b.com"}';
    const withBody = signRequest({ method: "POST", pathAndQuery: "/v3/agencias", appKey: "k", appSecret: "s", body, now, nonce: false });
    expect(withBody.Digest).toBe(sha256Digest(body));
    const canonical = `POST\n${sha256Digest(body)}\nTue, 01 Jul 2025 12:00:00 GMT\n/v3/agencias`;
    expect(withBody.Authorization).toBe(`ACS-HMAC k:${signCanonical("s", canonical)}`);
  });

  it("adds a signed nonce so identical requests in one second get distinct signatures", () => {
    const now = new Date("2025-07-01T12:00:00Z");
    const first = signRequest({ method: "GET", pathAndQuery: "/v3", appKey: "k", appSecret: "s", now });
    const second = signRequest({ method: "GET", pathAndQuery: "/v3", appKey: "k", appSecret: "s", now });
    expect(first["X-ACS-Nonce"]).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(second["X-ACS-Nonce"]).not.toBe(first["X-ACS-Nonce"]);
    expect(first.Authorization).not.toBe(second.Authorization);
    const canonical = `GET\n\nTue, 01 Jul 2025 12:00:00 GMT\nx-acs-nonce:${first["X-ACS-Nonce"]}\n/v3`;
    expect(first.Authorization).toBe(`ACS-HMAC k:${signCanonical("s", canonical)}`);
  });
});
