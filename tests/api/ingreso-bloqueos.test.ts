import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "@/lib/http/signing";
import { unique } from "../support/consultas";
import { operarEn } from "../support/operador";
import { createPanelUser, createPanelWorkspace, signInResponse } from "../support/panel";
import { startTestServer } from "../support/test-server";

/**
 * Issue 17, item 3: failures slow down the one who fails, not the account's owner (docs/decisions/0027).
 * The server trusts 127.0.0.1 as its proxy (TRUSTED_PROXIES), so each request's X-Forwarded-For
 * names the client, as a reverse proxy in front would write it.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let base: string;
const owner = { email: unique("bloqueos-duena"), password: "clave-de-la-duena-01" };

const from = (address: string) => ({ "X-Forwarded-For": address });
const signIn = (address: string, email: string, password: string) => signInResponse(base, email, password, from(address));
const signedIn = (response: Response) => response.headers.getSetCookie().some((cookie) => /session-token=/.test(cookie));

/** What the sign-in form would read: the error code next-auth put in the answer's URL. */
async function refusal(response: Response): Promise<string | null> {
  const { url } = (await response.json()) as { url: string };
  return new URL(url).searchParams.get("error");
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUSTED_PROXIES: "127.0.0.1, ::1", RATE_LIMIT_IP: "5" } });
  base = server.info.baseUrl;
  const { name } = await createPanelWorkspace(server.info, `Bloqueos ${Date.now()}`);
  await createPanelUser(server.info, { workspace: name, role: "admin", ...owner });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("Panel sign-in throttling behind a trusted proxy", () => {
  it("22 failures from one address with random e-mails: a real user's right password from another address still works", async () => {
    for (let index = 0; index < 22; index++) {
      const response = await signIn("203.0.113.50", unique("azar"), "no-es-esta");
      expect(signedIn(response)).toBe(false);
      expect(await refusal(response)).toBe("CredentialsSignin");
    }
    expect(signedIn(await signIn("198.51.100.50", owner.email, owner.password))).toBe(true);
  }, 90_000);

  it("5 wrong passwords for an account from address A: the right one from B works, A is throttled on that account", async () => {
    for (let index = 0; index < 5; index++) expect(signedIn(await signIn("203.0.113.60", owner.email, "no-es-esta"))).toBe(false);
    expect(signedIn(await signIn("198.51.100.60", owner.email, owner.password))).toBe(true);
    const hammering = await signIn("203.0.113.60", owner.email, owner.password);
    expect(signedIn(hammering)).toBe(false);
    expect(await refusal(hammering)).toMatch(/^IngresoBloqueado:(1[0-5]|[1-9])$/);
  }, 90_000);

  it("a forged X-Forwarded-For does not escape the proxy's trust: only the right-most hop counts", async () => {
    for (let index = 0; index < 5; index++) {
      expect(signedIn(await signIn(`10.9.9.${index}, 203.0.113.70`, owner.email, "no-es-esta"))).toBe(false);
    }
    expect(await refusal(await signIn("10.9.9.99, 203.0.113.70", owner.email, owner.password))).toMatch(/^IngresoBloqueado:/);
  }, 90_000);

  it("the /v3 rate limit counts per client address named by the proxy", async () => {
    const app = await operarEn<{ AppKey: string; AppSecret: string }>(server.info, "app.create", { name: "Detrás del proxy" });
    const get = (address: string) =>
      fetch(`${base}/v3`, {
        headers: { ...signRequest({ method: "GET", pathAndQuery: "/v3", appKey: app.AppKey, appSecret: app.AppSecret }), ...from(address) },
      });
    const second = new Date().getSeconds();
    if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    for (let index = 0; index < 5; index++) expect((await get("203.0.113.80")).status).toBe(200);
    expect((await get("203.0.113.80")).status).toBe(429);
    expect((await get("198.51.100.80")).status).toBe(200);
  }, 90_000);
});
