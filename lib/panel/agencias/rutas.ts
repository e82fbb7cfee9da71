import "server-only";
import { getTranslations } from "next-intl/server";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { campo, cuerpoInvalido, leerObjeto, manejarConApi, respuestaDeFalla, respuestaJson, respuestaProblema } from "@/lib/panel/manejar";
import { exigirUsuario } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

/**
 * The Agencias route handlers' work. The mutations are admin only (docs/contract.md#dashboard-roles) and run in
 * manejarConApi: the role first, then the CSRF guard and the body, the API's refusals as JSON answers
 * whose field errors pass through to the form.
 */

const opciones = { roles: ["admin"] as const, conCuerpo: true, noEncontrado: (t: Traductor) => t("agencias.noExiste") };

/** A dynamic segment as Next hands it over (decoded or not): the e-mail itself. */
export function parametroMail(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type Params = Promise<{ adminMail: string }>;

/** POST /panel/agencias/invitar → POST /v3/agencias with the form's fields; 202 with the e-mail invited. */
export function invitar(request: Request): Promise<Response> {
  return manejarConApi(request, opciones, async ({ client, t }) => {
    const body = await leerObjeto(request);
    if (!body) return cuerpoInvalido(t);
    const adminMail = campo(body, "AdminMail") ?? "";
    await client.inviteAgencia({ AdminMail: adminMail, Nombre: campo(body, "Nombre"), Telefono: campo(body, "Telefono") });
    return respuestaJson({ AdminMail: adminMail.toLowerCase() }, 202);
  });
}

/** PUT /panel/agencias/{adminMail}/datos → PUT /v3/agencias/{adminMail} (replaces every field). */
export function editar(request: Request, params: Params): Promise<Response> {
  return manejarConApi(request, opciones, async ({ client, t }) => {
    const { adminMail } = await params;
    const body = await leerObjeto(request);
    if (!body) return cuerpoInvalido(t);
    const campos = ["Nombre", "Telefono", "WhatsApp", "Region", "Ciudad", "Direccion"] as const;
    const cambios = Object.fromEntries(campos.map((nombre) => [nombre, campo(body, nombre)])) as Record<
      (typeof campos)[number],
      string | null
    >;
    return respuestaJson(await client.editAgencia(parametroMail(adminMail), cambios), 200);
  });
}

/** PATCH /panel/agencias/{adminMail}/desasociar → PATCH /v3/agencias/{adminMail}/desasociar; 204. */
export function desasociar(request: Request, params: Params): Promise<Response> {
  return manejarConApi(request, { ...opciones, conCuerpo: false }, async ({ client }) => {
    await client.detachAgencia(parametroMail((await params).adminMail));
    return new Response(null, { status: 204 });
  });
}

const LARGO_MAXIMO = 200;

/**
 * GET /panel/agencias/ciudad?region=&ciudad=: the city GET /v3/ciudades/bestmatch finds, so the edit
 * form shows it before saving. Only the edit form (admin) uses it; a read, so no CSRF guard.
 */
export async function buscarCiudad(request: Request): Promise<Response> {
  const user = await exigirUsuario({ roles: ["admin"] });
  const t = await getTranslations();
  const url = new URL(request.url);
  const region = url.searchParams.get("region")?.trim() ?? "";
  const ciudad = url.searchParams.get("ciudad")?.trim() ?? "";
  if (!region || !ciudad || region.length > LARGO_MAXIMO || ciudad.length > LARGO_MAXIMO) {
    return respuestaProblema({ Title: t("respuestas.solicitudInvalida"), Status: 400, Errors: { Ciudad: [t("respuestas.ciudad")] } });
  }
  try {
    const client = await v3ClientFor(user.workspace.id);
    const { Id, Nombre, Region, RegionId } = await client.bestMatchCiudad({ state: region, city: ciudad });
    return respuestaJson({ Id, Nombre, Region, RegionId }, 200);
  } catch (failure) {
    return respuestaDeFalla(failure, t);
  }
}
