/**
 * No inline script (the CSP of this page has no 'unsafe-inline' for scripts): Scalar's bundle boots
 * itself from the #api-reference element's attributes. Off, so the page loads nothing from another
 * origin (its CSP, lib/http/security-headers.ts, allows only 'self'): the web fonts (fonts.scalar.com),
 * telemetry and the AI agent (api.scalar.com through proxy.scalar.com), the "open in Scalar's client"
 * button (client.scalar.com). The developer toolbar (Configure, Share, Deploy) is for Scalar's
 * own authoring, not for partners reading the reference.
 */
const configuration = JSON.stringify({
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  agent: { disabled: true },
  showDeveloperTools: "never",
});

const page = `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Referencia de la API v3 · Vitrina</title>
  </head>
  <body>
    <div id="api-reference" data-url="/v3/openapi.json" data-configuration='${configuration}'></div>
    <script src="/docs/api/scalar.js"></script>
  </body>
</html>`;

/** The API reference (Scalar), served from our own origin: no CDN needed. */
export async function GET(): Promise<Response> {
  return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
