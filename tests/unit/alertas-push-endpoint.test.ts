import { describe, expect, it } from "vitest";
import { SuscripcionAlertasUpsertSchema } from "@/lib/api/alertas";

/** A push endpoint is a URL the service will POST to: the Callbacks' rules, in the documented strict schema (decision 0100). */
describe("a subscription's push endpoint", () => {
  const keys = { p256dh: Buffer.alloc(65, 4).toString("base64url"), auth: Buffer.alloc(16, 1).toString("base64url") };
  const con = (Endpoint: string) =>
    SuscripcionAlertasUpsertSchema.safeParse({ Agencias: [], Enlace: "https://panel.example/c/{sid}", Push: { Endpoint, Keys: keys } });

  it("takes a public https endpoint", () => {
    expect(con("https://fcm.googleapis.com/fcm/send/abc").success).toBe(true);
  });

  it.each([
    "http://push.example/abc",
    "https://localhost/abc",
    "https://127.0.0.1/abc",
    "https://10.0.0.7/abc",
    "https://[::1]/abc",
    "https://169.254.169.254/latest",
    "https://user:pass@push.example/abc",
  ])("refuses %s under Push.Endpoint", (endpoint) => {
    const parsed = con(endpoint);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual(["Push.Endpoint"]);
  });
});
