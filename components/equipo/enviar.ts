import { enviar } from "@/components/agencias/enviar";
import type { Textos, TextosEquipo } from "@/lib/panel/i18n";

/**
 * The Equipo forms send through the Panel's one JSON sender (components/agencias/enviar.ts), with its
 * messages; a 404 without a body of its own means the member is gone.
 */
export const mensajesEquipo = (textos: Textos, t: TextosEquipo) => ({ ...textos.agencias.envio, 404: t.servidor.noExiste });

export function enviarEquipo<T>(mensajes: ReturnType<typeof mensajesEquipo>, url: string, method: string, body?: unknown): Promise<T> {
  return enviar<T>(url, method, body, mensajes);
}
