import "server-only";
import { config } from "@/lib/env";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { leerFormulario, manejarMutacion, respuestaJson, respuestaProblema } from "@/lib/panel/manejar";
import { cambiarConexionDelEspacio, normalizarUrlBaseApi, workspaceConnection } from "@/lib/panel/workspaces";
import { destinoPermitido } from "./destino";
import { conexionSchemaDe, type Prueba } from "./formulario";
import { probarConexion } from "./prueba";

/**
 * The Conexión route handlers' work (decisions 0015), admin only: test the saved connection, and change it
 * only after the API accepted the new values. The AppSecret goes one way: from the form to the
 * database (encrypted), never back to the browser.
 */

const opciones = (conCuerpo: boolean) => ({ roles: ["admin"] as const, next: "/panel/conexion", conCuerpo });

async function conexionGuardada(workspaceId: string) {
  const conexion = await workspaceConnection(workspaceId);
  if (!conexion) throw new Error(`El espacio de trabajo ${workspaceId} no existe`);
  return conexion;
}

/** POST /panel/conexion/prueba: a signed GET /v3 with the saved connection → 200 with the Prueba. */
export function probarGuardada(request: Request): Promise<Response> {
  return manejarMutacion(request, opciones(false), async ({ user, t }) =>
    respuestaJson(await probarConexion(await conexionGuardada(user.workspace.id), { t }), 200),
  );
}

/** Why the new values were refused, under the field to change ("_" for the whole form). */
function erroresDe(prueba: Prueba, t: Traductor): Record<string, string[]> {
  const nada = t("conexion.servidor.nadaCambio");
  if (prueba.Status === null)
    return { ApiBaseUrl: [t("conexion.servidor.sinConexion", { detalle: prueba.Detail ?? prueba.Title ?? "" })], _: [nada] };
  if (prueba.Status === 200 || prueba.Status === 404 || (prueba.Status >= 300 && prueba.Status < 400)) {
    return { ApiBaseUrl: [t("conexion.servidor.noEsV3", { status: prueba.Status })], _: [nada] };
  }
  const respuesta = [t("conexion.servidor.respuesta", { status: prueba.Status, titulo: prueba.Title ?? "" }), prueba.Detail]
    .filter(Boolean)
    .join(" ");
  return { _: [respuesta, nada] };
}

/**
 * PUT /panel/conexion/credenciales: { ApiBaseUrl, AppKey, AppSecret } (an empty AppSecret keeps the
 * saved one). The new values are tried first with a signed GET /v3; only a 200 saves them (200 with
 * the Prueba). Otherwise 400 with why, and nothing changes.
 */
export function cambiarConexion(request: Request): Promise<Response> {
  return manejarMutacion(request, opciones(true), async ({ user, t }) => {
    const cuerpo = await leerFormulario(request, ["ApiBaseUrl", "AppKey", "AppSecret"], conexionSchemaDe(t), {
      titulo: t("conexion.servidor.rechazada"),
      t,
    });
    if (!cuerpo.ok) return cuerpo.respuesta;
    const actual = await conexionGuardada(user.workspace.id);
    const nueva = {
      apiBaseUrl: normalizarUrlBaseApi(cuerpo.data.ApiBaseUrl),
      appKey: cuerpo.data.AppKey,
      appSecret: cuerpo.data.AppSecret || actual.appSecret,
    };
    if (!(await destinoPermitido(nueva.apiBaseUrl, [actual.apiBaseUrl, config().publicBaseUrl]))) {
      return respuestaProblema({
        Title: t("conexion.servidor.rechazada"),
        Status: 400,
        Errors: { ApiBaseUrl: [t("conexion.servidor.destino")], _: [t("conexion.servidor.nadaCambio")] },
      });
    }
    const prueba = await probarConexion(nueva, { t });
    if (!prueba.Ok) return respuestaProblema({ Title: t("conexion.servidor.rechazada"), Status: 400, Errors: erroresDe(prueba, t) });
    await cambiarConexionDelEspacio(user.workspace.id, nueva);
    return respuestaJson({ ApiBaseUrl: nueva.apiBaseUrl, AppKey: nueva.appKey, Prueba: prueba }, 200);
  });
}
