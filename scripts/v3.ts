import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, publicBaseUrlFrom } from "@/lib/env";
import { signRequest } from "@/lib/http/signing";

const usage = `Uso: npm run -s v3 -- MÉTODO /v3/ruta [opciones]

Firma la solicitud con ACS-HMAC, la envía e imprime estado, encabezados y cuerpo.

Credenciales (en este orden): --key/--secret, --credentials archivo.json (la salida de
"npm run -s admin -- app create --json"), o las variables VITRINA_APP_KEY y VITRINA_APP_SECRET.

Opciones:
  --base URL           URL base del servicio (por defecto VITRINA_BASE_URL, si no PUBLIC_BASE_URL,
                       si no http://localhost:$PORT, como el servidor)
  --data JSON          cuerpo de la solicitud (se envía como application/json con Digest)
  -H, --header "N: V"  encabezado adicional (repetible), p. ej. -H "Accept: application/vnd.service.ref+json"
`;

/** A mistake of the caller: one line saying what to do, no stack trace. */
class UsageError extends Error {}

type AppCredentials = { AppKey?: unknown; AppSecret?: unknown };

function readCredentials(file: string): AppCredentials {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(
      `No se puede leer ${file}: crealo con npm run -s admin -- app create --name "Mi CRM" --json > ${file}, o pasá --key y --secret.`,
    );
  }
  try {
    // Tolerates the lines npm prints around a script's output.
    return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  } catch {
    throw new UsageError(`${file} no es la salida de npm run -s admin -- app create --json: volvé a crearlo o pasá --key y --secret.`);
  }
}

function readOptions() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        key: { type: "string" },
        secret: { type: "string" },
        credentials: { type: "string" },
        base: { type: "string" },
        data: { type: "string" },
        header: { type: "string", short: "H", multiple: true },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const option = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1] ?? "";
    // Typically `--key $APP_KEY` with APP_KEY empty: the option takes the next one or has no value.
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      throw new UsageError(
        `${option} quedó sin valor (¿una variable vacía, como APP_KEY en --key $APP_KEY?): definila o usá --credentials app.json.`,
      );
    }
    throw new UsageError(`Opción desconocida ${option}: las opciones están en npm run -s v3 -- --help.`);
  }
}

function credentialsOf(values: { key?: string; secret?: string; credentials?: string }): { appKey: string; appSecret: string } {
  const fromFile = values.credentials ? readCredentials(values.credentials) : {};
  const appKey = values.key || (typeof fromFile.AppKey === "string" && fromFile.AppKey) || process.env.VITRINA_APP_KEY;
  const appSecret = values.secret || (typeof fromFile.AppSecret === "string" && fromFile.AppSecret) || process.env.VITRINA_APP_SECRET;
  if (!appKey || !appSecret) {
    throw new UsageError(
      "Faltan credenciales (vacías o ausentes): usá --key y --secret, --credentials app.json o VITRINA_APP_KEY y VITRINA_APP_SECRET.",
    );
  }
  return { appKey, appSecret };
}

function headersOf(lines: string[]): Record<string, string> {
  return Object.fromEntries(
    lines.map((line) => {
      const separator = line.indexOf(":");
      if (separator <= 0) throw new UsageError(`Encabezado inválido "${line}": escribilo como -H "Nombre: valor".`);
      return [line.slice(0, separator).trim(), line.slice(separator + 1).trim()];
    }),
  );
}

function baseUrlOf(option: string | undefined): string {
  let base: string;
  try {
    base = (option || process.env.VITRINA_BASE_URL || publicBaseUrlFrom(process.env)).replace(/\/+$/, "");
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`${error.message.replace(/\s*\n\s*/g, " ")} (o pasá --base URL).`);
    throw error;
  }
  if (!URL.canParse(base)) throw new UsageError(`"${base}" no es una URL: pasá --base http://localhost:3000 o corregí VITRINA_BASE_URL.`);
  return base;
}

async function send(base: string, method: string, pathAndQuery: string, headers: Record<string, string>, body?: string) {
  try {
    return await fetch(base + pathAndQuery, { method, headers, body });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (!cause)
      throw new UsageError(
        `No se pudo enviar (${(error as Error).message.replace(/\.+$/, "")}): revisá los encabezados (-H) y el cuerpo (--data).`,
      );
    throw new UsageError(
      `No hay respuesta de ${base} (${cause.code ?? cause.message}): ¿está corriendo npm start? Si escucha en otro lugar, definí PORT o PUBLIC_BASE_URL, o pasá --base.`,
    );
  }
}

async function printResponse(response: Response): Promise<void> {
  process.stdout.write(`HTTP ${response.status} ${response.statusText}\n`);
  for (const [name, value] of response.headers) process.stdout.write(`${name}: ${value}\n`);
  const text = await response.text();
  if (!text) return;
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {}
  process.stdout.write(`\n${pretty}\n`);
}

async function main(): Promise<number> {
  const { values, positionals } = readOptions();
  const [methodName, pathAndQuery] = positionals;
  if (values.help) {
    process.stdout.write(usage);
    return 0;
  }
  if (!methodName || !pathAndQuery?.startsWith("/")) {
    throw new UsageError('Falta el método o la ruta: npm run -s v3 -- GET "/v3/marcas?q=fer" --credentials app.json (--help para más).');
  }
  const method = methodName.toUpperCase();
  const { appKey, appSecret } = credentialsOf(values);
  const extraHeaders = headersOf(values.header ?? []);
  if (values.data !== undefined) extraHeaders["Content-Type"] ??= "application/json";
  const base = baseUrlOf(values.base);
  const headers = signRequest({ method, pathAndQuery, appKey, appSecret, body: values.data, headers: extraHeaders });
  const response = await send(base, method, pathAndQuery, headers, values.data);
  await printResponse(response);
  return response.ok || response.status === 304 ? 0 : 1;
}

// Piped into head or less: stop quietly when the reader goes away.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

try {
  process.exitCode = await main();
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 2;
}
