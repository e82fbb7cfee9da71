import { SMTPServer } from "smtp-server";
import { freePort } from "./test-server";

export type Correo = { para: string; texto: string };

/** A message's text with its quoted-printable encoding undone (soft breaks and =XX bytes, as UTF-8). */
function sinQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** A real SMTP server on loopback that keeps every message it accepts: the service sends to it through SMTP_URL. */
export async function iniciarSmtp() {
  const recibidos: Correo[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const partes: Buffer[] = [];
      stream.on("data", (parte: Buffer) => partes.push(parte));
      stream.on("end", () => {
        const texto = sinQuotedPrintable(Buffer.concat(partes).toString("latin1"));
        for (const destinatario of session.envelope.rcptTo) recibidos.push({ para: destinatario.address.toLowerCase(), texto });
        callback();
      });
    },
  });
  const puerto = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(puerto, "127.0.0.1", () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${puerto}`,
    recibidos,
    /** The first message to `para` whose text contains `contiene`, once it arrives. */
    async esperar(para: string, contiene: string, timeoutMs = 20_000): Promise<Correo> {
      const limite = Date.now() + timeoutMs;
      for (;;) {
        const correo = recibidos.find((cada) => cada.para === para.toLowerCase() && cada.texto.includes(contiene));
        if (correo) return correo;
        if (Date.now() > limite) throw new Error(`No llegó a ${para} un e-mail con ${contiene}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    cerrar: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
