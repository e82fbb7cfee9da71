import "server-only";
import { config } from "@/lib/env";
import type { TextosConexion } from "@/lib/panel/i18n";
import { leerFormulario, manejarMutacion, respuestaJson, respuestaProblema } from "@/lib/panel/manejar";
import { normalizeApiBaseUrl, updateWorkspaceConnection, workspaceConnection } from "@/lib/panel/workspaces";
import { destinoPermitido } from "./destino";
import { conexionSchemaDe, type Prueba } from "./limites";
import { probarConexion } from "./prueba";

/**
 * The Conexión route handlers' work (ADR 0015), admin only: test the saved connection, and change it
 * only after the API accepted the new values. The AppSecret goes one way: from the form to the
 * database (encrypted), never back to the browser.
 */

type T = TextosConexion;

const opciones = (conCuerpo: boolean) => ({ roles: ["admin"] as const, next: "/panel/conexion", conCuerpo });

async function conexionGuardada(workspaceId: string) {
  const conexion = await workspaceConnection(workspaceId);
  if (!conexion) throw new Error(`El espacio de trabajo ${workspaceId} no existe`);
  return conexion;
}

/** POST /panel/conexion/prueba: a signed GET /v3 with the saved connection → 200 with the Prueba. */
export function probarGuardada(request: Request): Promise<Response> {
  return manejarMutacion(request, opciones(false), async ({ user, textos }) =>
    respuestaJson(await probarConexion(await conexionGuardada(user.workspace.id), { textos: textos.respuestas.v3 }), 200),
  );
}

/** Why the new values were refused, under the field to change ("_" for the whole form). */
function erroresDe(prueba: Prueba, t: T["servidor"]): Record<string, string[]> {
  const nada = t.nadaCambio;
  if (prueba.Status === null) return { ApiBaseUrl: [t.sinConexion(prueba.Detail ?? prueba.Title ?? "")], _: [nada] };
  if (prueba.Status === 200 || prueba.Status === 404 || (prueba.Status >= 300 && prueba.Status < 400)) {
    return { ApiBaseUrl: [t.noEsV3(prueba.Status)], _: [nada] };
  }
  const respuesta = [t.respuesta(prueba.Status, prueba.Title ?? ""), prueba.Detail].filter(Boolean).join(" ");
  return { _: [respuesta, nada] };
}

/**
 * PUT /panel/conexion/credenciales: { ApiBaseUrl, AppKey, AppSecret } (an empty AppSecret keeps the
 * saved one). The new values are tried first with a signed GET /v3; only a 200 saves them (200 with
 * the Prueba). Otherwise 400 with why, and nothing changes.
 */
export function cambiarConexion(request: Request): Promise<Response> {
  return manejarMutacion(request, opciones(true), async ({ user, textos }) => {
    const t = textos.conexion;
    const cuerpo = await leerFormulario(request, ["ApiBaseUrl", "AppKey", "AppSecret"], conexionSchemaDe(t.validacion), {
      titulo: t.servidor.rechazada,
      textos,
    });
    if (!cuerpo.ok) return cuerpo.respuesta;
    const actual = await conexionGuardada(user.workspace.id);
    const nueva = {
      apiBaseUrl: normalizeApiBaseUrl(cuerpo.data.ApiBaseUrl),
      appKey: cuerpo.data.AppKey,
      appSecret: cuerpo.data.AppSecret || actual.appSecret,
    };
    if (!(await destinoPermitido(nueva.apiBaseUrl, [actual.apiBaseUrl, config().publicBaseUrl]))) {
      return respuestaProblema({
        Title: t.servidor.rechazada,
        Status: 400,
        Errors: { ApiBaseUrl: [t.servidor.destino], _: [t.servidor.nadaCambio] },
      });
    }
    const prueba = await probarConexion(nueva, { textos: textos.respuestas.v3 });
    if (!prueba.Ok) return respuestaProblema({ Title: t.servidor.rechazada, Status: 400, Errors: erroresDe(prueba, t.servidor) });
    await updateWorkspaceConnection(user.workspace.id, nueva);
    return respuestaJson({ ApiBaseUrl: nueva.apiBaseUrl, AppKey: nueva.appKey, Prueba: prueba }, 200);
  });
}
