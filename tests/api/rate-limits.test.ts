import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "@/lib/http/signing";
import { operarEn } from "../support/operador";
import { createScratchDatabase, freePort, spawnNext, startTestServer } from "../support/test-server";

/**
 * Rate limits (429 ProblemDetails, Retry-After, RateLimit-Policy / RateLimit) on servers of their
 * own with small quotas; and the counters shared by two web processes through their PostgreSQL
 * database, or through the local Redis.
 */

type Credentials = { AppKey: string; AppSecret: string };

const get = (baseUrl: string, app: Credentials, pathAndQuery = "/v3") =>
  fetch(`${baseUrl}${pathAndQuery}`, {
    headers: signRequest({ method: "GET", pathAndQuery, appKey: app.AppKey, appSecret: app.AppSecret }),
  });

/** The window is one clock minute: start a burst with at least 15 s of it left. */
async function freshWindow() {
  const second = new Date().getSeconds();
  if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

async function expectTooMany(response: Response, policy: string, quota: number) {
  expect(response.status).toBe(429);
  expect(response.headers.get("ratelimit-policy")).toBe(`"${policy}";q=${quota};w=60`);
  expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers.get("ratelimit")).toBe(`"${policy}";r=0;t=${retryAfter}`);
  expect(await response.json()).toMatchObject({ Status: 429, Title: expect.any(String), Detail: expect.stringContaining("por minuto") });
}

describe("rate limits of one server", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let appA: Credentials;
  let appB: Credentials;

  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_APP: "5", RATE_LIMIT_IP: "20", RATE_LIMIT_SIGN_IN: "3" } });
    appA = await operarEn<Credentials>(server.info, "app.create", { name: "Limitada A" });
    appB = await operarEn<Credentials>(server.info, "app.create", { name: "Limitada B" });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("per app: the quota counts down in RateLimit, then 429 with Retry-After; another app is not affected", async () => {
    await freshWindow();
    for (let remaining = 4; remaining >= 0; remaining--) {
      const response = await get(server.info.baseUrl, appA);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-policy")).toBe('"ip";q=20;w=60, "app";q=5;w=60');
      expect(response.headers.get("ratelimit")).toMatch(new RegExp(`^"ip";r=\\d+;t=\\d+, "app";r=${remaining};t=\\d+$`));
    }
    await expectTooMany(await get(server.info.baseUrl, appA), "app", 5);
    expect((await get(server.info.baseUrl, appB)).status).toBe(200);
  }, 90_000);

  it("per client address: requests count before authentication, so unsigned ones use up the address's quota too", async () => {
    await freshWindow();
    const signed = await get(server.info.baseUrl, appB);
    expect(signed.status).toBe(200);
    const remaining = Number(/^"ip";r=(\d+);/.exec(signed.headers.get("ratelimit") ?? "")?.[1]);
    expect(remaining).toBeGreaterThan(0);
    for (let index = 0; index < remaining; index++) expect((await fetch(`${server.info.baseUrl}/v3`)).status).toBe(401);
    await expectTooMany(await fetch(`${server.info.baseUrl}/v3`), "ip", 20);
    // No proxy is trusted (TRUSTED_PROXIES): an X-Forwarded-For of the client's own does not make it another client.
    await expectTooMany(await fetch(`${server.info.baseUrl}/v3`, { headers: { "X-Forwarded-For": "203.0.113.99" } }), "ip", 20);
    await expectTooMany(await get(server.info.baseUrl, appB), "ip", 20);
  }, 90_000);

  it("sign-in attempts per address: the fourth in a minute gets 429 before any password is checked", async () => {
    await freshWindow();
    const attempt = () =>
      fetch(`${server.info.baseUrl}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=nadie%40ejemplo.test&password=incorrecta",
        redirect: "manual",
      });
    for (let index = 0; index < 3; index++) expect((await attempt()).status).not.toBe(429);
    await expectTooMany(await attempt(), "ingreso", 3);
  }, 90_000);
});

describe("rate limits shared by two web processes", () => {
  const serverUrl = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const redisUrl = "redis://127.0.0.1:6379";
  const stops: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  async function serve(env: Record<string, string>): Promise<string> {
    const port = await freePort();
    const child = spawnNext(port, { ...env, PUBLIC_BASE_URL: `http://127.0.0.1:${port}` });
    stops.push(async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 600; attempt++) {
      if (
        await fetch(`${baseUrl}/v3/openapi.json`).then(
          (response) => response.ok,
          () => false,
        )
      )
        return baseUrl;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`El servidor no respondió en ${baseUrl}`);
  }

  /**
   * Two web processes on one scratch database, sharing counters as `store` says; an app with a quota
   * of six per minute and sign-in with four per address.
   */
  async function sixRequestsOverTwoProcesses(store: Record<string, string>) {
    const scratch = await createScratchDatabase(serverUrl);
    stops.push(scratch.drop);
    const env = {
      DATABASE_URL: scratch.url,
      SECRETS_KEY: randomBytes(32).toString("hex"),
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      RATE_LIMIT_APP: "6",
      RATE_LIMIT_IP: "0",
      RATE_LIMIT_SIGN_IN: "4",
      ...store,
    };
    const [first, second] = [await serve(env), await serve(env)];
    const app = await operarEn<Credentials>({ env }, "app.create", { name: "Compartida" });
    await freshWindow();
    for (let index = 0; index < 3; index++) {
      expect((await get(first, app)).status).toBe(200);
      expect((await get(second, app)).status).toBe(200);
    }
    // Each process adds its counts to the shared store about once a second and learns the other's.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expectTooMany(await get(first, app), "app", 6);
    await expectTooMany(await get(second, app), "app", 6);
    return { app: app as Credentials & { AppId: string }, processes: [first, second] };
  }

  const signIn = (baseUrl: string) =>
    fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=nadie%40ejemplo.test&password=incorrecta",
      redirect: "manual",
    });

  it("through the database (PostgreSQL): six requests split over two processes use up a quota of six for both, and sign-in attempts too", async () => {
    const { processes } = await sixRequestsOverTwoProcesses({ REDIS_URL: "" });
    await freshWindow();
    for (const baseUrl of [...processes, ...processes]) expect((await signIn(baseUrl)).status).not.toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    for (const baseUrl of processes) await expectTooMany(await signIn(baseUrl), "ingreso", 4);
  }, 120_000);

  it("through Redis (REDIS_URL): six requests split over two processes use up a quota of six for both", async () => {
    const prefix = `vitrina-test-${randomBytes(6).toString("hex")}:`;
    const redis = new Redis(redisUrl);
    stops.push(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    const { app } = await sixRequestsOverTwoProcesses({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
    // The count is in Redis, under the prefix: one key for the app in this window, kept past its end.
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toEqual([expect.stringMatching(new RegExp(`^${prefix}rate-limit:\\d+:app:${app.AppId}$`))]);
    const [key] = keys as [string];
    expect(await redis.get(key)).toBe("6");
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(60_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  }, 120_000);
});
