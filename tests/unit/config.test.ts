import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/env";

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "vitrina-config-"));
  dirs.push(dir);
  return path.join(dir, "data");
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("configuration (docs/contract.md#configuration)", () => {
  it("applies the defaults of the embedded mode and generates its secrets once", () => {
    const dir = dataDir();
    const first = parseConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      port: 3000,
      publicBaseUrl: "http://localhost:3000",
      embedded: true,
      seedDemo: true,
      timeZone: "America/Argentina/Buenos_Aires",
      panelTimeZone: "America/Argentina/Buenos_Aires",
      statementTimeoutMs: 1000,
    });
    expect(first.secretsKey).toHaveLength(32);
    const file = path.join(dir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = parseConfig({ DATA_DIR: dir });
    expect(second.secretsKey.equals(first.secretsKey)).toBe(true);
    expect(second.authSecret).toBe(first.authSecret);
    expect(JSON.parse(readFileSync(file, "utf8")).SECRETS_KEY).toBe(first.secretsKey.toString("hex"));
  });

  it("takes DATABASE_STATEMENT_TIMEOUT_MS in milliseconds, 0 for no limit (decisions 0055)", () => {
    expect(parseConfig({ DATA_DIR: dataDir(), DATABASE_STATEMENT_TIMEOUT_MS: "2500" }).statementTimeoutMs).toBe(2500);
    expect(parseConfig({ DATA_DIR: dataDir(), DATABASE_STATEMENT_TIMEOUT_MS: "0" }).statementTimeoutMs).toBe(0);
  });

  it("shows the Panel's times in the service's time zone unless PANEL_TIME_ZONE says otherwise", () => {
    const dir = dataDir();
    expect(parseConfig({ DATA_DIR: dir, SERVICE_TIME_ZONE: "America/Mexico_City" }).panelTimeZone).toBe("America/Mexico_City");
    expect(parseConfig({ DATA_DIR: dir, SERVICE_TIME_ZONE: "America/Mexico_City", PANEL_TIME_ZONE: "Europe/Madrid" }).panelTimeZone).toBe(
      "Europe/Madrid",
    );
  });

  it("counts days in a zone with whole-hour offsets, with summer time or without; PANEL_TIME_ZONE may be any zone (decision 0075)", () => {
    for (const zone of ["America/Argentina/Buenos_Aires", "Europe/Madrid", "America/Santiago", "America/New_York", "UTC"])
      expect(parseConfig({ DATA_DIR: dataDir(), SERVICE_TIME_ZONE: zone }).timeZone, zone).toBe(zone);
    expect(parseConfig({ DATA_DIR: dataDir(), PANEL_TIME_ZONE: "Asia/Kolkata" }).panelTimeZone).toBe("Asia/Kolkata");
  });

  it("npm start refuses a half-hour zone before anything else, with the message (decision 0075)", () => {
    const dir = dataDir();
    const start = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", DATA_DIR: dir, SERVICE_TIME_ZONE: "America/St_Johns" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(start.status).toBe(1);
    expect(start.stderr).toMatch(/SERVICE_TIME_ZONE: America\/St_Johns está a -03:30 de UTC; los resúmenes cuentan por horas enteras/);
    expect(existsSync(dir)).toBe(false);
  }, 60_000);

  it.each([
    [{ PORT: "seventy" }, /PORT: .*/],
    [{ PUBLIC_BASE_URL: "not a url" }, /PUBLIC_BASE_URL: se espera una URL absoluta/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: se espera una URL postgres/],
    [{ SECRETS_KEY: "abc" }, /SECRETS_KEY: se esperan 64 caracteres hexadecimales/],
    [{ SERVICE_TIME_ZONE: "Mars/Olympus" }, /SERVICE_TIME_ZONE: se espera una zona horaria IANA/],
    [{ PANEL_TIME_ZONE: "Mars/Olympus" }, /PANEL_TIME_ZONE: se espera una zona horaria IANA/],
    [
      { SERVICE_TIME_ZONE: "Asia/Kolkata" },
      /SERVICE_TIME_ZONE: Asia\/Kolkata está a \+05:30 de UTC; los resúmenes cuentan por horas enteras/,
    ],
    [{ SERVICE_TIME_ZONE: "America/St_Johns" }, /SERVICE_TIME_ZONE: America\/St_Johns está a -03:30 de UTC/],
    [{ SERVICE_TIME_ZONE: "Asia/Kathmandu" }, /SERVICE_TIME_ZONE: Asia\/Kathmandu está a \+05:45 de UTC/],
    // Whole hours in its summer (+11:00 from October to April), half an hour in its winter.
    [{ SERVICE_TIME_ZONE: "Australia/Lord_Howe" }, /SERVICE_TIME_ZONE: Australia\/Lord_Howe está a \+10:30 de UTC/],
    [{ WEBHOOK_ALLOW_HTTP: "yes" }, /WEBHOOK_ALLOW_HTTP: se espera true o false/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL/],
    [{ REDIS_URL: "http://127.0.0.1:6379" }, /REDIS_URL: se espera una URL redis:\/\/ o rediss:\/\//],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "1s" }, /DATABASE_STATEMENT_TIMEOUT_MS: se espera un entero de milisegundos/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "-1" }, /DATABASE_STATEMENT_TIMEOUT_MS: se espera un entero de milisegundos/],
  ])("stops with a message naming the variable: %j", (env, message) => {
    expect(() => parseConfig({ DATA_DIR: dataDir(), ...env })).toThrowError(ConfigError);
    expect(() => parseConfig({ DATA_DIR: dataDir(), ...env })).toThrowError(message);
  });

  it("requires SECRETS_KEY and AUTH_SECRET in production, and writes nothing", () => {
    const dir = dataDir();
    expect(() => parseConfig({ DATA_DIR: dir, DATABASE_URL: "postgres://postgres@127.0.0.1/test" })).toThrowError(
      /SECRETS_KEY: obligatorio cuando DATABASE_URL está definido\n {2}AUTH_SECRET: obligatorio/,
    );
    expect(existsSync(dir)).toBe(false);
  });

  it("shares rate-limit counters through Redis only when REDIS_URL is set, under REDIS_KEY_PREFIX", () => {
    expect(parseConfig({ DATA_DIR: dataDir() })).toMatchObject({ redisUrl: undefined, redisKeyPrefix: "vitrina:" });
    expect(
      parseConfig({ DATA_DIR: dataDir(), REDIS_URL: "rediss://:clave@redis.example:6380/2", REDIS_KEY_PREFIX: "staging:" }),
    ).toMatchObject({
      redisUrl: "rediss://:clave@redis.example:6380/2",
      redisKeyPrefix: "staging:",
    });
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ DATA_DIR: dataDir(), PORT: "", SMTP_URL: "" })).toMatchObject({ port: 3000, smtpUrl: undefined });
  });
});
