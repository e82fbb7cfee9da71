import "server-only";
import { esEstadoV3, type V3Client } from "@/lib/panel/v3-client";

/**
 * What the Equipo pages ask the v3 API (docs/contract.md#product-and-boundary: through the workspace's signed client): the
 * registered agencies an `agencia` member may belong to, and whether an e-mail is one of an
 * agency's operators (the API's Operadores, the administrator included).
 */

export type AgenciaOpcion = { adminMail: string; nombre: string | null };

/** GET /v3/agencias?estado=registrada, by name. */
export async function agenciasRegistradas(client: V3Client): Promise<AgenciaOpcion[]> {
  const { _entries } = await client.listAgencias({ estado: "registrada" });
  return _entries
    .map((agencia) => ({ adminMail: agencia.AdminMail, nombre: agencia.Nombre }))
    .sort((a, b) => (a.nombre ?? a.adminMail).localeCompare(b.nombre ?? b.adminMail, "es"));
}

export type Operador = { tipo: "operador" } | { tipo: "no-operador"; agencia: string } | { tipo: "no-registrada" };

/** GET /v3/agencias/{adminMail}: whether `email` is among its Operadores (an agency that is not registered has none). */
export async function operadorDe(client: V3Client, adminMail: string, email: string): Promise<Operador> {
  try {
    const agencia = await client.getAgencia(adminMail);
    if (agencia.Estado !== "registrada") return { tipo: "no-registrada" };
    const buscado = email.trim().toLowerCase();
    return agencia.Operadores.some((operador) => operador.Email.toLowerCase() === buscado)
      ? { tipo: "operador" }
      : { tipo: "no-operador", agencia: agencia.Nombre ?? agencia.AdminMail };
  } catch (error) {
    if (esEstadoV3(error, 404) || esEstadoV3(error, 400)) return { tipo: "no-registrada" };
    throw error;
  }
}
