import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, createApp } from "../support/client";
import { call, enquiry, publish, registered } from "../support/consultas";
import { checkDelivery } from "../support/contract";
import { type Received, startReceiver } from "../support/receiver";

/**
 * Issue 29 (item 9): what a Callback really receives, for every topic, test notifications included, is
 * what the OpenAPI document's webhook of that topic describes (docs/decisions/0056).
 */

const TOPICS = ["agencias", "consultas"] as const;
const SECRET = "s3cr3t-de-notificaciones-documentadas";

let app: Credentials;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

/** The one delivery of this app's Evento on the topic, once it arrived. */
async function delivered(topic: string, evento: string): Promise<Received> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
    const hit = receiver.received.find(
      (entry) => entry.path === `/${topic}` && (JSON.parse(entry.body) as { Evento: string }).Evento === evento,
    );
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${evento} arrived on ${topic}`);
}

beforeAll(async () => {
  app = await createApp("Notificaciones documentadas");
  receiver = await startReceiver();
  for (const topic of TOPICS) {
    const response = await call(app, "POST", `/v3/appnotificaciones/${topic}`, { Callback: receiver.url(`/${topic}`), Secret: SECRET });
    expect(response.status).toBe(201);
  }
});

afterAll(async () => {
  await receiver?.close();
});

describe("the notifications a Callback receives match the document's webhook of their topic", () => {
  it.each(TOPICS)("the test notification of %s", async (topic) => {
    expect((await call(app, "POST", `/v3/appnotificaciones/${topic}/prueba`)).status).toBe(202);
    const { headers, body } = await delivered(topic, "prueba");
    expect(headers["notification-topic"]).toBe(topic);
    expect(() => checkDelivery(headers, body)).not.toThrow();
  });

  it("agencia.registrada and consulta.recibida", async () => {
    const mail = await registered([[app, false]]);
    expect((await publish(app, mail, "EXT-DOC")).status).toBe(201);
    await enquiry({ AdminMail: mail, ExternalId: "EXT-DOC", TipoAnuncio: "publicacion" });
    for (const [topic, evento] of [
      ["agencias", "agencia.registrada"],
      ["consultas", "consulta.recibida"],
    ]) {
      const { headers, body } = await delivered(topic as string, evento as string);
      expect(() => checkDelivery(headers, body)).not.toThrow();
    }
  });

  it("a body off the schema does not pass (the check checks)", async () => {
    const { headers, body } = await delivered("consultas", "consulta.recibida");
    const payload = JSON.parse(body);
    expect(() => checkDelivery(headers, JSON.stringify({ ...payload, Datos: { ...payload.Datos, Sid: 1 } }))).toThrow(/Sid/);
    expect(() => checkDelivery({ ...headers, "notification-topic": "agencias" }, body)).toThrow(/does not match/);
  });
});
