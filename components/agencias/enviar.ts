import type { Textos } from "@/lib/panel/i18n";

/**
 * The browser side of the Agencias route handlers: JSON in, JSON out, errors as ErrorDelPanel.
 * The panel's own messages come in the caller's language; the API's pass through.
 */

type Mensajes = Textos["agencias"]["envio"];

export type Problema = { Title: string; Detail?: string; Errors?: Record<string, string[]> };

export class ErrorDelPanel extends Error {
  readonly status: number;
  readonly problema: Problema;
  constructor(status: number, problema: Problema) {
    super(problema.Detail ?? problema.Title);
    this.status = status;
    this.problema = problema;
  }
}

export async function enviar<T>(url: string, method: string, body: unknown, t: Mensajes): Promise<T> {
  const MENSAJES: Record<number, string> = { 403: t[403], 404: t[404], 502: t[502] };
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ErrorDelPanel(0, { Title: t.sinConexion });
  }
  if (response.redirected && new URL(response.url).pathname === "/ingresar") {
    throw new ErrorDelPanel(401, { Title: t.sesion });
  }
  if (response.status === 204) return undefined as T;
  const isJson = (response.headers.get("content-type") ?? "").includes("json");
  const data = isJson ? ((await response.json().catch(() => null)) as unknown) : null;
  if (!response.ok) {
    const problema = (data && typeof data === "object" ? data : {}) as Partial<Problema>;
    throw new ErrorDelPanel(response.status, {
      Title: problema.Title ?? MENSAJES[response.status] ?? t.error(response.status),
      Detail: problema.Detail ?? (problema.Title ? undefined : MENSAJES[response.status]),
      Errors: problema.Errors,
    });
  }
  return data as T;
}

/** Field errors of a problem for the form's fields; the rest (and `_`) as one general message. */
export function repartirErrores<F extends string>(
  error: unknown,
  campos: readonly F[],
  t: Mensajes,
): { porCampo: Partial<Record<F, string>>; general: string | undefined } {
  if (!(error instanceof ErrorDelPanel)) return { porCampo: {}, general: t.inesperado };
  const porCampo: Partial<Record<F, string>> = {};
  const otros: string[] = [];
  for (const [clave, mensajes] of Object.entries(error.problema.Errors ?? {})) {
    if ((campos as readonly string[]).includes(clave)) porCampo[clave as F] = mensajes.join(" ");
    else otros.push(...mensajes);
  }
  const hayCampos = Object.keys(porCampo).length > 0;
  const general = otros.length ? otros.join(" ") : hayCampos ? undefined : (error.problema.Detail ?? error.problema.Title);
  return { porCampo, general };
}

/** What a form lends `mostrarErrores` (react-hook-form's setters, and how to reach its general alert). */
type FormularioConErrores<F extends string> = {
  setError: (campo: F, error: { type: string; message: string }) => void;
  setFocus: (campo: F) => void;
  setGeneral: (mensaje: string | undefined) => void;
  enfocarGeneral: () => void;
};

/**
 * A refused submit on the form: each field's message under its field and the focus on the first of
 * them; otherwise the general alert, focused so that a screen reader reads it.
 */
export function mostrarErrores<F extends string>(error: unknown, campos: readonly F[], t: Mensajes, form: FormularioConErrores<F>) {
  const { porCampo, general } = repartirErrores(error, campos, t);
  for (const campo of campos) {
    const message = porCampo[campo];
    if (message) form.setError(campo, { type: "server", message });
  }
  form.setGeneral(general);
  const primero = campos.find((campo) => porCampo[campo]);
  if (primero) form.setFocus(primero);
  else requestAnimationFrame(form.enfocarGeneral);
}
