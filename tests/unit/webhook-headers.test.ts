import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { notificationHeaders } from "@/lib/service/webhooks/notification-headers";

describe("notification headers (docs/contract.md#delivery)", () => {
  const secret = "s3cr3t-de-al-menos-16";
  const body = JSON.stringify({ Id: "01JZ0000000000000000000000", Topic: "consultas" });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = notificationHeaders({
    id: "01JZ0000000000000000000000",
    topic: "consultas",
    timestamp,
    body,
    secret,
    custom: [{ Name: "X-Api-Key", Value: "abc" }, null, null],
  });

  it("carries the fixed, custom and Standard Webhooks headers", () => {
    expect(headers).toMatchObject({
      "Content-Type": "application/json",
      "User-Agent": "VitrinaWebhooks/3",
      "Notification-Hook-ID": "01JZ0000000000000000000000",
      "Notification-Timestamp": String(timestamp),
      "Notification-Topic": "consultas",
      "webhook-id": "01JZ0000000000000000000000",
      "webhook-timestamp": String(timestamp),
      "X-Api-Key": "abc",
    });
  });

  it("signs {Hook-ID}.{Timestamp}.{Topic} in Notification-Signature", () => {
    const expected = createHmac("sha256", secret).update(`01JZ0000000000000000000000.${timestamp}.consultas`).digest("base64");
    expect(headers["Notification-Signature"]).toBe(expected);
  });

  it("verifies with the standardwebhooks library, key = base64 of the UTF-8 secret", () => {
    const verifier = new Webhook(Buffer.from(secret, "utf8").toString("base64"));
    expect(() => verifier.verify(body, headers)).not.toThrow();
    expect(() => verifier.verify(`${body} `, headers)).toThrow();
  });

  it("sends no signature without a secret", () => {
    const unsigned = notificationHeaders({ id: "x", topic: "agencias", timestamp, body, secret: null, custom: [] });
    expect(unsigned["Notification-Signature"]).toBeUndefined();
    expect(unsigned["webhook-signature"]).toBeUndefined();
  });
});
