import { getTextos } from "@/lib/panel/i18n/servidor";
import { MarcoDeError } from "./marco-de-error";

/** The Panel's 404 and 403 pages, in the Panel's language, with the way back to its start. */
export async function PaginaDeError({ tipo }: { tipo: "noEncontrada" | "sinPermiso" }) {
  const t = await getTextos();
  return <MarcoDeError tipo={tipo} textos={t[tipo]} volver={t.comun.volverInicio} />;
}
