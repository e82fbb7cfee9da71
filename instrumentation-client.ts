import { config } from "zod";

/**
 * Runs in the browser before the app's own modules. Zod probes whether it may compile validators
 * with `new Function`; the pages' Content-Security-Policy forbids eval (no 'unsafe-eval'), so the
 * probe would fail anyway, but the browser reports each attempt as a CSP violation. jitless skips
 * the probe: the forms validate with zod's interpreter, as they would have after the failed probe.
 * Server code is untouched (this file is client-only). See docs/security.md.
 */
config({ jitless: true });
