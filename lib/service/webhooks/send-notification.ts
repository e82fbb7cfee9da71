import { request } from "undici";
import { storableText } from "@/lib/db/storable-text";
import { config } from "@/lib/env";
import { RefusedAddressError, webhookDispatcher } from "./guarded-agent";
import { parseRetryAfter } from "./retry-schedule";

export const DELIVERY_TIMEOUT_MS = 15_000;
const RESPONSE_LIMIT_BYTES = 20 * 1024;
/** An attempt's error text quotes the receiver at times (a redirect's Location): bounded too. */
const ERROR_LIMIT_BYTES = 2 * 1024;

export type SendResult = {
  /** 0 when no answer arrived (connection error, SSRF refusal, timeout). */
  httpStatus: number;
  ok: boolean;
  timedOut: boolean;
  latencyMs: number;
  /** The first 20 KB of the answer's body, storable (decisions 0024). */
  response: string | null;
  /** Storable, at most 2 KB. */
  error: string | null;
  retryAfterMs?: number;
};

/** How the answer's body ended when it did not end by itself: time was up, or the receiver broke it off. */
type Cut = "timeout" | "broken" | undefined;
type Answer = { text: string; cut: Cut };

/**
 * The first 20 KB of the answer's body as storable text. A body still arriving when the time is up
 * (or broken off by the receiver) ends there: the status already said how the delivery went.
 */
async function readAnswer(body: AsyncIterable<Uint8Array>, signal: AbortSignal): Promise<Answer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut: Cut;
  try {
    for await (const chunk of body) {
      chunks.push(Buffer.from(chunk));
      size += chunk.length;
      if (size > RESPONSE_LIMIT_BYTES) break;
    }
  } catch {
    cut = signal.aborted ? "timeout" : "broken";
  }
  return { text: storableText(Buffer.concat(chunks), RESPONSE_LIMIT_BYTES), cut };
}

/** The connection error in a line; the SSRF guard's refusal is ours and needs no code before it. */
function describeError(error: unknown): string {
  const err = error as Error & { code?: string; cause?: Error & { code?: string } };
  const root = err.cause && !(err.message || "").includes(err.cause.message) ? err.cause : err;
  if (root instanceof RefusedAddressError) return root.message;
  const code = root.code ?? err.code;
  const message = root.message || String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * One POST of a notification: 15 s for the whole exchange (an answer's status that arrived in time
 * decides, however its body ends), redirects not followed (a 3xx is a failure), the connection
 * checked by the SSRF guard unless private networks are allowed.
 */
export async function sendNotification(callback: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await request(callback, {
      method: "POST",
      headers,
      body,
      signal,
      dispatcher: webhookDispatcher(config().webhookAllowPrivateNetworks),
    });
    const answer = await readAnswer(response.body, signal);
    const status = response.statusCode;
    const ok = status >= 200 && status < 300;
    const retryAfter = response.headers["retry-after"];
    return {
      httpStatus: status,
      ok,
      timedOut: false,
      latencyMs: elapsed(),
      response: answer.text,
      error: storableError(answerError(status, ok, response.headers.location, answer.cut)),
      retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, new Date()),
    };
  } catch (error) {
    const timedOut = signal.aborted;
    return {
      httpStatus: 0,
      ok: false,
      timedOut,
      latencyMs: elapsed(),
      response: null,
      error: storableError(
        timedOut ? `Sin respuesta en ${DELIVERY_TIMEOUT_MS / 1000} s (tiempo de espera agotado).` : describeError(error),
      ),
    };
  }
}

/** What the attempt's log says of an answer that arrived; null for a complete 2xx. */
function answerError(status: number, ok: boolean, location: string | string[] | undefined, cut: Cut): string | null {
  const parts: string[] = [];
  if (status >= 300 && status < 400) parts.push(`Redirección ${status} no seguida (Location: ${location ?? "ninguna"}).`);
  else if (!ok) parts.push(`El receptor respondió ${status}.`);
  if (cut === "timeout")
    parts.push(`El cuerpo de la respuesta no terminó en ${DELIVERY_TIMEOUT_MS / 1000} s: se guardó lo recibido hasta entonces.`);
  if (cut === "broken") parts.push("El receptor cortó la conexión mientras enviaba el cuerpo: se guardó lo recibido hasta entonces.");
  return parts.length > 0 ? parts.join(" ") : null;
}

function storableError(text: string | null): string | null {
  return text === null ? null : storableText(text, ERROR_LIMIT_BYTES);
}
