import "server-only";
import { z } from "zod";
import { LIMITES_AGENCIA } from "@/lib/api/limites";
import { parametroMail } from "@/lib/panel/agencias/rutas";
import type { Traductor } from "@/lib/panel/i18n/idiomas";
import { leerObjeto, manejarConApi, respuestaDeFalla, respuestaJson, respuestaProblema } from "@/lib/panel/manejar";
import type { CurrentUser } from "@/lib/panel/session";
import { type V3Client, V3Error } from "@/lib/panel/v3-client";
import type { Exposicion, Publicacion, PublicacionCambios } from "@/lib/panel/v3-tipos";
import { autoDe, exposicionDe } from "./presentacion";
import { visibleEnLaVista } from "./vista";

/**
 * The actions on a listing (docs/decisions/0090): pause, reactivate, change the exposure level,
 * archive. Admin and agencia only (soporte reads): the role is checked here, on the server, and an
 * `agencia` user acts only on its own agency's listings in its care. The API's PUT replaces every
 * editable member, so a change is the listing as just read with that one member changed. A refusal
 * is said in the person's words, with the package's numbers the API's 409 carries.
 */

export const ROLES_QUE_ACTUAN = ["admin", "agencia"] as const;

const Accion = z.discriminatedUnion("accion", [
  z.object({ accion: z.literal("pausar") }),
  z.object({ accion: z.literal("reactivar") }),
  z.object({ accion: z.literal("exposicion"), nivel: z.enum(["Alta", "Media", "Baja"]) }),
  z.object({ accion: z.literal("archivar") }),
]);
const Entrada = z.intersection(z.object({ agencia: z.email().max(LIMITES_AGENCIA.adminMail) }), Accion);
type Accion = z.infer<typeof Accion>;

/** The listing's editable members as PublicacionEdit names them, references as the API's own URLs. */
export function cambiosDe(publicacion: Publicacion): PublicacionCambios {
  return {
    RefStock: publicacion.RefStock,
    Activa: publicacion.Estado === "Activa",
    Exposicion: publicacion.Exposicion,
    OperadorResponsable: publicacion.OperadorResponsable,
    VersionYear: publicacion.VersionYear as number,
    Kilometraje: publicacion.Kilometraje as number,
    Precio: publicacion.Precio as PublicacionCambios["Precio"],
    Carroceria: publicacion.Carroceria?.href ?? null,
    Color: publicacion.Color?.href ?? null,
    Combustible: publicacion.Combustible,
    Transmision: publicacion.Transmision,
    Descripcion: publicacion.Descripcion,
    Fotos: publicacion.Fotos.map(({ Url }) => ({ Url })),
  };
}

/** The members a marketplace listing may lack and a PUT requires: what keeps the Panel from saving it. */
const faltantes = (publicacion: Publicacion) =>
  (["VersionYear", "Kilometraje", "Precio"] as const).filter((miembro) => publicacion[miembro] === null);

const Paquete = z.object({
  Estado: z.string(),
  Publicaciones: z.object({ Contratadas: z.number(), Activas: z.number() }),
  Exposiciones: z.record(z.enum(["Alta", "Media", "Baja"]), z.object({ Contratadas: z.number(), Usadas: z.number() })),
});

/** A refusal of the API in the person's words, with the package's numbers; null when the API's own words are best. */
export function rechazoEnPalabras(error: V3Error, t: Traductor): string | null {
  const { Errors, Extensions } = error.problem;
  if (error.status === 404) return t("publicaciones.rechazos.noEncontrada");
  // A member the API refuses to save back (a photo URL the operator's settings no longer allow…), by name.
  if (error.status === 400 && Errors)
    return Object.entries(Errors)
      .map(([miembro, mensajes]) => `${miembro}: ${mensajes.join(" ")}`)
      .join(" ");
  if (error.status !== 409) return null;
  const paquete = Paquete.safeParse(Extensions?.Paquete);
  if (Errors?.Activa && paquete.success) {
    const { Estado, Publicaciones } = paquete.data;
    if (Estado !== "activo") {
      const estado = ["suspendido", "vencido", "sin-plan"].includes(Estado)
        ? t(`publicaciones.estadosPaquete.${Estado as "vencido"}`)
        : Estado;
      return t("publicaciones.rechazos.paqueteInactivo", { estado });
    }
    return t("publicaciones.rechazos.sinCupo", { contratadas: Publicaciones.Contratadas, activas: Publicaciones.Activas });
  }
  if (Errors?.Exposicion && paquete.success) {
    const { Alta, Media, Baja } = paquete.data.Exposiciones;
    return t("publicaciones.rechazos.sinNivel", {
      alta: Alta.Usadas,
      altaContratadas: Alta.Contratadas,
      media: Media.Usadas,
      mediaContratadas: Media.Contratadas,
      baja: Baja.Usadas,
      bajaContratadas: Baja.Contratadas,
    });
  }
  if (Errors?._) return t("publicaciones.rechazos.archivada");
  return null;
}

