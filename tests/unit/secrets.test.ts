import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";

describe("secrets at rest (AES-256-GCM)", () => {
  const key = randomBytes(32);

  it("round-trips and never stores the plaintext", () => {
    const sealed = encryptSecret(key, "fedcba9876543210");
    expect(sealed).not.toContain("fedcba9876543210");
    expect(sealed).not.toBe(encryptSecret(key, "fedcba9876543210"));
    expect(decryptSecret(key, sealed)).toBe("fedcba9876543210");
  });

  it("refuses another key and tampered ciphertexts", () => {
    const sealed = encryptSecret(key, "secret");
    expect(() => decryptSecret(randomBytes(32), sealed)).toThrow();
    const [version, iv, tag, body = ""] = sealed.split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 0x01;
    const tampered = [version, iv, tag, flipped.toString("base64url")].join(".");
    expect(() => decryptSecret(key, tampered)).toThrow();
  });
});
