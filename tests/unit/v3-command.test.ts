import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalString, signCanonical } from "@/lib/http/signing";

type Run = { code: number; stdout: string; stderr: string };

/** `npm run -s v3 -- …` as a newcomer runs it, with only the variables given (no VITRINA_*, PORT or PUBLIC_BASE_URL). */
function v3(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { VITRINA_APP_KEY, VITRINA_APP_SECRET, VITRINA_BASE_URL, PORT, PUBLIC_BASE_URL, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", "scripts/v3.ts", ...args], { env: { ...inherited, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

function expectOneLineError(run: Run, saying: RegExp) {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(run.stderr).toMatch(saying);
  expect(run.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
}

describe("npm run v3: mistakes are one line saying what to do", { timeout: 30_000 }, () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "v3-command-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("an empty variable before --secret (--key $APP_KEY with APP_KEY unset)", async () => {
    expectOneLineError(await v3(["GET", "/v3/marcas?q=fer", "--key", "--secret", "s"]), /--key quedó sin valor.*--credentials/);
  });

  it("an empty variable at the end (--secret $APP_SECRET)", async () => {
    expectOneLineError(await v3(["GET", "/v3/marcas?q=fer", "--key", "k", "--secret"]), /--secret quedó sin valor/);
  });

  it('empty strings as credentials (--key "$APP_KEY")', async () => {
    expectOneLineError(await v3(["GET", "/v3", "--key", "", "--secret", ""]), /Faltan credenciales.*VITRINA_APP_KEY/);
  });

  it("no credentials at all", async () => {
    expectOneLineError(await v3(["GET", "/v3"]), /Faltan credenciales/);
  });

  it("a credentials file that does not exist", async () => {
    const missing = path.join(scratch, "no-existe.json");
    expectOneLineError(await v3(["GET", "/v3", "--credentials", missing]), /No se puede leer .*app create/);
  });

  it("a credentials file that is not app create's output", async () => {
    const file = path.join(scratch, "roto.json");
    writeFileSync(file, "AppKey=x");
    expectOneLineError(await v3(["GET", "/v3", "--credentials", file]), /no es la salida de .*app create --json/);
  });

  it("no method or path, an unknown option, a malformed header, a bad --base", async () => {
    expectOneLineError(await v3(["GET"]), /Falta el método o la ruta/);
    expectOneLineError(await v3(["GET", "/v3", "--clave", "k"]), /Opción desconocida --clave.*--help/);
    expectOneLineError(await v3(["GET", "/v3", "--key", "k", "--secret", "s", "-H", "sin-dos-puntos"]), /-H "Nombre: valor"/);
    expectOneLineError(await v3(["GET", "/v3", "--key", "k", "--secret", "s", "--base", "localhost"]), /no es una URL/);
  });

  it("an invalid PORT names the variable", async () => {
    expectOneLineError(await v3(["GET", "/v3", "--key", "k", "--secret", "s"], { PORT: "tres mil" }), /PORT/);
  });

  it("no server listening says to start one and how to point at it", async () => {
    const port = await closedPort();
    expectOneLineError(
      await v3(["GET", "/v3", "--key", "k", "--secret", "s"], { PORT: String(port) }),
      new RegExp(`localhost:${port} \\(ECONNREFUSED\\).*npm start.*PORT o PUBLIC_BASE_URL`),
    );
  });
});

describe("npm run v3 finds the server as the server computes its address", { timeout: 30_000 }, () => {
  let received: { url: string; headers: IncomingHttpHeaders }[] = [];
  const receiver = createServer((request, response) => {
    received.push({ url: request.url ?? "", headers: request.headers });
    response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it.each([
    ["PORT", () => ({ PORT: String(port) })],
    ["PUBLIC_BASE_URL", () => ({ PORT: "1", PUBLIC_BASE_URL: `http://127.0.0.1:${port}/` })],
  ])("follows %s and sends a request signed with the given key", async (_name, env) => {
    received = [];
    const run = await v3(["GET", "/v3/marcas?q=fer", "--key", "clave", "--secret", "secreto"], env());
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^HTTP 200 OK\n/);
    expect(run.stdout).toContain('"ok": true');
    expect(received).toHaveLength(1);
    const { url, headers } = received[0] as (typeof received)[number];
    expect(url).toBe("/v3/marcas?q=fer");
    const canonical = canonicalString({
      method: "GET",
      pathAndQuery: url,
      headers: { Date: String(headers.date), "X-ACS-Nonce": String(headers["x-acs-nonce"]) },
    });
    expect(headers.authorization).toBe(`ACS-HMAC clave:${signCanonical("secreto", canonical)}`);
  });
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
