/**
 * What a proxy (or a client pretending to be one) adds to a request it forwards, one header at a
 * time: the tests of "straight from this machine" (the dev mailbox, /metrics without METRICS_TOKEN,
 * issue 29 item 4) send each one from loopback and expect the request treated as not direct. Written
 * out here rather than imported from lib/client-address.ts, so a header dropped from the service's
 * list fails these tests.
 */
export const ENCABEZADOS_DE_PROXY: Record<string, string> = {
  "X-Forwarded-For": "8.8.8.8",
  "X-Forwarded-Host": "otro-sitio.example",
  "X-Forwarded-Proto": "https",
  Forwarded: "for=8.8.8.8",
  "X-Real-IP": "8.8.8.8",
  "True-Client-IP": "8.8.8.8",
  "CF-Connecting-IP": "8.8.8.8",
  "Fastly-Client-IP": "8.8.8.8",
  "X-Client-IP": "8.8.8.8",
  "X-Cluster-Client-IP": "8.8.8.8",
  Via: "1.1 proxy-local",
};
