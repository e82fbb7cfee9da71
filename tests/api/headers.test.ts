import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { Agent, get as httpGet } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp, server, signedFetch } from "../support/client";
import { createPanelUser, createPanelWorkspace, signInPanel, signInResponse } from "../support/panel";
import { startTestServer } from "../support/test-server";

/**
 * Issue 9: the security headers of every kind of response (a page, the API, a 404, a ProblemDetails,
 * static files), the session and CSRF cookies of the Panel, and cross-site requests refused by the
 * Panel's route handlers. docs/security.md maps each claim to its test.
 */

const base = () => server().baseUrl;

/** The directives of a CSP header, by name. */
function directives(header: string | null): Map<string, string[]> {
  expect(header, "Content-Security-Policy").toBeTruthy();
  return new Map(
    (header ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name = "", ...values]) => [name.toLowerCase(), values]),
  );
}

function expectFixedHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  const permissions = response.headers.get("permissions-policy") ?? "";
  for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) expect(permissions).toContain(feature);
  // PUBLIC_BASE_URL of the test server is http: no HSTS (a browser would ignore it on http anyway).
  expect(response.headers.get("strict-transport-security")).toBeNull();
}

/** The page policy: nonce'd scripts only, and the directives issue 9 asks for. */
function expectPagePolicy(response: Response): string {
  const csp = directives(response.headers.get("content-security-policy"));
  const scripts = csp.get("script-src") ?? [];
  const nonce = scripts.find((value) => value.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(scripts).toContain("'strict-dynamic'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(csp.get("style-src")).not.toContain("'unsafe-inline'");
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.has("upgrade-insecure-requests")).toBe(false);
  return nonce as string;
}

/**
 * Every route handler under the Panel's folders, as a path with a sample value for each parameter
 * (`[id]` → `muestra`; route groups such as `(panel)` are not in the URL).
 */
function panelRouteHandlers(): string[] {
  const routes: string[] = [];
  for (const root of ["app/(panel)", "app/ingresar"]) {
    for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      const segments = `${root}/${file}`.split("/").slice(1);
      if (segments.pop() !== "route.ts") continue;
      const url = segments
        .filter((segment) => !/^\(.*\)$/.test(segment))
        .map((segment) => (/^\[.*\]$/.test(segment) ? "muestra" : segment));
      routes.push(`/${url.join("/")}`);
    }
  }
  return routes;
}

