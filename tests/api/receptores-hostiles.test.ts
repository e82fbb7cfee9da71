import { readFileSync } from "node:fs";
import type { Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstorableCharacter } from "@/lib/db/storable-text";
import { server } from "../support/client";
import { operarEn } from "../support/operador";
import { api, type Credenciales } from "../support/panel-consultas";
import { eventually, startRawReceiver, startReceiver } from "../support/receiver";
import { startTestServer, type TestServerInfo } from "../support/test-server";

/**
 * Issue 17, item 2: whatever a webhook receiver answers is recorded safely, the notification moves
 * on as the ladder says, and a notification delivered is never sent again (decisions 0024). The
 * answers come from real receivers on loopback: an HTTP server for hostile bodies, a TCP server
 * for what an HTTP server would not write (odd status lines, headers over any limit, bodies that
 * never end). Runs on PGlite, and on PostgreSQL with DATABASE_URL; the last part always on
 * PostgreSQL, where a trigger makes recording the receiver's answer fail.
 */

const RESPONSE_LIMIT = 20 * 1024;
const ERROR_LIMIT = 2 * 1024;

type Attempt = { HttpStatus: number; Respuesta: string | null; Error: string | null; Momento: string; ProximoIntento: string | null };
type Entry = { Estado: string; Intentos: Attempt[]; ProximoIntento: string | null };

/** Text the service recorded: storable, within its limit. */
function expectStorable(text: string | null, limit: number) {
  if (text === null) return;
  expect(unstorableCharacter(text)).toBeUndefined();
  expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(limit);
}

/** An app of `service` with a consultas webhook it points at each receiver in turn. */
async function hookedApp(service: TestServerInfo) {
  const app: Credenciales = await operarEn<Credenciales>(service, "app.create", { name: "Receptores hostiles" });
  const path = "/v3/appnotificaciones/consultas";
  const call = (method: string, to: string, body?: unknown) => api(service, app, method, to, body);
  return {
    async pointAt(callback: string) {
      let response = await call("PUT", path, { Callback: callback });
      if (response.status === 404) response = await call("POST", path, { Callback: callback });
      expect([200, 201]).toContain(response.status);
    },
    async sendTest(): Promise<string> {
      const response = await call("POST", `${path}/prueba`);
      expect(response.status).toBe(202);
      return (await response.json()).Id;
    },
    /** The notification once its first attempt is recorded. */
    async firstAttempt(id: string, timeoutMs = 20_000): Promise<Entry> {
      return eventually(
        async () => {
          const entry: Entry = await (await call("GET", `${path}/entregas/${id}`)).json();
          return entry.Intentos.length > 0 ? entry : undefined;
        },
        timeoutMs,
        `el primer intento de ${id}`,
      );
    },
  };
}

/** A failed first attempt, recorded with a retry on the ladder's first step (5 s ± 20 %). */
function expectRetryScheduled(entry: Entry) {
  const [attempt] = entry.Intentos;
  expect(["pendiente", "enviando"]).toContain(entry.Estado);
  expect(attempt?.ProximoIntento).toEqual(expect.any(String));
  const delay = Date.parse(attempt?.ProximoIntento as string) - Date.parse(attempt?.Momento as string);
  expect(delay).toBeGreaterThanOrEqual(3_000);
  // A timeout waits at least 60 s.
  expect(delay).toBeLessThanOrEqual(attempt?.HttpStatus === 0 && /tiempo/.test(attempt.Error ?? "") ? 75_000 : 7_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `head` (a status line and headers, without the blank line) and closes. */
const rawAnswer =
  (head: string, body = ""): ((socket: Socket) => void) =>
  (socket) =>
    socket.end(Buffer.concat([Buffer.from(`${head}\r\nConnection: close\r\n\r\n`, "latin1"), Buffer.from(body, "latin1")]));

/** 200 and then a body that never ends: as fast as the client reads, or a byte now and then. */
function endless(pace: "fast" | "trickle") {
  return (socket: Socket) => {
    socket.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n");
    if (pace === "trickle") {
      const timer = setInterval(() => socket.write("."), 300);
      socket.on("close", () => clearInterval(timer));
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, "z");
    const pump = () => {
      while (!socket.destroyed && socket.write(chunk)) {}
    };
    socket.on("drain", pump);
    pump();
  };
}

const allBytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 256));
// An odd first byte, so the 20 KB cut falls inside a two-byte character.
const tenMegabytes = `a${"é".repeat(5 * 1024 * 1024)}`;

