import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Zod (bundled inside Scalar) probes whether it may compile code with `new Function("")`. Under the
 * page's CSP (no 'unsafe-eval') the probe fails, as intended, but the browser reports it as a CSP
 * violation on every load. The probe is answered "no" up front: zod then validates without its
 * JIT, exactly as it does wherever eval is unavailable (docs/security.md). If a Scalar upgrade
 * changes the text the bundle is served as is, and tests/e2e/csp.spec.ts reports the violation.
 */
const EVAL_PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

let bundle: Promise<Buffer> | undefined;

async function load(): Promise<Buffer> {
  const file = await readFile(path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js"), "utf8");
  return Buffer.from(file.replace(EVAL_PROBE, "return!1"));
}

export async function GET(): Promise<Response> {
  bundle ??= load();
  return new Response(new Uint8Array(await bundle), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
