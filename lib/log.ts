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

/** A logger writing to `destination` (standard output by default), with the service's redactions. */
export function createLogger(destination?: pino.DestinationStream): pino.Logger {
  return pino(
    {
      level: process.env.LOG_LEVEL || "info",
      base: { service: "vitrina" },
      serializers: { err: serializeError },
      redact: {
        paths: ["authorization", "*.authorization", "*.Authorization", "*.secret", "*.Secret", "*.AppSecret", "*.Password", "*.password"],
        censor: "[oculto]",
      },
    },
    destination,
  );
}

/** Structured logs. Secrets never reach them: credentials, passwords, bodies and a statement's values are not logged. */
export function logger(): pino.Logger {
  holder.__vitrinaLogger ??= createLogger();
  return holder.__vitrinaLogger;
}
