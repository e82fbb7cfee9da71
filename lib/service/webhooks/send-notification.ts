import { request } from "undici";
import { config } from "@/lib/env";
import { webhookDispatcher } from "./guarded-agent";
import { parseRetryAfter } from "./retry-schedule";

export const DELIVERY_TIMEOUT_MS = 15_000;
const RESPONSE_LIMIT_BYTES = 20 * 1024;

export type SendResult = {
  /** 0 when no answer arrived (connection error, SSRF refusal, timeout). */
  httpStatus: number;
  ok: boolean;
  timedOut: boolean;
  latencyMs: number;
  /** The first 20 KB of the answer's body. */
  response: string | null;
  error: string | null;
  retryAfterMs?: number;
};

async function readLimited(body: AsyncIterable<Uint8Array> & { destroy?: () => void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(Buffer.from(chunk));
    size += chunk.length;
    if (size >= RESPONSE_LIMIT_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_LIMIT_BYTES).toString("utf8");
}

function describeError(error: unknown): string {
  const err = error as Error & { code?: string; cause?: Error & { code?: string } };
  const root = err.cause && !(err.message || "").includes(err.cause.message) ? err.cause : err;
  const code = root.code ?? err.code;
  const message = root.message || String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/**
 * One POST of a notification: 15 s for the whole exchange, redirects not followed (a 3xx is a
 * failure), the connection checked by the SSRF guard unless private networks are allowed.
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
    const text = await readLimited(response.body);
    const status = response.statusCode;
    const ok = status >= 200 && status < 300;
    const retryAfter = response.headers["retry-after"];
    let error: string | null = null;
    if (status >= 300 && status < 400) error = `Redirección ${status} no seguida (Location: ${response.headers.location ?? "ninguna"}).`;
    else if (!ok) error = `El receptor respondió ${status}.`;
    return {
      httpStatus: status,
      ok,
      timedOut: false,
      latencyMs: elapsed(),
      response: text,
      error,
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
      error: timedOut ? `Sin respuesta en ${DELIVERY_TIMEOUT_MS / 1000} s (tiempo de espera agotado).` : describeError(error),
    };
  }
}