describe("hostile answers are recorded safely and the ladder moves on", () => {
  let hook: Awaited<ReturnType<typeof hookedApp>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let raw: Awaited<ReturnType<typeof startRawReceiver>>;

  beforeAll(async () => {
    hook = await hookedApp(server());
    receiver = await startReceiver({
      "/nul-200": () => ({ status: 200, body: "ok\u0000" }),
      "/nul-500": () => ({ status: 500, body: "fallo\u0000" }),
      "/utf8-invalido": () => ({ status: 200, body: Buffer.from([0x6f, 0x6b, 0xff, 0xfe, 0xc3]) }),
      "/binario": () => ({ status: 200, body: allBytes }),
      "/diez-mb": () => ({ status: 200, body: tenMegabytes }),
    });
    raw = await startRawReceiver({
      "/sin-fin": endless("fast"),
      "/goteo": endless("trickle"),
      "/cabecera-enorme": rawAnswer(`HTTP/1.1 200 OK\r\nX-Enorme: ${"h".repeat(100 * 1024)}`),
      "/nul-en-cabecera": rawAnswer("HTTP/1.1 200 OK\r\nX-Nul: a\u0000b\r\nContent-Length: 2", "ok"),
      "/estado-299": rawAnswer("HTTP/1.1 299 Raro\r\nContent-Length: 2", "ok"),
      "/estado-999": rawAnswer("HTTP/1.1 999 Fuera de rango\r\nContent-Length: 2", "no"),
      "/estado-basura": rawAnswer("HOLA QUE TAL"),
      "/redireccion-hostil": rawAnswer(
        `HTTP/1.1 302 Found\r\nLocation: https://x.example/${"\u00ff\u00e9\u0080".repeat(3000)}\r\nContent-Length: 0`,
      ),
    });
  });

  afterAll(async () => {
    await receiver?.close();
    await raw?.close();
  });

  it("200 with a NUL in the body: delivered once, the NUL replaced", async () => {
    await hook.pointAt(receiver.url("/nul-200"));
    const id = await hook.sendTest();
    const entry = await hook.firstAttempt(id);
    expect(entry.Estado).toBe("entregada");
    expect(entry.Intentos).toEqual([expect.objectContaining({ HttpStatus: 200, Respuesta: "ok\uFFFD", Error: null })]);
    await sleep(1_000);
    expect(receiver.forId(id)).toHaveLength(1);
  });

  it("500 with a NUL in the body: a failed attempt recorded, the retry scheduled", async () => {
    await hook.pointAt(receiver.url("/nul-500"));
    const entry = await hook.firstAttempt(await hook.sendTest());
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 500, Respuesta: "fallo\uFFFD" });
    expectRetryScheduled(entry);
  });

  it.each([
    ["invalid UTF-8", "/utf8-invalido", (text: string) => expect(text).toBe("ok\uFFFD\uFFFD\uFFFD")],
    ["every byte value", "/binario", (text: string) => expect(text.length).toBeGreaterThan(1000)],
    ["10 MB, cut at 20 KB without splitting a character", "/diez-mb", (text: string) => expect(text).toBe(tenMegabytes.slice(0, 10_240))],
  ])("200 with %s: delivered, the body recorded as storable text", async (_name, path, check) => {
    await hook.pointAt(receiver.url(path));
    const id = await hook.sendTest();
    const entry = await hook.firstAttempt(id);
    expect(entry.Estado).toBe("entregada");
    const [attempt] = entry.Intentos;
    expect(attempt?.HttpStatus).toBe(200);
    expectStorable(attempt?.Respuesta ?? null, RESPONSE_LIMIT);
    check(attempt?.Respuesta as string);
    expect(receiver.forId(id)).toHaveLength(1);
  });

  it("200 and a body that never ends: delivered, its first 20 KB recorded", async () => {
    await hook.pointAt(raw.url("/sin-fin"));
    const id = await hook.sendTest();
    const entry = await hook.firstAttempt(id);
    expect(entry.Estado).toBe("entregada");
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 200, Respuesta: "z".repeat(RESPONSE_LIMIT), Error: null });
    expect(raw.forId(id)).toHaveLength(1);
  });

  it("200 and a body that trickles past the 15 s: delivered, what arrived recorded, not sent again", async () => {
    await hook.pointAt(raw.url("/goteo"));
    const id = await hook.sendTest();
    const entry = await hook.firstAttempt(id, 30_000);
    expect(entry.Estado).toBe("entregada");
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 200, Respuesta: expect.stringMatching(/^\.+$/) });
    expect(entry.Intentos[0]?.Error).toMatch(/no terminó en 15 s/);
    expect(raw.forId(id)).toHaveLength(1);
  }, 45_000);

  it("a redirect whose Location is 9,000 odd characters: a failed attempt, the error bounded", async () => {
    await hook.pointAt(raw.url("/redireccion-hostil"));
    const entry = await hook.firstAttempt(await hook.sendTest());
    expect(entry.Intentos[0]?.HttpStatus).toBe(302);
    expect(entry.Intentos[0]?.Error).toMatch(/^Redirección 302 no seguida \(Location: https:\/\/x\.example\//);
    expectStorable(entry.Intentos[0]?.Error ?? null, ERROR_LIMIT);
    expectRetryScheduled(entry);
  });

  it.each([
    ["headers over 100 KB", "/cabecera-enorme"],
    ["a NUL in a header", "/nul-en-cabecera"],
    ["a status line that is not HTTP", "/estado-basura"],
  ])("%s: no answer for the log (status 0), the error recorded, the retry scheduled", async (_name, path) => {
    await hook.pointAt(raw.url(path));
    const entry = await hook.firstAttempt(await hook.sendTest());
    expect(entry.Intentos[0]).toMatchObject({ HttpStatus: 0, Respuesta: null, Error: expect.any(String) });
    expectStorable(entry.Intentos[0]?.Error ?? null, ERROR_LIMIT);
    expectRetryScheduled(entry);
  });

  it("odd status codes: 299 is a success, 999 a failure", async () => {
    await hook.pointAt(raw.url("/estado-299"));
    const delivered = await hook.firstAttempt(await hook.sendTest());
    expect(delivered.Estado).toBe("entregada");
    expect(delivered.Intentos[0]).toMatchObject({ HttpStatus: 299, Respuesta: "ok" });

    await hook.pointAt(raw.url("/estado-999"));
    const failed = await hook.firstAttempt(await hook.sendTest());
    expect(failed.Intentos[0]).toMatchObject({ HttpStatus: 999, Respuesta: "no", Error: "El receptor respondió 999." });
    expectRetryScheduled(failed);
  });
});

