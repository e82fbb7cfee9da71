import { admin } from "./client";

/** The registration link of the newest invitation e-mail to `mail` (other than `previous`), from the mailbox. */
export async function invitationLink(mail: string, previous?: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const messages = JSON.parse(await admin("mail", "list", "--to", mail, "--json")) as { Texto: string }[];
    const link = messages[0]?.Texto.match(/https?:\/\/\S+\/registro\/[A-Za-z0-9_-]+/)?.[0];
    if (link && link !== previous) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No llegó la invitación de ${mail}`);
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
