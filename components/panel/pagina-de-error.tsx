import { getTranslations } from "next-intl/server";
import { MarcoDeError } from "./marco-de-error";

/** The Panel's 404 and 403 pages, in the Panel's language, with the way back to its start. */
export async function PaginaDeError({ tipo }: { tipo: "noEncontrada" | "sinPermiso" }) {
  const t = await getTranslations();
  const textos = { error: t(`${tipo}.error`), titulo: t(`${tipo}.titulo`), texto: t(`${tipo}.texto`) };
  return <MarcoDeError tipo={tipo} textos={textos} volver={t("comun.volverInicio")} />;
}
