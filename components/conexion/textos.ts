import { enIngles, useTextosDePagina } from "@/components/panel/idioma";
import { conexionEs } from "@/lib/panel/i18n/conexion-es";

const ingles = enIngles(() => import("@/lib/panel/i18n/conexion-en").then(({ conexionEn }) => conexionEn));

/** The Conexión page's texts in the user's language (only this page bundles them). */
export const useTextosConexion = () => useTextosDePagina(conexionEs, ingles);
