import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustedProxy, type TrustedProxy } from "./client-address";
import { isTimeZone } from "./time";

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { message: "se espera true o false" })
  .transform((value) => value === "true" || value === "1");

const hexKey = z.string().regex(/^[0-9a-f]{64}$/i, { message: "se esperan 64 caracteres hexadecimales (32 bytes)" });

const timeZone = z
  .string()
  .refine(isTimeZone, { message: "se espera una zona horaria IANA, p. ej. America/Argentina/Buenos_Aires", abort: true });

/**
 * The service's zone counts enquiries per day from hourly counters, so its days must start on a
 * whole UTC hour: a zone with a half- or quarter-hour offset is refused (decision 0075).
 */
const serviceTimeZone = timeZone.superRefine((zone, context) => {
  const offset = partHourOffset(zone);
  if (offset)
    context.addIssue({
      code: "custom",
      message: `${zone} está a ${offset} de UTC; los resúmenes cuentan por horas enteras, así que se espera una zona a horas enteras de UTC (con horario de verano o sin él), p. ej. America/Argentina/Buenos_Aires`,
    });
});

/** A comma list of addresses or CIDR ranges (blank entries ignored). */
const trustedProxies = z.string().transform((list, context) => {
  const proxies: TrustedProxy[] = [];
  for (const entry of list.split(",").filter((item) => item.trim() !== "")) {
    const proxy = parseTrustedProxy(entry);
    if (proxy) proxies.push(proxy);
    else
      context.addIssue({ code: "custom", message: `"${entry.trim()}" no es una dirección IP ni un rango CIDR (p. ej. 10.0.0.0/8, ::1)` });
  }
  return proxies;
});

/** How long a statement of a web request may run on PostgreSQL (decisions 0055). */
const DEFAULT_STATEMENT_TIMEOUT_MS = 1_000;
const MILLISECONDS = "se espera un entero de milisegundos, de 0 (sin límite) a 3600000";

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z
    .string()
    .regex(/^[0-9A-Za-z.:%-]+$/, { message: "se espera una dirección o un nombre de este equipo, p. ej. 0.0.0.0 o ::" })
    .default("127.0.0.1"),
  PUBLIC_BASE_URL: z.url({ message: "se espera una URL absoluta, p. ej. https://vitrina.example" }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "se espera una URL postgres://usuario@host:puerto/base" })
    .optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: MILLISECONDS })
    .int({ message: MILLISECONDS })
    .min(0, { message: MILLISECONDS })
    .max(3_600_000, { message: MILLISECONDS })
    .default(DEFAULT_STATEMENT_TIMEOUT_MS),
  SECRETS_KEY: hexKey.optional(),
  AUTH_SECRET: z.string().min(32, { message: "se esperan al menos 32 caracteres" }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: "se espera una URL smtp:// o smtps://" })
    .optional(),
  MAIL_FROM: z.string().min(3).default("Vitrina <no-responder@vitrina.local>"),
  MARKETPLACE_TOKEN: z.string().min(16, { message: "se esperan al menos 16 caracteres" }).optional(),
  SERVICE_TIME_ZONE: serviceTimeZone.default("America/Argentina/Buenos_Aires"),
  PANEL_TIME_ZONE: timeZone.optional(),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag.default(false),
  WEBHOOK_ALLOW_HTTP: booleanFlag.default(false),
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SEED_DEMO: booleanFlag.optional(),
  RATE_LIMIT_APP: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_IP: z.coerce.number().int().min(0).default(6000),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(0).default(20),
  TRUSTED_PROXIES: trustedProxies.default([]),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { message: "se espera una URL redis:// o rediss://, p. ej. redis://127.0.0.1:6379" })
    .optional(),
  REDIS_KEY_PREFIX: z.string().default("vitrina:"),
  METRICS_TOKEN: z.string().min(16, { message: "se esperan al menos 16 caracteres" }).optional(),
  WORKER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // Unset: info, or warn in the embedded default on a terminal (lib/log.ts, decisions 0095).
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  LOG_FORMAT: z.enum(["json", "text"]).optional(),
});

export type Config = {
  port: number;
  /** Where `npm start` listens: loopback unless HOST opens it (decisions 0028). */
  host: string;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embedded: boolean;
  /** The web process's PostgreSQL statements are cancelled past it (0: never; decisions 0055). */
  statementTimeoutMs: number;
  secretsKey: Buffer;
  authSecret: string;
  smtpUrl: string | undefined;
  /** /dev/mailbox exists: embedded, and mail is kept in the database for lack of SMTP_URL (decisions 0028). */
  devMailbox: boolean;
  mailFrom: string;
  marketplaceToken: string | undefined;
  timeZone: string;
  /** The Panel's: PANEL_TIME_ZONE, else the service's (the Panel may be pointed at another deployment). */
  panelTimeZone: string;
  webhookAllowPrivateNetworks: boolean;
  webhookAllowHttp: boolean;
  webhookLogRetentionDays: number;
  seedDemo: boolean;
  /** Requests per minute (0: no limit): per app and per client address on /v3, per address on sign-in. */
  rateLimits: { app: number; ip: number; signIn: number };
  /** Proxies whose X-Forwarded-For names the client (lib/client-address.ts); none by default. */
  trustedProxies: readonly TrustedProxy[];
  /** Where the processes share their rate-limit counters: Redis when set, otherwise the database. */
  redisUrl: string | undefined;
  /** Starts every Redis key, so deployments sharing one Redis keep apart. */
  redisKeyPrefix: string;
  /** Bearer token of GET /metrics; without it only loopback may scrape (decisions 0049). */
  metricsToken: string | undefined;
  /** Where `npm run worker` answers /healthz, /readyz and /metrics (on HOST); none when unset. */
  workerPort: number | undefined;
};

