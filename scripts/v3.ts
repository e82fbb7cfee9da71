import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { signRequest } from "@/lib/http/signing";

const usage = `Uso: npm run v3 -- MÉTODO /v3/ruta [opciones]

Firma la solicitud con ACS-HMAC, la envía e imprime estado, encabezados y cuerpo.

Credenciales (en este orden): --key/--secret, --credentials archivo.json (la salida de
"npm run admin -- app create --json"), o las variables VITRINA_APP_KEY y VITRINA_APP_SECRET.

Opciones:
  --base URL           URL base del servicio (VITRINA_BASE_URL, por defecto http://localhost:3000)
  --data JSON          cuerpo de la solicitud (se envía como application/json con Digest)
  -H, --header "N: V"  encabezado adicional (repetible), p. ej. -H "Accept: application/vnd.service.ref+json"
`;

function readCredentials(file: string): { AppKey: string; AppSecret: string } {
  const text = readFileSync(file, "utf8");
  // Tolerates the lines npm prints around a script's output.
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

// Piped into head or less: stop quietly when the reader goes away.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const { values, positionals } = parseArgs({
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

const [method, pathAndQuery] = positionals;
if (values.help || !method || !pathAndQuery?.startsWith("/")) {
  process.stdout.write(usage);
  process.exit(values.help ? 0 : 2);
}

const fromFile = values.credentials ? readCredentials(values.credentials) : undefined;
const appKey = values.key ?? fromFile?.AppKey ?? process.env.VITRINA_APP_KEY;
const appSecret = values.secret ?? fromFile?.AppSecret ?? process.env.VITRINA_APP_SECRET;
if (!appKey || !appSecret) {
  process.stderr.write("Faltan credenciales: usá --key/--secret, --credentials o VITRINA_APP_KEY/VITRINA_APP_SECRET.\n");
  process.exit(2);
}

const extraHeaders = Object.fromEntries(
  (values.header ?? []).map((line) => {
    const separator = line.indexOf(":");
    return [line.slice(0, separator).trim(), line.slice(separator + 1).trim()];
  }),
);
if (values.data !== undefined) extraHeaders["Content-Type"] ??= "application/json";

const base = (values.base ?? process.env.VITRINA_BASE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const headers = signRequest({
  method: method.toUpperCase(),
  pathAndQuery,
  appKey,
  appSecret,
  body: values.data,
  headers: extraHeaders,
});

const response = await fetch(base + pathAndQuery, { method: method.toUpperCase(), headers, body: values.data });
process.stdout.write(`HTTP ${response.status} ${response.statusText}\n`);
for (const [name, value] of response.headers) process.stdout.write(`${name}: ${value}\n`);
const text = await response.text();
if (text) {
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {}
  process.stdout.write(`\n${pretty}\n`);
}
process.exitCode = response.ok || response.status === 304 ? 0 : 1;
