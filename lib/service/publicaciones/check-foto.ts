import { imageSize } from "image-size";
import { type Dispatcher, request } from "undici";
import { storableText } from "@/lib/db/storable-text";
import { RefusedAddressError } from "@/lib/service/webhooks/guarded-agent";

/** The limits of one photo's check (decisions 0072). */
export const FOTO_LIMITS = {
  /** The whole exchange: connection, redirects and body. */
  timeoutMs: 15_000,
  maxBytes: 10 * 1024 * 1024,
  /** Either way round: a portrait photo of 480×640 is as good as a landscape one. */
  minLong: 640,
  minShort: 480,
  /** Redirects on the photo's own origin (or to https on its own host) followed at most. */
  maxRedirects: 3,
};

const FORMATS: Record<string, string> = { jpg: "JPEG", png: "PNG", webp: "WebP" };
const REASON_LIMIT_BYTES = 300;
const TOO_BIG = `pesa más de ${FOTO_LIMITS.maxBytes / 1024 / 1024} MB`;

/** `transient`: a failure that may pass by itself (no answer, a refused or cut connection, 5xx, 429): worth another try. */
export type Revision = { estado: "ok"; motivo: null } | { estado: "error"; motivo: string; transient: boolean };

/** A photo the check refuses, with the reason a person reads. */
class Refused extends Error {
  constructor(
    message: string,
    readonly transient = false,
  ) {
    super(message);
  }
}

const TRANSIENT_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/** Where each hop connects through: the SSRF-guarded dispatcher, unless the address is known to be ours. */
export type DispatcherFor = (url: URL) => Dispatcher;

/**
 * Fetches a photo's URL and judges it (docs/contract.md#photos): JPEG, PNG or WebP of at least
 * 640×480, at most 10 MB, within 15 s, redirected only within its own origin. Never throws: every
 * way it fails is a Spanish reason in `motivo`.
 */
export async function checkFoto(url: string, dispatcherFor: DispatcherFor): Promise<Revision> {
  const signal = AbortSignal.timeout(FOTO_LIMITS.timeoutMs);
  try {
    const { bytes, contentType } = await download(new URL(url), dispatcherFor, signal);
    return judge(bytes, contentType);
  } catch (error) {
    if (signal.aborted) return refused(`no respondió en ${FOTO_LIMITS.timeoutMs / 1000} s`, true);
    if (error instanceof Refused) return refused(error.message, error.transient);
    return refused(failure(error, new URL(url).host), TRANSIENT_CODES.has(codeOf(error) ?? ""));
  }
}

const refused = (motivo: string, transient = false): Revision => ({
  estado: "error",
  motivo: storableText(motivo, REASON_LIMIT_BYTES),
  transient,
});

async function download(start: URL, dispatcherFor: DispatcherFor, signal: AbortSignal) {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await request(url, {
      method: "GET",
      headers: { accept: "image/jpeg, image/png, image/webp" },
      signal,
      dispatcher: dispatcherFor(url),
    });
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      discard(response.body);
      if (status >= 300 && status < 400) {
        url = nextHop(url, response.headers.location, hop);
        continue;
      }
      throw new Refused(
        `respondió ${status}${status === 404 || status === 410 ? " (no existe)" : ""}`,
        status >= 500 || status === 429 || status === 408,
      );
    }
    const type = response.headers["content-type"];
    const contentType = Array.isArray(type) ? type[0] : type;
    if (Number(response.headers["content-length"]) > FOTO_LIMITS.maxBytes) {
      discard(response.body);
      throw new Refused(TOO_BIG);
    }
    return { bytes: await readLimited(response.body), contentType };
  }
}

/** The redirect's target when it stays on the photo's origin (http may become https on the same host). */
function nextHop(from: URL, location: string | string[] | undefined, hop: number): URL {
  const target = typeof location === "string" ? parsed(location, from) : undefined;
  if (!target) throw new Refused("redirige sin decir adónde");
  const upgrade = from.protocol === "http:" && target.protocol === "https:" && from.hostname === target.hostname;
  if (target.origin !== from.origin && !upgrade) throw new Refused(`redirige a otra dirección (${target.host || target.protocol})`);
  if (hop >= FOTO_LIMITS.maxRedirects) throw new Refused(`redirige más de ${FOTO_LIMITS.maxRedirects} veces`);
  return target;
}

function parsed(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/** A body not read: closed, and its closing is no error of anyone's. */
function discard(body: Dispatcher.ResponseData["body"]): void {
  body.on("error", () => {});
  body.destroy();
}

/** The body, up to the size limit; leaving the loop early closes it. */
async function readLimited(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > FOTO_LIMITS.maxBytes) throw new Refused(TOO_BIG);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function judge(bytes: Buffer, contentType: string | undefined): Revision {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return refused("no es una imagen");
  }
  const format = FORMATS[size.type ?? ""];
  if (!format) {
    const named = contentType?.startsWith("image/") || size.type === "gif";
    return refused(named ? `formato ${(size.type ?? "desconocido").toUpperCase()} no admitido: solo JPEG, PNG o WebP` : "no es una imagen");
  }
  const { width, height } = size;
  if (Math.max(width, height) < FOTO_LIMITS.minLong || Math.min(width, height) < FOTO_LIMITS.minShort) {
    return refused(`muy chica: ${width}×${height} (mínimo ${FOTO_LIMITS.minLong}×${FOTO_LIMITS.minShort})`);
  }
  return { estado: "ok", motivo: null };
}

function codeOf(error: unknown): string | undefined {
  const err = error as Error & { code?: string; cause?: Error & { code?: string } };
  return err.cause?.code ?? err.code;
}

/** A connection's failure in words: the SSRF guard's refusal, a name that does not exist, a refused or cut connection. */
function failure(error: unknown, host: string): string {
  const err = error as Error & { code?: string; cause?: Error & { code?: string } };
  const guard = [err, err.cause].find((each) => each instanceof RefusedAddressError);
  if (guard) return `no está en una dirección pública de Internet: ${guard.reason}`;
  const code = codeOf(error);
  if (code === "ENOTFOUND") return `no existe el servidor ${host}`;
  if (code === "EAI_AGAIN") return `no se pudo averiguar la dirección de ${host} (DNS)`;
  if (code === "ECONNREFUSED") return `el servidor ${host} rechazó la conexión`;
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "el servidor cortó la conexión";
  if (code?.startsWith("ERR_TLS") || code?.includes("CERT")) return `el certificado https de ${host} no es válido (${code})`;
  return `no se pudo descargar (${code ?? ((err.cause ?? err).message || "error desconocido")})`;
}
