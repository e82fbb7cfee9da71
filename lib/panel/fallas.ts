import "server-only";
import type { Traductor } from "./i18n/idiomas";
import { V3Error } from "./v3-client";

/**
 * A failed v3 call as one clear sentence for a page, in the user's language (never a stack trace):
 * what the Panel knows to say itself (the API out of reach, the workspace's credentials refused, the
 * agency `adminMail` gone), else the API's own Title and reason as it sent them.
 */
export function explicarFalla(error: unknown, t: Traductor, adminMail?: string | null): string {
  if (!(error instanceof V3Error)) return t("api.inesperado");
  if (error.status === 0) return t("api.sinConexion");
  if (error.status === 404) return adminMail ? t("api.agenciaNoExiste", { agencia: adminMail }) : t("api.noEncontrado");
  if (error.status === 401) return t("api.credenciales");
  if (error.status === 403) return error.problem.Detail ?? t("api.prohibido");
  const motivo = error.problem.Errors?._?.join(" ") || error.problem.Detail;
  return motivo ? `${error.problem.Title}: ${motivo}` : t("api.error", { status: error.status, titulo: error.problem.Title });
}
