import type { NextRequest } from "next/server";
import { getTranslations } from "next-intl/server";
import { COOKIE_IDIOMA, COOKIE_RUTAS, esIdioma, IDIOMA_PREDETERMINADO } from "@/lib/panel/i18n/idiomas";
import { rechazarSiNoEsMismoSitio } from "@/lib/panel/manejar";

const UN_ANIO = 60 * 60 * 24 * 365;

/** Only a path of the Panel or the sign-in page (never another site, never `//host`). */
function destino(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "";
  return /^\/(?:panel|ingresar)(?:[/?#]|$)/.test(path) && !path.includes("\\") ? path : "/panel";
}

/**
 * POST /idioma (idioma=es-AR|en, volver=/panel/...): the language switch of the Panel's header and
 * of /ingresar. Sets the `idioma` cookie on the Panel's paths and answers 303 to the same page, so
 * the browser reloads it in the new language. No session needed: the sign-in page has the switch.
 * Refused from another site, like the Panel's other mutations (a page elsewhere cannot choose the
 * Panel's language for its visitors).
 */
export async function POST(request: NextRequest) {
  const refused = rechazarSiNoEsMismoSitio(request, await getTranslations(), { conCuerpo: false });
  if (refused) return refused;
  const form = await request.formData().catch(() => null);
  const valor = form?.get("idioma");
  const idioma = esIdioma(valor) ? valor : IDIOMA_PREDETERMINADO;
  const headers = new Headers({ Location: destino(form?.get("volver") ?? null), "Cache-Control": "no-store" });
  const secure = request.nextUrl.protocol === "https:" ? "; Secure" : "";
  for (const path of COOKIE_RUTAS) {
    headers.append("Set-Cookie", `${COOKIE_IDIOMA}=${idioma}; Path=${path}; Max-Age=${UN_ANIO}; SameSite=Lax; HttpOnly${secure}`);
  }
  return new Response(null, { status: 303, headers });
}
