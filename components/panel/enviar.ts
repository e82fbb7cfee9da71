import { useTranslations } from "next-intl";
import { leerProblema, type Problema } from "@/lib/panel/problema";

/**
 * The browser's one way to call the Panel's route handlers: JSON in, JSON out, and every failure as an
 * ErrorDelPanel: the route handler's problem as it sent it (the API's own words pass through), or,
 * when the answer carried none, just the status (0: the Panel could not be reached; 401: the session
 * ended and the request landed on the sign-in page). `explicar` puts either into the user's words.
 */

export class ErrorDelPanel extends Error {
  readonly status: number;
  readonly problema: Problema | undefined;
  constructor(status: number, problema?: Problema) {
    super(problema ? [problema.Title, problema.Detail].filter(Boolean).join(": ") : `HTTP ${status}`);
    this.name = "ErrorDelPanel";
    this.status = status;
    this.problema = problema;
  }
}

export const SIN_CONEXION = 0;
export const SESION_TERMINADA = 401;

const esJson = (response: Response) => /\bjson\b/i.test(response.headers.get("content-type") ?? "");

export async function enviar<T>(url: string, method = "GET", body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { Accept: "application/json", ...(body !== undefined && { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ErrorDelPanel(SIN_CONEXION);
  }
  // A route handler that lost the session redirects to the sign-in page, which is HTML.
  if (response.redirected || (response.ok && response.status !== 204 && !esJson(response))) throw new ErrorDelPanel(SESION_TERMINADA);
  if (response.status === 204) return undefined as T;
  const data: unknown = esJson(response) ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) throw new ErrorDelPanel(response.status, leerProblema(response.status, data));
  return data as T;
}

export type TextosEnvio = ReturnType<typeof useTranslations<"envio">>;

/** A failure in the user's words: a title, and what to do or why. */
export type Explicacion = { titulo: string; detalle?: string };

/**
 * What to tell the user about a failure: the problem's Title and Detail, or the Panel's own words
 * for a status that came without one (`noEncontrado` says what a bare 404 means on this screen).
 */
export function explicar(error: unknown, t: TextosEnvio, noEncontrado?: string): Explicacion {
  if (!(error instanceof ErrorDelPanel)) return { titulo: t("inesperado") };
  if (error.problema) return { titulo: error.problema.Title, detalle: error.problema.Detail };
  switch (error.status) {
    case SIN_CONEXION:
      return { titulo: t("sinConexion") };
    case SESION_TERMINADA:
      return { titulo: t("sesion") };
    case 403:
      return { titulo: t("prohibido") };
    case 404:
      return { titulo: noEncontrado ?? t("noEncontrado") };
    case 502:
      return { titulo: t("sinRespuesta") };
    default:
      return { titulo: t("error", { status: error.status }) };
  }
}

/** The explanation as one line for an alert: "Title: Detail". */
export const unaLinea = ({ titulo, detalle }: Explicacion) => (detalle ? `${titulo}: ${detalle}` : titulo);

/** explicar in the user's language, for a component's alert ("Title: Detail" with unaLinea). */
export function useExplicar(): (error: unknown, noEncontrado?: string) => Explicacion {
  const t = useTranslations("envio");
  return (error, noEncontrado) => explicar(error, t, noEncontrado);
}
