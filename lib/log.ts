import pino from "pino";

const holder = globalThis as typeof globalThis & { __vitrinaLogger?: pino.Logger };

type Fields = Record<string, unknown>;

/** An error as a log line keeps it. */
export type LoggedError = { type: string; message: string; stack: string; cause?: LoggedError } & Fields;

/** The names a database error gives of the schema (never of a value). */
const DATABASE_NAMES = ["code", "severity", "routine", "schema", "table", "column", "dataType", "constraint"];
/** Members that hold the values of a failed statement: a buyer's name, e-mail, phone… */
const VALUE_MEMBERS = new Set(["params", "detail", "where", "hint", "internalQuery", "parameters", "values"]);
const MAX_CAUSES = 5;

/** An error PostgreSQL (or PGlite) answered: its SQLSTATE and severity come with it. */
const isDatabaseError = (error: Fields) => typeof error.code === "string" && typeof error.severity === "string";
/** A statement drizzle ran that failed: its message repeats the parameters after the SQL. */
const isFailedQuery = (error: Fields) => typeof error.query === "string" && "params" in error;

function primitives(error: Fields, names: Iterable<string>): Fields {
  const kept: Fields = {};
  for (const name of names) {
    const value = error[name];
    if (!VALUE_MEMBERS.has(name) && (typeof value === "string" || typeof value === "number" || typeof value === "boolean"))
      kept[name] = value;
  }
  return kept;
}

/**
 * What a log line keeps of an error (decisions 0020): its class, message and stack frames, and the
 * same of each cause. A database error keeps its SQLSTATE and the names of what it concerns, not its
 * message (which may quote a value); a failed statement keeps its SQL text, whose values are always
 * bound parameters, and never the parameters.
 */
export function serializeError(error: unknown, causes = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as unknown as Fields;
  const database = isDatabaseError(fields);
  const failedQuery = !database && isFailedQuery(fields);
  const type = failedQuery ? "DrizzleQueryError" : database ? "DatabaseError" : error.name;
  const message = failedQuery ? `Failed query: ${fields.query}` : database ? `SQLSTATE ${fields.code}` : error.message;
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join("\n"),
    ...(database ? primitives(fields, DATABASE_NAMES) : failedQuery ? { query: fields.query } : primitives(fields, Object.keys(fields))),
  };
  if (error.cause !== undefined && causes < MAX_CAUSES) logged.cause = serializeError(error.cause, causes + 1) as LoggedError;
  return logged;
}

export type LogFormat = "json" | "text";
export type LogStyle = { format: LogFormat; level: string };

/**
 * How the log writes (decisions 0095): JSON lines at `info` for machines; in the embedded default on
 * a terminal, short readable lines of warnings and errors only, so `npm start`'s banner stays in view.
 * LOG_FORMAT and LOG_LEVEL override either (LOG_LEVEL=info adds one short line per request).
 */
export function logStyle(env: Record<string, string | undefined>, terminal: boolean): LogStyle {
  const chosen = env.LOG_FORMAT === "json" || env.LOG_FORMAT === "text" ? env.LOG_FORMAT : undefined;
  const format = chosen ?? (!env.DATABASE_URL && terminal ? "text" : "json");
  return { format, level: env.LOG_LEVEL || (format === "text" ? "warn" : "info") };
}

const LEVEL_NAMES: Record<number, string> = { 10: "trace", 20: "debug", 30: "info", 40: "aviso", 50: "ERROR", 60: "FATAL" };
/** Members every line has, or that the text line says in its own words. */
const OMITTED = new Set(["level", "time", "pid", "hostname", "service", "msg", "err", "method", "path", "status", "ms"]);

/** One JSON log line as a person reads it: time, level, message, its fields; an error's stack below. */
export function textLine(json: string): string {
  const entry = JSON.parse(json) as Fields & { level: number; time: number; msg?: string; err?: LoggedError };
  const time = new Date(entry.time).toTimeString().slice(0, 8);
  if (entry.msg === "request" && entry.level === 30) return `${time}  ${entry.method} ${entry.path} → ${entry.status} · ${entry.ms} ms\n`;
  const fields = Object.entries(entry)
    .filter(([name, value]) => !OMITTED.has(name) && (typeof value !== "object" || value === null))
    .map(([name, value]) => `${name}=${value}`);
  const head = [time, LEVEL_NAMES[entry.level] ?? String(entry.level), entry.msg ?? "", ...fields].join("  ");
  const stack = entry.err?.stack ? `\n${entry.err.stack.replace(/^/gm, "    ")}` : "";
  return `${head}${stack}\n`;
}

/** A destination that writes each line as text to `out`. */
function asText(out: { write(text: string): unknown }): pino.DestinationStream {
  return { write: (line: string) => out.write(textLine(line)) };
}

/** A logger writing to `destination` (standard output by default), with the service's redactions. */
export function createLogger(destination?: pino.DestinationStream, style: LogStyle = logStyle(process.env, false)): pino.Logger {
  return pino(
    {
      level: style.level,
      base: { service: "vitrina" },
      serializers: { err: serializeError },
      redact: {
        paths: ["authorization", "*.authorization", "*.Authorization", "*.secret", "*.Secret", "*.AppSecret", "*.Password", "*.password"],
        censor: "[oculto]",
      },
    },
    style.format === "text" ? asText(destination ?? process.stdout) : destination,
  );
}

/** Structured logs. Secrets never reach them: credentials, passwords, bodies and a statement's values are not logged. */
export function logger(): pino.Logger {
  holder.__vitrinaLogger ??= createLogger(undefined, logStyle(process.env, process.stdout.isTTY === true));
  return holder.__vitrinaLogger;
}
