import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getDb } from "@/lib/db";
import { devMailbox } from "@/lib/db/schema";
import { config } from "@/lib/env";

export type MailMessage = { id: string; to: string; subject: string; html: string; text: string };

const holder = globalThis as typeof globalThis & { __vitrinaSmtp?: { url: string; transporter: Transporter } };

function smtpTransport(url: string): Transporter {
  if (holder.__vitrinaSmtp?.url !== url) {
    holder.__vitrinaSmtp = {
      url,
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    };
  }
  return holder.__vitrinaSmtp.transporter;
}

/**
 * Delivers one message: through SMTP_URL when configured, otherwise into the dev mailbox (a table
 * read by `npm run admin -- mail list` and /dev/mailbox). Throws when the SMTP server refuses it.
 */
export async function deliverMail(message: MailMessage): Promise<void> {
  const { smtpUrl, mailFrom } = config();
  if (smtpUrl) {
    await smtpTransport(smtpUrl).sendMail({
      from: mailFrom,
      to: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      messageId: `<${message.id.toLowerCase()}@vitrina>`,
    });
    return;
  }
  const db = await getDb();
  await db
    .insert(devMailbox)
    .values({ id: message.id, from: mailFrom, to: message.to, subject: message.subject, html: message.html, text: message.text })
    .onConflictDoNothing({ target: devMailbox.id });
}
