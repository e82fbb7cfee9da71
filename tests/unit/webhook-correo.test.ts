import { afterAll, beforeAll, expect, it } from "vitest";
import { removeDataDir } from "../support/pglite-propia";

/**
 * The e-mail about a partner's notification that used up its retries quotes what its receiver
 * answered: text in the e-mail's HTML, escaped as every e-mail of the service escapes it
 * (lib/service/mail/html.ts), never markup. PGlite of its own.
 */

const { closeDb, getDb } = await import("@/lib/db");
const { mailOutbox } = await import("@/lib/db/schema");
const { queueExhaustedMail } = await import("@/lib/service/webhooks/webhook-mail");

beforeAll(async () => {
  await getDb();
}, 120_000);

afterAll(async () => {
  await closeDb();
  removeDataDir();
});

it("a receiver's answer quoted in the exhausted notification's e-mail is text, not markup", async () => {
  const db = await getDb();
  const target = { appName: "CRM", contactEmail: "tecnica@correo.test", topic: "consultas", callback: "https://crm.example/hook?a=1&b=2" };
  await queueExhaustedMail(db, target, "n1", `HTTP 500: <script>alert("x")</script> & 'y'`);
  const [mail] = await db.select().from(mailOutbox);
  expect(mail?.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;");
  expect(mail?.html).toContain("https://crm.example/hook?a=1&amp;b=2");
  expect(mail?.html).not.toContain("<script");
  expect(mail?.text).toContain(`<script>alert("x")</script> & 'y'`);
});
