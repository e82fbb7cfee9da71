import autocannon from "autocannon";
import { signRequest } from "@/lib/http/signing";

/** autocannon against one signed GET: every request gets a fresh Date, nonce and signature. */

export type Credentials = { AppKey: string; AppSecret: string };
export type LoadResult = { rps: number; p50: number; p99: number; requests: number; failures: number };

export async function load(input: {
  baseUrl: string;
  path: string;
  connections: number;
  seconds: number;
  credentials: Credentials;
}): Promise<LoadResult> {
  const { AppKey, AppSecret } = input.credentials;
  const result = await autocannon({
    url: input.baseUrl,
    connections: input.connections,
    duration: input.seconds,
    timeout: 30,
    requests: [
      {
        method: "GET",
        path: input.path,
        setupRequest: (request) => ({
          ...request,
          headers: {
            Accept: "application/json",
            ...signRequest({ method: "GET", pathAndQuery: input.path, appKey: AppKey, appSecret: AppSecret }),
          },
        }),
      },
    ],
  });
  return loadResult(result);
}

/** What a run of autocannon measured, as the report counts it. */
export function loadResult(result: autocannon.Result): LoadResult {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** One signed request (setup, checks). */
export async function signedFetch(baseUrl: string, credentials: Credentials, method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = signRequest({ method, pathAndQuery: path, appKey: credentials.AppKey, appSecret: credentials.AppSecret, body: text });
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: text === undefined ? headers : { ...headers, "Content-Type": "application/json" },
    body: text,
  });
}

export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}
