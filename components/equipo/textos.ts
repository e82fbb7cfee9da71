import { enIngles, useTextosDePagina } from "@/components/panel/idioma";
import { equipoEs } from "@/lib/panel/i18n/equipo-es";

const ingles = enIngles(() => import("@/lib/panel/i18n/equipo-en").then(({ equipoEn }) => equipoEn));

/** The Equipo page's texts in the user's language (only this page bundles them). */
export const useTextosEquipo = () => useTextosDePagina(equipoEs, ingles);
