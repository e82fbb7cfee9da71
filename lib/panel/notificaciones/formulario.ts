import * as z from "zod/mini";
import {
  callbackProblem,
  HEADER_TOKEN,
  headerValueProblem,
  isConnectionHeader,
  isReservedHeader,
  LIMITES_WEBHOOK,
} from "@/lib/api/limites";
import type { Traductor } from "@/lib/panel/i18n/idiomas";

/**
 * The webhook configuration form, shared by the browser and the route handlers: it checks the limits
 * of AppWebhookUpsert (lib/api/limites.ts, docs/contract.md#webhooks) with zod/mini, small in the browser. Whether
 * `http` Callbacks and private addresses are allowed are the service's settings (WEBHOOK_ALLOW_HTTP,
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS): the form accepts them and the API's 400 answer is shown under the
 * field. Messages come from the caller's translator.
 */

export const MODOS_SECRETO = ["conservar", "generar", "escribir", "ninguno"] as const;
export type ModoSecreto = (typeof MODOS_SECRETO)[number];

const headerSchema = (t: Traductor) =>
  z.object({
    nombre: z.string().check(
      z.trim(),
      z.minLength(1, t("notificaciones.validacion.nombreFalta")),
      z.maxLength(LIMITES_WEBHOOK.headerNombre, t("notificaciones.validacion.nombreMax", { max: LIMITES_WEBHOOK.headerNombre })),
      z.refine((value) => HEADER_TOKEN.test(value), t("notificaciones.validacion.token")),
      z.refine((value) => !isReservedHeader(value), t("notificaciones.validacion.reservado")),
      z.refine((value) => !isConnectionHeader(value), t("notificaciones.validacion.conexion")),
    ),
    valor: z.string().check(
      z.trim(),
      z.maxLength(LIMITES_WEBHOOK.headerValor, t("notificaciones.validacion.valorMax", { max: LIMITES_WEBHOOK.headerValor })),
      z.refine((value) => headerValueProblem(value) !== "control", t("notificaciones.validacion.saltos")),
      z.refine((value) => headerValueProblem(value) !== "latin1", t("notificaciones.validacion.latin1")),
    ),
  });

/**
 * The Callback's problem in the Panel's words (the form accepts http too, and addresses the
 * service may refuse, such as localhost: see above).
 */
function callbackMensaje(value: string, t: Traductor): string | undefined {
  const problema = callbackProblem(value, true);
  if (problema?.kind === "control") return t("notificaciones.validacion.urlControl");
  if (problema?.kind === "credentials") return t("notificaciones.validacion.credenciales");
  if (problema?.kind === "uri") return t("notificaciones.validacion.urlAbsoluta");
  if (problema?.kind === "scheme") return t("notificaciones.validacion.https");
  if (problema?.kind === "host") return t("notificaciones.validacion.host");
  return undefined;
}

/** The configuration form's rules (the API's limits), with messages in the Panel's language. */
export const formularioSchemaDe = (t: Traductor) =>
  z
    .object({
      callback: z.string().check(
        z.trim(),
        z.minLength(1, t("notificaciones.validacion.callbackFalta")),
        z.maxLength(LIMITES_WEBHOOK.callback, t("notificaciones.validacion.callbackMax", { max: LIMITES_WEBHOOK.callback })),
        z.superRefine((value, ctx) => {
          const message = callbackMensaje(value, t);
          if (message) ctx.addIssue({ code: "custom", message });
        }),
      ),
      modoSecreto: z.enum(MODOS_SECRETO),
      secreto: z.string(),
      descripcion: z
        .string()
        .check(
          z.maxLength(LIMITES_WEBHOOK.descripcion, t("notificaciones.validacion.descripcionMax", { max: LIMITES_WEBHOOK.descripcion })),
        ),
      activo: z.boolean(),
      headers: z
        .array(headerSchema(t))
        .check(z.maxLength(LIMITES_WEBHOOK.headers, t("notificaciones.validacion.headersMax", { max: LIMITES_WEBHOOK.headers }))),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.modoSecreto !== "escribir") return;
        const length = values.secreto.length;
        if (length < LIMITES_WEBHOOK.secretMin || length > LIMITES_WEBHOOK.secretMax) {
          ctx.addIssue({
            code: "custom",
            path: ["secreto"],
            message: t("notificaciones.validacion.secretoRango", {
              min: LIMITES_WEBHOOK.secretMin,
              max: LIMITES_WEBHOOK.secretMax,
              largo: length,
            }),
          });
        }
      }),
      z.superRefine((values, ctx) => {
        const vistos = new Set<string>();
        values.headers.forEach((header, index) => {
          const nombre = header.nombre.trim().toLowerCase();
          if (nombre && vistos.has(nombre))
            ctx.addIssue({ code: "custom", path: ["headers", index, "nombre"], message: t("notificaciones.validacion.duplicado") });
          vistos.add(nombre);
        });
      }),
    );

export type FormularioWebhook = z.infer<ReturnType<typeof formularioSchemaDe>>;

/** The body the panel's route handler receives and forwards to the API (AppWebhookUpsert). */
export type WebhookUpsert = {
  Callback: string;
  Secret: string | null;
  Description: string | null;
  Activo: boolean;
  HeaderCustom01: { Name: string; Value: string } | null;
  HeaderCustom02: { Name: string; Value: string } | null;
  HeaderCustom03: { Name: string; Value: string } | null;
};

/** The form's values as the API's body; `secreto` is the one to send (generated or typed), or null. */
export function aUpsert(values: FormularioWebhook, secreto: string | null): WebhookUpsert {
  const header = (index: number) => {
    const row = values.headers[index];
    return row ? { Name: row.nombre.trim(), Value: row.valor.trim() } : null;
  };
  return {
    Callback: values.callback.trim(),
    Secret: secreto,
    Description: values.descripcion.trim() === "" ? null : values.descripcion.trim(),
    Activo: values.activo,
    HeaderCustom01: header(0),
    HeaderCustom02: header(1),
    HeaderCustom03: header(2),
  };
}

/** A field of the form for each key of the API's Errors (HeaderCustom0N is the N-th row). */
export function campoDeError(clave: string): string | undefined {
  if (clave === "Callback") return "callback";
  if (clave === "Secret") return "secreto";
  if (clave === "Description") return "descripcion";
  if (clave === "Activo") return "activo";
  const header = /^HeaderCustom0([1-3])(?:\.(Name|Value))?$/.exec(clave);
  if (header) return `headers.${Number(header[1]) - 1}.${header[2] === "Value" ? "valor" : "nombre"}`;
  return undefined;
}
