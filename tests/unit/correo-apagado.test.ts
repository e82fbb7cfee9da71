import { afterAll, beforeAll, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * Decisions 0050: a mail worker that is stopping sends nothing more of the batch it claimed and
 * releases it (due again now, for another worker), instead of leaving it to its 5-minute lease.
 * PGlite of its own; without SMTP_URL the mail goes to the dev mailbox.
 */

const { closeDb, getDb } = await import("@/lib/db");
const { mailOutbox } = await import("@/lib/db/schema");
const { sendDueMail } = await import("@/lib/service/mail/send-due-mail");
const { listDevMail } = await import("@/lib/service/mail/list-mail");

beforeAll(async () => {
  await getDb();
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

it("a stopped worker releases the messages it claimed and did not send; a running one sends them", async () => {
  const db = await getDb();
  await db
    .insert(mailOutbox)
    .values([1, 2, 3].map((n) => ({ id: `apagado-${n}`, to: `m${n}@apagado.test`, subject: "Prueba", html: "<p>x</p>", text: "x" })));
  const stopped = new AbortController();
  stopped.abort();
  expect(await sendDueMail(10, stopped.signal)).toBe(3);
  const rows = await db.select().from(mailOutbox);
  expect(rows.map((row) => row.estado)).toEqual(["pendiente", "pendiente", "pendiente"]);
  // Due again now, not in five minutes.
  for (const row of rows) expect(row.proximoIntentoAt.getTime()).toBeLessThanOrEqual(Date.now());
  expect(await listDevMail({ to: "m1@apagado.test" })).toEqual([]);

  expect(await sendDueMail(10)).toBe(3);
  expect((await db.select().from(mailOutbox)).map((row) => row.estado)).toEqual(["enviado", "enviado", "enviado"]);
  expect(await listDevMail({ to: "m1@apagado.test" })).toHaveLength(1);
});
