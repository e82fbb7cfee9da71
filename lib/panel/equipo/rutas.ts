import "server-only";
import type { ZodMiniType } from "zod/mini";
import { logger } from "@/lib/log";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { leerFormulario, manejarMutacion, respuestaJson, respuestaProblema } from "@/lib/panel/manejar";
import type { CurrentUser } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";
import { operadorDe } from "./agencias";
import { cambioRolSchemaDe, contrasenaSchemaDe, miembroSchemaDe } from "./formularios";
import { agregarMiembro, buscarMiembro, cambiarRol, type Miembro, quitarMiembro, type Resultado, restablecerContrasena } from "./miembros";

/**
 * The Equipo route handlers' work (decisions 0015), admin only: add a member, change their role, give them
 * a new password, remove them. Always within the admin's own workspace: another workspace's user id
 * is a 404 and nothing changes. Answers `{ Title, Status, Detail?, Errors? }` keyed by the form's fields.
 */

type Ctx = { user: CurrentUser; t: Traductor };

/** The member as the Panel's forms read it. */
const aJson = (miembro: Miembro) => ({
  Id: miembro.id,
  Email: miembro.email,
  Nombre: miembro.name,
  Rol: miembro.role,
  Agencia: miembro.agencyAdminMail,
});

/** One Equipo route handler: admin only, from the Panel itself, with the user's texts. */
function manejarEquipo(request: Request, accion: (ctx: Ctx) => Promise<Response>, { conCuerpo = true } = {}) {
  return manejarMutacion(request, { roles: ["admin"], next: "/panel/equipo", conCuerpo }, accion);
}

const noExiste = ({ t }: Ctx) =>
  respuestaProblema({ Title: t("respuestas.noEncontrado"), Status: 404, Detail: t("equipo.servidor.noExiste") });

/** The body of an Equipo form, checked with its schema. */
const leer = <K extends string, S>(request: Request, { t }: Ctx, campos: readonly K[], schema: ZodMiniType<S>) =>
  leerFormulario(request, campos, schema, { titulo: t("equipo.servidor.revisa"), t });

/**
 * For the `agencia` role: the agency must be registered with the workspace's app and `email` one of
 * its operators (GET /v3/agencias/{adminMail}); otherwise a 400 under `campo` (or Agencia).
 */
async function problemaDeAgencia(user: CurrentUser, agencia: string, email: string, campo: "Email" | "Agencia", t: Traductor) {
  let operador: Awaited<ReturnType<typeof operadorDe>>;
  try {
    operador = await operadorDe(await v3ClientFor(user.workspace.id), agencia, email);
  } catch (error) {
    logger().error({ err: error }, "panel: no se pudo verificar la agencia de un miembro del equipo");
    return respuestaProblema({ Title: t("equipo.servidor.api"), Status: 502 });
  }
  if (operador.tipo === "no-registrada") {
    return respuestaProblema({
      Title: t("equipo.servidor.revisa"),
      Status: 400,
      Errors: { Agencia: [t("equipo.servidor.agenciaNoRegistrada", { agencia })] },
    });
  }
  if (operador.tipo === "no-operador") {
    return respuestaProblema({
      Title: t("equipo.servidor.revisa"),
      Status: 400,
      Errors: { [campo]: [t("equipo.servidor.noOperador", { email, agencia: operador.agencia })] },
    });
  }
  return null;
}

/** A refused change as its answer: 404, 403, or the guard rail under the field it concerns (409). */
function respuestaDe(resultado: Resultado & { ok: false }, campo: "Rol" | "_", ctx: Ctx): Response {
  const { t } = ctx;
  switch (resultado.motivo) {
    case "no-existe":
      return noExiste(ctx);
    case "sin-permiso":
      return respuestaProblema({ Title: t("respuestas.prohibida"), Status: 403 });
    case "propio-rol":
      return respuestaProblema({ Title: t("equipo.servidor.noSePuede"), Status: 409, Errors: { Rol: [t("equipo.servidor.propioRol")] } });
    case "propia-baja":
      return respuestaProblema({ Title: t("equipo.servidor.noSePuede"), Status: 409, Errors: { _: [t("equipo.servidor.propiaBaja")] } });
    case "ultimo-admin":
      return respuestaProblema({
        Title: t("equipo.servidor.noSePuede"),
        Status: 409,
        Errors: { [campo]: [t("equipo.servidor.ultimoAdmin")] },
      });
  }
}