/** What the change does to the listing as read: the PUT's body, or archiving. */
function cuerpoDe(publicacion: Publicacion, accion: Accion): PublicacionCambios | null {
  if (accion.accion === "archivar") return null;
  const cambios = cambiosDe(publicacion);
  if (accion.accion === "pausar") return { ...cambios, Activa: false, Exposicion: null };
  if (accion.accion === "reactivar") return { ...cambios, Activa: true };
  return { ...cambios, Activa: true, Exposicion: accion.nivel };
}

/** What the person reads after it worked. */
function hecho(antes: Publicacion, despues: Publicacion | null, accion: Accion, t: Traductor): string {
  const auto = autoDe(antes);
  if (!despues) return t("publicaciones.acciones.archivadaOk", { auto });
  if (accion.accion === "pausar") return t("publicaciones.acciones.pausada", { auto });
  const nivel = exposicionDe(despues, t);
  if (accion.accion !== "exposicion") return t("publicaciones.acciones.reactivada", { auto, nivel });
  if (despues.Exposicion !== accion.nivel) {
    return t("publicaciones.acciones.nivelOtro", { auto, nivel, pedido: t(`publicaciones.niveles.${accion.nivel}`) });
  }
  return t("publicaciones.acciones.nivelCambiado", { auto, nivel });
}

async function actuar(client: V3Client, user: CurrentUser, externalId: string, entrada: z.infer<typeof Entrada>, t: Traductor) {
  const adminMail = user.agency?.adminMail ?? entrada.agencia.toLowerCase();
  const rechazo = (Status: number, Detail: string) => respuestaProblema({ Title: t("publicaciones.acciones.rechazo"), Status, Detail });
  // An `agencia` user may act only on its agency's listings in its care: anything else is not theirs (403).
  const ajena = () => rechazo(403, t("publicaciones.rechazos.noAsignada"));
  if (user.agency && user.agency.adminMail !== entrada.agencia.toLowerCase()) return ajena();
  let antes: Publicacion;
  try {
    antes = await client.getPublicacion(adminMail, externalId);
  } catch (error) {
    if (user.agency && error instanceof V3Error && error.status === 404) return ajena();
    throw error;
  }
  if (!visibleEnLaVista({ fijo: Boolean(user.agency), adminMail, operador: user.agency?.operatorEmail }, antes)) return ajena();
  const cuerpo = cuerpoDe(antes, entrada);
  const incompleta = faltantes(antes);
  if (cuerpo && incompleta.length > 0) return rechazo(409, t("publicaciones.rechazos.incompleta", { campos: incompleta.join(", ") }));
  try {
    const despues = cuerpo ? await client.editPublicacion(adminMail, externalId, cuerpo) : null;
    if (!cuerpo) await client.archivePublicacion(adminMail, externalId);
    return respuestaJson(
      { Mensaje: hecho(antes, despues, entrada, t), Exposicion: (despues?.Exposicion ?? null) as Exposicion | null },
      200,
    );
  } catch (error) {
    const palabras = error instanceof V3Error ? rechazoEnPalabras(error, t) : null;
    if (palabras && error instanceof V3Error) return rechazo(error.status, palabras);
    throw error;
  }
}

/** POST /panel/publicaciones/{externalId}/accion with { agencia, accion, nivel? }. */
export function accionPublicacion(request: Request, params: Promise<{ externalId: string }>): Promise<Response> {
  return manejarConApi(
    request,
    { roles: ROLES_QUE_ACTUAN, conCuerpo: true, noEncontrado: (t) => t("publicaciones.rechazos.noEncontrada") },
    async ({ client, user, t }) => {
      const entrada = Entrada.safeParse(await leerObjeto(request));
      if (!entrada.success)
        return respuestaProblema({ Title: t("respuestas.solicitudInvalida"), Status: 400, Errors: { _: [t("comun.cuerpoJson")] } });
      const { externalId } = await params;
      try {
        return await actuar(client, user, parametroMail(externalId), entrada.data, t);
      } catch (error) {
        return respuestaDeFalla(error, t, t("publicaciones.rechazos.noEncontrada"));
      }
    },
  );
}
