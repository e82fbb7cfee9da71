import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operarEn } from "../support/operador";
import { api, type Credenciales } from "../support/panel-consultas";
import { eventually } from "../support/receiver";
import { startTestServer } from "../support/test-server";

/**
 * Issue 17, item 2, for e-mail: an SMTP server whose refusal carries a NUL, bytes that are not
 * UTF-8 and 100 KB of text. The outbox records the refusal (decisions 0024) and tries again on its
 * ladder (5 s after the first failure); before, recording failed and the message waited out its
 * 5-minute claim. The smtp-server package replaces a NUL in its replies, so this SMTP server on
 * loopback speaks the protocol itself: just what nodemailer's plain session needs. PGlite, or
 * PostgreSQL with DATABASE_URL.
 */

const HOSTILE_REPLY = Buffer.concat([
  Buffer.from("450 Buzón\u0000 lleno "),
  Buffer.from([0xff, 0xfe, 0xc3]),
  Buffer.from(` ${"x".repeat(100_000)}\r\n`),
]);

let smtp: Server;
const sockets = new Set<Socket>();
let service: Awaited<ReturnType<typeof startTestServer>>;
const attempts: { to: string; at: number; accepted: boolean }[] = [];
const delivered: string[] = [];

/** One SMTP session: refuses each recipient's first RCPT with HOSTILE_REPLY, accepts the rest. */
function session(socket: Socket) {
  let buffered = "";
  let inData = false;
  let recipient = "";
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("error", () => {});
  socket.write("220 hostil ESMTP\r\n");
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("latin1");
    for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (inData) {
        if (line === ".") {
          inData = false;
          delivered.push(recipient);
          socket.write("250 aceptado\r\n");
        }
        continue;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === "RCPT") {
        recipient = /<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? "";
        const accepted = attempts.some((attempt) => attempt.to === recipient);
        attempts.push({ to: recipient, at: Date.now(), accepted });
        socket.write(accepted ? "250 ok\r\n" : HOSTILE_REPLY);
      } else if (command === "DATA") {
        inData = true;
        socket.write("354 adelante\r\n");
      } else if (command === "QUIT") socket.end("221 chau\r\n");
      else socket.write("250 ok\r\n");
    }
  });
}

beforeAll(async () => {
  smtp = createServer(session);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const address = smtp.address();
  const port = typeof address === "object" && address ? address.port : 0;
  service = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});

afterAll(async () => {
  await service?.stop();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe("an SMTP refusal that carries a NUL, bytes that are not UTF-8 and 100 KB", () => {
  it("is recorded, and the message is sent again 5 s later as the outbox's ladder says", async () => {
    const app: Credenciales = await operarEn<Credenciales>(service.info, "app.create", { name: "Correo hostil" });
    const mail = "hostil@agencia.test";
    expect((await api(service.info, app, "POST", "/v3/agencias", { AdminMail: mail })).status).toBe(202);
    await eventually(async () => (delivered.includes(mail) ? true : undefined), 20_000, "la invitación entregada");
    const [refused, accepted] = attempts.filter((attempt) => attempt.to === mail);
    expect(refused?.accepted).toBe(false);
    expect(accepted?.accepted).toBe(true);
    expect((accepted?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(4_000);
  });
});

describe("with SMTP_URL set (issue 17, item 4)", () => {
  it("the dev mailbox does not exist, not even for a request from this machine", async () => {
    for (const page of ["/dev/mailbox", "/dev/mailbox/01JZ0000000000000000000000"]) {
      expect((await fetch(`${service.info.baseUrl}${page}`)).status).toBe(404);
    }
  });
});