/** POST /panel/equipo/agregar → 201 with the member; 409 under Email when the e-mail is taken. */
export function agregar(request: Request): Promise<Response> {
  return manejarEquipo(request, async (ctx) => {
    const { user, t } = ctx;
    const cuerpo = await leer(request, ctx, ["Email", "Nombre", "Rol", "Agencia", "Contrasena"], miembroSchemaDe(t));
    if (!cuerpo.ok) return cuerpo.respuesta;
    const { Email, Nombre, Rol, Agencia, Contrasena } = cuerpo.data;
    if (Rol === "agencia") {
      const problema = await problemaDeAgencia(user, Agencia, Email, "Email", t);
      if (problema) return problema;
    }
    const alta = await agregarMiembro(user.workspace.id, {
      email: Email,
      name: Nombre,
      role: Rol,
      agencyAdminMail: Rol === "agencia" ? Agencia : null,
      password: Contrasena,
    });
    if (!alta.ok) {
      const mensaje = alta.motivo === "en-el-equipo" ? t("equipo.servidor.enElEquipo") : t("equipo.servidor.enUso");
      return respuestaProblema({ Title: t("equipo.servidor.revisa"), Status: 409, Errors: { Email: [mensaje] } });
    }
    return respuestaJson(aJson(alta.miembro), 201);
  });
}

/** PUT /panel/equipo/{id}: the role (and the agency, for `agencia`) → 200 with the member. */
export function cambiar(request: Request, id: string): Promise<Response> {
  return manejarEquipo(request, async (ctx) => {
    const { user, t } = ctx;
    const miembro = await buscarMiembro(user.workspace.id, id);
    if (!miembro) return noExiste(ctx);
    const cuerpo = await leer(request, ctx, ["Rol", "Agencia"], cambioRolSchemaDe(t));
    if (!cuerpo.ok) return cuerpo.respuesta;
    const { Rol, Agencia } = cuerpo.data;
    // Said before checking an agency for it (the transaction below decides anyway).
    if (miembro.id === user.id && Rol !== "admin") return respuestaDe({ ok: false, motivo: "propio-rol" }, "Rol", ctx);
    if (Rol === "agencia") {
      const problema = await problemaDeAgencia(user, Agencia, miembro.email, "Agencia", t);
      if (problema) return problema;
    }
    const resultado = await cambiarRol(user.workspace.id, user.id, id, { role: Rol, agencyAdminMail: Agencia || null });
    if (!resultado.ok) return respuestaDe(resultado, "Rol", ctx);
    return resultado.miembro ? respuestaJson(aJson(resultado.miembro), 200) : noExiste(ctx);
  });
}

/** DELETE /panel/equipo/{id} → 204. */
export function quitar(request: Request, id: string): Promise<Response> {
  return manejarEquipo(
    request,
    async (ctx) => {
      const resultado = await quitarMiembro(ctx.user.workspace.id, ctx.user.id, id);
      return resultado.ok ? new Response(null, { status: 204 }) : respuestaDe(resultado, "_", ctx);
    },
    { conCuerpo: false },
  );
}

/** POST /panel/equipo/{id}/contrasena: the new password, chosen in the browser → 204. */
export function nuevaContrasena(request: Request, id: string): Promise<Response> {
  return manejarEquipo(request, async (ctx) => {
    const { user, t } = ctx;
    if (!(await buscarMiembro(user.workspace.id, id))) return noExiste(ctx);
    const cuerpo = await leer(request, ctx, ["Contrasena"], contrasenaSchemaDe(t));
    if (!cuerpo.ok) return cuerpo.respuesta;
    const miembro = await restablecerContrasena(user.workspace.id, id, cuerpo.data.Contrasena);
    return miembro ? new Response(null, { status: 204 }) : noExiste(ctx);
  });
}
