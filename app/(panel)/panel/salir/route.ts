import { type NextRequest, NextResponse } from "next/server";
import { getTranslations } from "next-intl/server";
import { SIGN_IN_PATH, sessionCookie } from "@/lib/panel/auth";
import { rechazarSiNoEsMismoSitio } from "@/lib/panel/manejar";

/**
 * POST /panel/salir: the Salir button of the Panel's header, a plain form. A next-auth JWT session
 * lives only in its cookie (split into name.0, name.1… when long), so signing out expires it; then
 * 303 to the sign-in page. Refused from another site, like the Panel's other mutations.
 */
export async function POST(request: NextRequest) {
  const refused = rechazarSiNoEsMismoSitio(request, await getTranslations(), { conCuerpo: false });
  if (refused) return refused;
  const { name, secure } = sessionCookie();
  const response = new NextResponse(null, { status: 303, headers: { Location: SIGN_IN_PATH, "Cache-Control": "no-store" } });
  for (const { name: cookie } of request.cookies.getAll()) {
    if (cookie === name || cookie.startsWith(`${name}.`)) {
      response.cookies.set(cookie, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure });
    }
  }
  return response;
}