function expectApiPolicy(response: Response) {
  const csp = directives(response.headers.get("content-security-policy"));
  expect(csp.get("default-src")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
}

/** Every <script> of the HTML carries the response's nonce (none runs without it). */
function expectScriptsNonced(html: string, nonce: string) {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
}

describe("security headers", () => {
  it("a page: a per-request nonce on every script, and the fixed headers", async () => {
    const first = await fetch(`${base()}/ingresar`);
    expect(first.status).toBe(200);
    expectFixedHeaders(first);
    const nonce = expectPagePolicy(first);
    expectScriptsNonced(await first.text(), nonce);

    const second = await fetch(`${base()}/`);
    expect(second.status).toBe(200);
    expectFixedHeaders(second);
    const other = expectPagePolicy(second);
    expect(other).not.toBe(nonce);
    expectScriptsNonced(await second.text(), other);
  });

  it("a static file of the build: nosniff and the fixed headers", async () => {
    const html = await (await fetch(`${base()}/ingresar`)).text();
    const src = html.match(/<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/)?.[1];
    expect(src).toBeTruthy();
    const response = await fetch(`${base()}${src}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expectFixedHeaders(response);
  });

  it("an API response: default-src 'none'", async () => {
    const app: Credentials = await createApp("Encabezados");
    const signed = await signedFetch(app, "GET", "/v3");
    expect(signed.status).toBe(200);
    expectFixedHeaders(signed);
    expectApiPolicy(signed);

    const openapi = await fetch(`${base()}/v3/openapi.json`);
    expect(openapi.status).toBe(200);
    expectFixedHeaders(openapi);
    expectApiPolicy(openapi);
  });

  it("a ProblemDetails (401 of an unsigned request)", async () => {
    const response = await fetch(`${base()}/v3/agencias`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expectFixedHeaders(response);
    expectApiPolicy(response);
  });

  it("a 404 of the API and a 404 page (Next's built-in style allowed by its hash only)", async () => {
    const api = await fetch(`${base()}/v3/no-existe`);
    expect(api.status).toBe(404);
    expectFixedHeaders(api);
    expectApiPolicy(api);

    const page = await fetch(`${base()}/no-existe`);
    expect(page.status).toBe(404);
    expectFixedHeaders(page);
    const nonce = expectPagePolicy(page);
    const html = await page.text();
    expectScriptsNonced(html, nonce);
    // An inline <style> without the nonce must be allowed by its exact hash (else the browser
    // reports a violation): this fails first when a Next upgrade changes its built-in 404 page.
    const styleSrc = directives(page.headers.get("content-security-policy")).get("style-src") ?? [];
    for (const [, attributes = "", css = ""] of html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)) {
      if (attributes.includes(`nonce="${nonce}"`)) continue;
      const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
      expect(styleSrc, `the hash of <style>${css.slice(0, 60)}…`).toContain(hash);
    }
  });

  it("the API reference: no inline script, no other origin", async () => {
    const response = await fetch(`${base()}/docs/api`);
    expect(response.status).toBe(200);
    expectFixedHeaders(response);
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    const html = await response.text();
    for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attributes).toMatch(/\bsrc="\/docs\/api\/[^"]+"/);
      expect(body.trim()).toBe("");
    }
    const bundle = await fetch(`${base()}/docs/api/scalar.js`);
    expect(bundle.status).toBe(200);
    expectFixedHeaders(bundle);
    // The bundle's eval probe is answered up front (see app/docs/api/scalar.js/route.ts).
    expect(await bundle.text()).not.toContain('new Function("")');
  });
});

describe("Panel sessions and cross-site requests", () => {
  const PASSWORD = "clave-de-encabezados";
  const admin = { email: "admin@encabezados.test", role: "admin" as const };
  let session: string;

  /** Cookie pairs (name=value) out of Set-Cookie headers. */
  const pairs = (setCookies: string[]) => setCookies.map((cookie) => cookie.split(";")[0]).join("; ");

  async function csrf(baseUrl: string) {
    const response = await fetch(`${baseUrl}/api/auth/csrf`);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    return { csrfToken, cookies: response.headers.getSetCookie() };
  }

  async function signIn(baseUrl: string, email: string, password: string, csrfToken: string, cookies: string) {
    return fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies, Origin: baseUrl },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${baseUrl}/panel`, json: "true" }),
    });
  }

  beforeAll(async () => {
    await createPanelWorkspace(server(), "Encabezados");
    await createPanelUser(server(), { workspace: "Encabezados", password: PASSWORD, ...admin });
  });

  it("next-auth's CSRF cookie and the session cookie: HttpOnly, SameSite=Lax, not Secure on http", async () => {
    const { csrfToken, cookies } = await csrf(base());
    const csrfCookie = cookies.find((cookie) => cookie.startsWith("next-auth.csrf-token="));
    expect(csrfCookie).toMatch(/; HttpOnly/i);
    expect(csrfCookie).toMatch(/; SameSite=Lax/i);
    expect(csrfCookie).not.toMatch(/; Secure/i);

    const response = await signIn(base(), admin.email, PASSWORD, csrfToken, pairs(cookies));
    expect(response.status).toBeLessThan(400);
    const sessionCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("next-auth.session-token="));
    expect(sessionCookie).toBeTruthy();
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    expect(sessionCookie).toMatch(/; SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/; Secure/i);
    session = pairs([sessionCookie as string]);

    const panel = await fetch(`${base()}/panel`, { headers: { Cookie: session }, redirect: "manual" });
    expect(panel.status).toBe(200);
  });

  it("a sign-in without next-auth's CSRF token opens no session", async () => {
    const { cookies } = await csrf(base());
    const forged = await signIn(base(), admin.email, PASSWORD, "no-es-el-token", pairs(cookies));
    expect(forged.headers.getSetCookie().some((cookie) => cookie.startsWith("next-auth.session-token="))).toBe(false);
    const noCookie = await signIn(base(), admin.email, PASSWORD, (await csrf(base())).csrfToken, "");
    expect(noCookie.headers.getSetCookie().some((cookie) => cookie.startsWith("next-auth.session-token="))).toBe(false);
  });

  it("a POST from another site (Origin) to a Panel route handler is refused, even with the session", async () => {
    const post = (origin?: string) =>
      fetch(`${base()}/panel/agencias/invitar`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: session, ...(origin && { Origin: origin }), "Content-Type": "application/json" },
        body: JSON.stringify({ AdminMail: "forjada@otro-sitio.test" }),
      });
    // Neither Origin nor Sec-Fetch-Site: no browser page sends a POST like that.
    expect((await post()).status).toBe(403);
    const forged = await post("https://otro-sitio.example");
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ Title: "Operación prohibida" });
    expectFixedHeaders(forged);
    // The Panel's route handlers share the pages' paths: they get the pages' policy (the proxy
    // cannot tell them apart before they answer), which is as strict for a JSON body.
    expectPagePolicy(forged);

    // The same request from the Panel's own origin goes through (the agency is invited).
    const own = await post(base());
    expect(own.status).toBe(202);
  });

  it("a POST a browser marks Sec-Fetch-Site: cross-site is refused, even with the session", async () => {
    const post = (site?: string) =>
      fetch(`${base()}/panel/notificaciones/agencias/prueba`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: session, ...(site && { "Sec-Fetch-Site": site }) },
      });
    expect((await post()).status).toBe(403);
    const forged = await post("cross-site");
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ Title: "Operación prohibida" });
    const sameSite = await post("same-site");
    expect(sameSite.status).toBe(403);
    const own = await post("same-origin");
    expect(own.status).not.toBe(403);
  });

  it("every mutation of every Panel route handler (app/(panel)/**, app/ingresar/**) is refused from another site, even with the session", async () => {
    const cookie = await signInPanel(base(), admin.email, PASSWORD);
    const mutations: string[] = [];
    for (const route of panelRouteHandlers()) {
      // Next answers OPTIONS for a route handler with the methods its module exports.
      const options = await fetch(`${base()}${route}`, { method: "OPTIONS" });
      const allow = options.headers.get("allow");
      expect(allow, `OPTIONS ${route}`).toBeTruthy();
      for (const method of (allow ?? "").split(/,\s*/).filter((name) => !["GET", "HEAD", "OPTIONS"].includes(name))) {
        mutations.push(`${method} ${route}`);
        const crossSites: Record<string, string>[] = [{ Origin: "https://otro-sitio.example" }, { "Sec-Fetch-Site": "cross-site" }, {}];
        for (const crossSite of crossSites) {
          const forged = await fetch(`${base()}${route}`, {
            method,
            redirect: "manual",
            headers: { Cookie: cookie, "Content-Type": "application/json", ...crossSite },
            body: "{}",
          });
          expect(forged.status, `${method} ${route} ${JSON.stringify(crossSite)}`).toBe(403);
          expect(await forged.json()).toMatchObject({ Title: "Operación prohibida", Detail: "La solicitud no viene del panel." });
          expect(forged.headers.getSetCookie(), `${method} ${route}`).toEqual([]);
        }
      }
    }
    // The language switch (issue 29, item 5) among them, and the session still open after all of them.
    expect(mutations).toEqual(expect.arrayContaining(["POST /idioma", "POST /panel/salir", "POST /panel/equipo/agregar"]));
    expect((await fetch(`${base()}/panel`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(200);
  });

  it("the language switch needs no session, and from another site sets no cookie (issue 29, item 5)", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${base()}/idioma`, {
        method: "POST",
        redirect: "manual",
        headers,
        body: new URLSearchParams({ idioma: "en", volver: "/ingresar" }),
      });
    for (const forged of [
      await post({ Origin: "https://otro-sitio.example" }),
      await post({ "Sec-Fetch-Site": "cross-site" }),
      await post({}),
    ]) {
      expect(forged.status).toBe(403);
      expect(forged.headers.getSetCookie()).toEqual([]);
    }
    const own = await post({ Origin: base() });
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toBe("/ingresar");
    expect(own.headers.getSetCookie().map((cookie) => cookie.split(";")[0])).toEqual(["idioma=en", "idioma=en"]);
  });

  it("signing out: refused from another site; from the Panel it expires the session cookie and goes to /ingresar", async () => {
    const post = (origin: string) =>
      fetch(`${base()}/panel/salir`, { method: "POST", redirect: "manual", headers: { Cookie: session, Origin: origin } });
    const forged = await post("https://otro-sitio.example");
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie()).toEqual([]);

    const own = await post(base());
    expect(own.status).toBe(303);
    expect(own.headers.get("location")).toBe("/ingresar");
    const [cleared, ...others] = own.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(cleared).toMatch(/^next-auth\.session-token=; /);
    expect(cleared).toMatch(/; Max-Age=0/i);
    expect(cleared).toMatch(/; Path=\//i);
    expect(cleared).not.toMatch(/; Secure/i);
  });

  it("GET /panel/salir (a typed address) goes to the Panel with the session as it was, not a raw 405", async () => {
    const typed = await fetch(`${base()}/panel/salir`, { redirect: "manual", headers: { Cookie: session } });
    expect(typed.status).toBe(303);
    expect(typed.headers.get("location")).toBe("/panel");
    expect(typed.headers.getSetCookie()).toEqual([]);
  });
});

describe("keep-alive connections", () => {
  /** GET `path` on `agent`'s connection: the Keep-Alive header and whether an open connection was reused. */
  const get = (agent: Agent, path: string) =>
    new Promise<{ keepAlive: string; reused: boolean }>((resolve, reject) => {
      const request = httpGet(`${base()}${path}`, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ keepAlive: String(response.headers["keep-alive"]), reused: request.reusedSocket }));
      });
      request.on("error", reject);
    });

  it("stay open longer than a client's idle limit, so a request sent after 6 s of quiet is not reset", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, "/v3/openapi.json");
      expect(first.keepAlive).toBe("timeout=65");
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect((await get(agent, "/v3/openapi.json")).reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});

describe("PUBLIC_BASE_URL on https", () => {
  let service: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    service = await startTestServer({ env: { PUBLIC_BASE_URL: "https://vitrina.example" } });
  });

  afterAll(async () => {
    await service?.stop();
  });

  it("adds Strict-Transport-Security to every answer, and upgrade-insecure-requests to pages", async () => {
    const page = await fetch(`${service.info.baseUrl}/ingresar`);
    expect(directives(page.headers.get("content-security-policy")).has("upgrade-insecure-requests")).toBe(true);
    const answers = [
      page,
      await fetch(`${service.info.baseUrl}/docs/api`),
      await fetch(`${service.info.baseUrl}/v3/openapi.json`),
      await fetch(`${service.info.baseUrl}/v3`),
      await fetch(`${service.info.baseUrl}/v3/no-existe/`),
      await fetch(`${service.info.baseUrl}/marketplace/consultas`, { method: "POST", body: "{}" }),
      await fetch(`${service.info.baseUrl}/pagina-que-no-existe`),
      await fetch(`${service.info.baseUrl}/%ff`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 401, 404, 401, 404, 400]);
    for (const answer of answers) expect(answer.headers.get("strict-transport-security"), answer.url).toBe("max-age=31536000");
  });

  it("signing in sets the __Secure- session cookie: Secure, HttpOnly, SameSite=Lax", async () => {
    const workspace = await createPanelWorkspace(service.info, `Https ${Date.now()}`);
    const email = `https.${Date.now()}@panel.test`;
    await createPanelUser(service.info, { workspace: workspace.name, email, role: "admin", password: "una-clave-segura-1" });
    const response = await signInResponse(service.info.baseUrl, email, "una-clave-segura-1");
    const session = response.headers.getSetCookie().find((cookie) => cookie.includes("next-auth.session-token="));
    expect(session).toMatch(/^__Secure-next-auth\.session-token=[^;]+; /);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
  });

  it("marks next-auth's cookies Secure (the CSRF cookie with the __Host- prefix)", async () => {
    const response = await fetch(`${service.info.baseUrl}/api/auth/csrf`);
    const csrfCookie = response.headers.getSetCookie().find((cookie) => cookie.includes("next-auth.csrf-token="));
    expect(csrfCookie).toMatch(/^__Host-next-auth\.csrf-token=/);
    expect(csrfCookie).toMatch(/; Secure/i);
    expect(csrfCookie).toMatch(/; HttpOnly/i);
    expect(csrfCookie).toMatch(/; SameSite=Lax/i);
  });

  it("signing out expires the __Secure- session cookie, Secure", async () => {
    const response = await fetch(`${service.info.baseUrl}/panel/salir`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: "__Secure-next-auth.session-token=una-sesion", Origin: service.info.baseUrl },
    });
    expect(response.status).toBe(303);
    const [cleared] = response.headers.getSetCookie();
    expect(cleared).toMatch(/^__Secure-next-auth\.session-token=; /);
    expect(cleared).toMatch(/; Max-Age=0/i);
    expect(cleared).toMatch(/; Secure/i);
  });
});