describe("when recording the receiver's answer fails anyway (PostgreSQL)", () => {
  const POSTGRES_URL = process.env.WEBHOOK_TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  let service: Awaited<ReturnType<typeof startTestServer>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let database: pg.Client;

  beforeAll(async () => {
    service = await startTestServer({ postgresUrl: POSTGRES_URL });
    receiver = await startReceiver({ "/irregistrable": () => ({ status: 200, body: "no se puede guardar" }) });
    database = new pg.Client({ connectionString: service.info.env.DATABASE_URL });
    await database.connect();
    // Stands for any failure of that write (a constraint, a full disk, a bug): the attempt's insert
    // fails whenever it carries this receiver's answer.
    await database.query(`
      create function refuse_answer() returns trigger language plpgsql as $$
      begin
        if new.respuesta = 'no se puede guardar' then raise exception 'registro imposible'; end if;
        return new;
      end $$;
      create trigger refuse_answer before insert on entrega_intentos for each row execute function refuse_answer();`);
  });

  afterAll(async () => {
    await database?.end();
    await receiver?.close();
    await service?.stop();
  });

  it("a 200 is still recorded as delivered, without the answer, and not sent again when the lease ends", async () => {
    const hook = await hookedApp(service.info);
    await hook.pointAt(receiver.url("/irregistrable"));
    const id = await hook.sendTest();
    const entry = await hook.firstAttempt(id);
    expect(entry.Estado).toBe("entregada");
    expect(entry.Intentos).toEqual([
      expect.objectContaining({ HttpStatus: 200, Respuesta: null, Error: expect.stringMatching(/No pudimos guardar/) }),
    ]);
    // Its claim's lease (30 s) ends now, moved back as time would move it: a notification left
    // `enviando` would be due again. The workers claim the oldest due first, so once a later
    // notification has been delivered that claim has come and gone.
    await database.query("update notificaciones set proximo_intento_at = now() - interval '1 second' where id = $1", [id]);
    await hook.firstAttempt(await hook.sendTest());
    expect(receiver.forId(id)).toHaveLength(1);
    // The failure is logged with the database's SQLSTATE (P0001: raised), not with the statement's parameters.
    const log = readFileSync(service.info.logFile, "utf8");
    expect(log).toContain("webhook attempt not recorded");
    expect(log).toContain("SQLSTATE P0001");
    expect(log).not.toContain("no se puede guardar");
  });
});