export class ConfigError extends Error {}

/**
 * The first offset from UTC that is not whole hours ("+05:30") the zone has from 2000 to 2100, or
 * undefined. Sampled on the 1st and 16th of each month: no zone keeps an offset for less than that.
 */
function partHourOffset(zone: string): string | undefined {
  const format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
  for (let year = 2000; year < 2100; year++) {
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 16]) {
        const offset = format.format(Date.UTC(year, month, day)).match(/GMT([+-]\d\d:\d\d(?::\d\d)?)$/)?.[1];
        if (offset && !offset.endsWith(":00")) return offset;
      }
    }
  }
  return undefined;
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
}

/** Secrets generated once into DATA_DIR, so an embedded install needs no configuration. */
function embeddedSecrets(dataDir: string): { SECRETS_KEY: string; AUTH_SECRET: string } {
  const file = path.join(dataDir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets = {
    SECRETS_KEY: randomBytes(32).toString("hex"),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  return secrets;
}

type Source = Record<string, string | undefined>;

/** An empty variable counts as unset, as in a shell's `VAR= npm start`. */
function setVariables(source: Source): Source {
  return Object.fromEntries(Object.entries(source).filter(([key, value]) => key in envSchema.shape && value !== ""));
}

function baseUrlOf(env: { PORT: number; PUBLIC_BASE_URL?: string | undefined }): string {
  return (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}

/** Where the server answers, from PUBLIC_BASE_URL and PORT alone (for clients such as `npm run v3`). */
export function publicBaseUrlFrom(source: Source): string {
  const parsed = envSchema.pick({ PORT: true, PUBLIC_BASE_URL: true }).safeParse(setVariables(source));
  if (!parsed.success) throw new ConfigError(`Configuración inválida:\n${describeIssues(parsed.error)}`);
  return baseUrlOf(parsed.data);
}

export function parseConfig(source: Source): Config {
  const parsed = envSchema.safeParse(setVariables(source));
  if (!parsed.success) {
    throw new ConfigError(`Configuración inválida:\n${describeIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const embedded = env.DATABASE_URL === undefined;
  const dataDir = path.resolve(env.DATA_DIR);
  let { SECRETS_KEY, AUTH_SECRET } = env;
  if (!SECRETS_KEY || !AUTH_SECRET) {
    if (!embedded) {
      const missing = [!SECRETS_KEY && "SECRETS_KEY", !AUTH_SECRET && "AUTH_SECRET"].filter(Boolean);
      throw new ConfigError(
        `Configuración inválida:\n${missing.map((name) => `  ${name}: obligatorio cuando DATABASE_URL está definido`).join("\n")}`,
      );
    }
    const generated = embeddedSecrets(dataDir);
    SECRETS_KEY ??= generated.SECRETS_KEY;
    AUTH_SECRET ??= generated.AUTH_SECRET;
  }
  return {
    port: env.PORT,
    host: env.HOST,
    publicBaseUrl: baseUrlOf(env),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    embedded,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    secretsKey: Buffer.from(SECRETS_KEY, "hex"),
    authSecret: AUTH_SECRET,
    smtpUrl: env.SMTP_URL,
    devMailbox: embedded && env.SMTP_URL === undefined,
    mailFrom: env.MAIL_FROM,
    marketplaceToken: env.MARKETPLACE_TOKEN,
    timeZone: env.SERVICE_TIME_ZONE,
    panelTimeZone: env.PANEL_TIME_ZONE ?? env.SERVICE_TIME_ZONE,
    webhookAllowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    webhookAllowHttp: env.WEBHOOK_ALLOW_HTTP,
    webhookLogRetentionDays: env.WEBHOOK_LOG_RETENTION_DAYS,
    seedDemo: env.SEED_DEMO ?? embedded,
    rateLimits: { app: env.RATE_LIMIT_APP, ip: env.RATE_LIMIT_IP, signIn: env.RATE_LIMIT_SIGN_IN },
    trustedProxies: env.TRUSTED_PROXIES,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    metricsToken: env.METRICS_TOKEN,
    workerPort: env.WORKER_PORT,
  };
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
