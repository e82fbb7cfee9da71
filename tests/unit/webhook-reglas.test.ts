import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";

/**
 * What a webhook configuration may hold (issue 17, item 7): the API refuses what cannot be sent as
 * given, and the Panel's form, built from the same pieces (lib/api/limites.ts), agrees with it on
 * every rule it can check in a browser. The service's own settings (http, private networks) are
 * the API's alone: these inputs are https and public.
 */
Object.assign(process.env, {
  SECRETS_KEY: randomBytes(32).toString("hex"),
  AUTH_SECRET: randomBytes(32).toString("hex"),
  WEBHOOK_ALLOW_HTTP: "false",
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "false",
});

const { callbackProblem, headerValueProblem, isConnectionHeader, normalizedCallback } = await import("@/lib/api/limites");
const { forbiddenHostReason } = await import("@/lib/api/address-policy");
const { AppWebhookUpsertSchema, unsendableReasons } = await import("@/lib/api/webhooks");
const { aUpsert, formularioSchemaDe } = await import("@/lib/panel/notificaciones/formulario");
const { traductorDe } = await import("@/lib/panel/i18n/mensajes");

describe("the rules", () => {
  it("callbackProblem: control characters, credentials, and what it already refused", () => {
    expect(callbackProblem("https://x.example/a\r\nX-Injected: yes", false)).toEqual({ kind: "control" });
    expect(callbackProblem("https://x.example/a\u0085", false)).toEqual({ kind: "control" });
    expect(callbackProblem("https://u:p@x.example/", false)).toEqual({ kind: "credentials" });
    expect(callbackProblem("https://u@x.example/", false)).toEqual({ kind: "credentials" });
    expect(callbackProblem(" https://x.example/", false)).toEqual({ kind: "uri" });
    expect(callbackProblem("http://x.example/", false)).toEqual({ kind: "scheme", scheme: "http" });
    expect(callbackProblem("https://x.example/a b?c=ñ#f", false)).toBeUndefined();
  });

  it("normalizedCallback: what new URL() serialises", () => {
    expect(normalizedCallback("HTTPS://X.Example:443/a/../b c")).toBe("https://x.example/b%20c");
    expect(normalizedCallback("https://0x7f.1/")).toBe("https://127.0.0.1/");
  });

  it("headerValueProblem and isConnectionHeader", () => {
    expect(["a\tb", "a\u0000", "a\u007f", "a\u009f"].map(headerValueProblem)).toEqual(["control", "control", "control", "control"]);
    expect(["€", "😀", "\uD800"].map(headerValueProblem)).toEqual(["latin1", "latin1", "latin1"]);
    expect([" a", "a "].map(headerValueProblem)).toEqual(["spaces", "spaces"]);
    expect(["", "a b", "Ñandú ÿ\u00a0¡"].map(headerValueProblem)).toEqual([undefined, undefined, undefined]);
    expect(["Connection", "KEEP-ALIVE", "te", "Proxy-Foo", "Expect"].every(isConnectionHeader)).toBe(true);
    expect(["X-Api-Key", "Accept", "Tea", "Proxied-By"].some(isConnectionHeader)).toBe(false);
  });

  it("forbiddenHostReason: literal non-public addresses and localhost; other names are the connection's", () => {
    for (const host of ["127.0.0.1", "[::1]", "[::ffff:7f00:1]", "10.1.2.3", "localhost", "localhost.", "a.b.localhost"]) {
      expect(forbiddenHostReason(host), host).toEqual(expect.any(String));
    }
    for (const host of ["93.184.216.34", "[2606:4700:4700::1111]", "crm.example", "localhost.example", "notlocalhost"]) {
      expect(forbiddenHostReason(host), host).toBeUndefined();
    }
  });

  it("unsendableReasons: what a stored configuration breaks, named like the fields; the address policy is not among them", () => {
    const stored = {
      Callback: "https://x.example/a\r\nb",
      HeaderCustom01: null,
      HeaderCustom02: { Name: "Upgrade", Value: "h2c" },
      HeaderCustom03: null,
    };
    expect(unsendableReasons(stored)).toEqual([expect.stringMatching(/^Callback: /), expect.stringMatching(/^HeaderCustom02\.Name: /)]);
    expect(unsendableReasons({ ...stored, Callback: "http://127.0.0.1/", HeaderCustom02: null })).toEqual([]);
  });
});

describe("the Panel's form and the API agree", () => {
  const schema = formularioSchemaDe(traductorDe("es-AR"));
  const form = (callback: string, nombre = "X-Clave", valor = "v") => ({
    callback,
    modoSecreto: "conservar" as const,
    secreto: "",
    descripcion: "",
    activo: true,
    headers: [{ nombre, valor }],
  });

  /** The form accepts these values exactly when the API accepts the body the form would send. */
  function expectAgreement(values: ReturnType<typeof form>) {
    const panel = schema.safeParse(values).success;
    const api = AppWebhookUpsertSchema.safeParse(aUpsert(values, null)).success;
    expect(panel, JSON.stringify(values)).toBe(api);
  }

  it.each([
    "https://crm.example/hooks",
    "https://crm.example/a\r\nX-Injected: yes",
    "https://crm.example/a\tb",
    "https://usuario:clave@crm.example/hooks",
    "https://usuario@crm.example/hooks",
    "ftp://crm.example/hooks",
    "https://",
    "HTTPS://CRM.Example/hooks/../b c",
  ])("Callback %j", (callback) => expectAgreement(form(callback)));

  it.each([
    "X-Api-Key",
    "Connection",
    "Transfer-Encoding",
    "Keep-Alive",
    "TE",
    "Trailer",
    "Upgrade",
    "Expect",
    "Proxy-Authorization",
    "Host",
    "Content-Type",
    "Mal Nombre",
  ])("header name %j", (nombre) => expectAgreement(form("https://crm.example/hooks", nombre)));

  it.each(["clave", "a\tb", "a\u0001b", "a\u0085b", "100 €", "😀", " con espacios ", "Ñandú café", ""])("header value %j", (valor) =>
    expectAgreement(form("https://crm.example/hooks", "X-Clave", valor)),
  );
});
