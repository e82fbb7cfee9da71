import "server-only";
import { crearClienteV3, type V3ClientOptions, type V3Connection, V3Error } from "@/lib/panel/v3-client";
import type { Prueba } from "./formulario";

/**
 * The connection test (decisions 0015): one signed GET /v3 with these credentials, saved or not, from the
 * server. Only a 200 whose body is EntryPoints passes. What comes back of any other answer is its
 * status and, when it is a problem, its Title and Detail (cut short): the URL may not be an API at all.
 */

const TIEMPO_MAXIMO_MS = 10_000;
const LARGO_MAXIMO = 300;

const corto = (value: unknown) => (typeof value === "string" && value ? value.slice(0, LARGO_MAXIMO) : undefined);

export async function probarConexion(connection: V3Connection, options?: V3ClientOptions): Promise<Prueba> {
  const client = crearClienteV3(connection, options);
  const inicio = performance.now();
  const latencia = () => Math.max(0, Math.round(performance.now() - inicio));
  try {
    const { status, body } = await client.getHome(TIEMPO_MAXIMO_MS);
    const version = corto((body as { Version?: unknown } | undefined)?.Version) ?? null;
    return { Ok: status === 200 && version !== null, Status: status, LatenciaMs: latencia(), Version: version };
  } catch (error) {
    if (!(error instanceof V3Error)) throw error;
    return {
      Ok: false,
      Status: error.status === 0 ? null : error.status,
      LatenciaMs: latencia(),
      Version: null,
      Title: corto(error.problem.Title),
      Detail: corto(error.problem.Detail),
    };
  }
}
