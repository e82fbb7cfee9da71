import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFoto } from "@/lib/service/publicaciones/check-foto";
import { webhookDispatcher } from "@/lib/service/webhooks/guarded-agent";
import { startPhotoServer } from "../support/servidor-de-fotos";

/**
 * The photo check (docs/contract.md#photos) against real servers on loopback: each hostile answer
 * ends in its reason, a good photo in ok. The servers are on loopback, so the checks go through the
 * webhooks' open dispatcher, except where the SSRF guard itself is tested.
 */

let photos: Awaited<ReturnType<typeof startPhotoServer>>;
const open = () => webhookDispatcher(true);
const guarded = () => webhookDispatcher(false);

beforeAll(async () => {
  photos = await startPhotoServer();
});
afterAll(() => photos.close());

describe("checkFoto", () => {
  it.concurrent.each([
    ["/buena.jpg", null],
    ["/grande.png", null],
    ["/retrato.webp", null],
    ["/mudada.jpg", null],
  ])("%s is ok", async (name, motivo) => {
    expect(await checkFoto(photos.url(name), open)).toEqual({ estado: "ok", motivo });
  });

  it.concurrent.each([
    ["/pagina.jpg", "no es una imagen", false],
    ["/chica.png", "muy chica: 320×240 (mínimo 640×480)", false],
    ["/animada.gif", "formato GIF no admitido: solo JPEG, PNG o WebP", false],
    ["/enorme.jpg", "pesa más de 10 MB", false],
    ["/sin-fin.jpg", "pesa más de 10 MB", false],
    ["/lenta.jpg", "no respondió en 15 s", true],
    ["/a-privada.jpg", "redirige a otra dirección (10.0.0.1)", false],
    ["/a-la-nube.jpg", "redirige a otra dirección (169.254.169.254)", false],
    ["/vueltas.jpg", "redirige más de 3 veces", false],
    ["/no-existe.jpg", "respondió 404 (no existe)", false],
  ])("%s is an error: %s", async (name, motivo, transient) => {
    const started = Date.now();
    expect(await checkFoto(photos.url(name), open)).toEqual({ estado: "error", motivo, transient });
    expect(Date.now() - started).toBeLessThan(17_000);
  });

  it("a 503 is a failure that may pass: the next try finds the photo", async () => {
    const url = photos.url("/a-veces.jpg?unidad");
    expect(await checkFoto(url, open)).toEqual({ estado: "error", motivo: "respondió 503", transient: true });
    expect(await checkFoto(url, open)).toEqual({ estado: "ok", motivo: null });
  });

  it("through the SSRF guard, a photo on loopback is refused before connecting", async () => {
    expect(await checkFoto(photos.url("/buena.jpg"), guarded)).toEqual({
      estado: "error",
      motivo: expect.stringMatching(/^no está en una dirección pública de Internet: 127\.0\.0\.1 .*loopback/),
      transient: false,
    });
  });

  it("a server that refuses the connection, and one that does not exist", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));
    expect(await checkFoto(`http://127.0.0.1:${port}/foto.jpg`, open)).toEqual({
      estado: "error",
      motivo: `el servidor 127.0.0.1:${port} rechazó la conexión`,
      transient: true,
    });
    expect(await checkFoto("http://fotos.invalid/foto.jpg", open)).toEqual({
      estado: "error",
      motivo: "no existe el servidor fotos.invalid",
      transient: false,
    });
  });
});
