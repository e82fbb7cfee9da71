import { streamed } from "@/lib/http/response-bytes";

/**
 * A streamed answer for tests/unit/direct-routes-lineas.test.ts, served by lib/http/direct-routes.ts
 * from this folder: `?lineas=N` lines, then the end, or with `&falla` an error in place of the end.
 */
export async function GET(request: Request) {
  const query = new URL(request.url).searchParams;
  const lineas = Number(query.get("lineas"));
  const encoder = new TextEncoder();
  let enviadas = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (enviadas < lineas) controller.enqueue(encoder.encode(`${JSON.stringify({ Linea: ++enviadas, Relleno: "x".repeat(200) })}\n`));
      else if (query.has("falla")) controller.error(new Error("la fuente se cortó"));
      else controller.close();
    },
  });
  return streamed(new Response(body, { headers: { "Content-Type": "application/x-ndjson; charset=utf-8" } }));
}
