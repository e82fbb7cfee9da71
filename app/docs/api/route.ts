const page = `<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Referencia de la API v3 · Vitrina</title>
  </head>
  <body>
    <script id="api-reference" data-url="/v3/openapi.json"></script>
    <script src="/docs/api/scalar.js"></script>
  </body>
</html>`;

/** The API reference (Scalar), served from our own origin: no CDN needed. */
export async function GET(): Promise<Response> {
  return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
