import { operar } from "./client";

type Invitacion = { Id: string; Asunto: string; Texto: string; Html: string };

const linkIn = (message: Invitacion | undefined) => message?.Texto.match(/https?:\/\/\S+\/registro\/[A-Za-z0-9_-]+/)?.[0];

/** The invitation e-mails to `mail`, newest first (the operator's `mail list` reads the dev mailbox). */
export function invitationMails(mail: string): Promise<Invitacion[]> {
  return operar<Invitacion[]>("mail.list", { to: mail });
}

/**
 * The newest invitation e-mail to `mail` that `from` (an app name, or any app when absent) sent,
 * other than the one carrying the link `previous`: waits for the mail worker to deliver it.
 */
export async function invitationMail(mail: string, options: { from?: string; previous?: string } = {}) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const message = (await invitationMails(mail)).find((each) => !options.from || each.Asunto.startsWith(`${options.from} te invita`));
    const link = linkIn(message);
    if (message && link && link !== options.previous) return { ...message, link };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No llegó la invitación de ${options.from ?? "ninguna app"} a ${mail}`);
}

/** The registration link of the newest invitation e-mail to `mail` (other than `previous`), from the mailbox. */
export async function invitationLink(mail: string, previous?: string): Promise<string> {
  return (await invitationMail(mail, { previous })).link;
}

/** A valid registration form, as the JSON registration endpoint takes it. */
export const registroValido = {
  Nombre: "Autos Córdoba",
  AdminNombre: "Ana",
  AdminApellido: "Pérez",
  Password: "una-clave-larga",
  Telefono: "+54 351 555-0101",
  Region: "cordoba",
  Ciudad: "villa maria",
  CompartirConsultasCatalogo: true,
};
