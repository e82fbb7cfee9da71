import pino from "pino";

const holder = globalThis as typeof globalThis & { __vitrinaLogger?: pino.Logger };

/** Structured logs. Secrets never reach them: credentials, passwords and bodies are not logged. */
export function logger(): pino.Logger {
  holder.__vitrinaLogger ??= pino({
    level: process.env.LOG_LEVEL || "info",
    base: { service: "vitrina" },
    redact: {
      paths: ["authorization", "*.authorization", "*.Authorization", "*.secret", "*.Secret", "*.AppSecret", "*.Password", "*.password"],
      censor: "[oculto]",
    },
  });
  return holder.__vitrinaLogger;
}
