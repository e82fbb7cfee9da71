import { segment } from "@/lib/api/links";
import type { FieldErrors } from "@/lib/api/problem";
import type { RegistroEco } from "@/lib/api/registro";

/** A short-lived cookie carrying the messages and values of a rejected form post back to the form. */
export const REGISTRO_COOKIE = "vitrina_registro";

export const registroPath = (token: string) => `/registro/${segment(token)}`;

export type RegistroRechazado = { errores: FieldErrors; valores: RegistroEco };

export function readRechazo(value: string | undefined): RegistroRechazado | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as RegistroRechazado;
    return parsed && typeof parsed.errores === "object" ? parsed : undefined;
  } catch {
    return undefined;
  }
}
