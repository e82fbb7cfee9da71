import { type NextRequest, NextResponse } from "next/server";
import { getTranslations } from "next-intl/server";
import { cerrarSesion, SIGN_IN_PATH, sessionCookie } from "@/lib/panel/auth";
import { rechazarSiNoEsMismoSitio } from "@/lib/panel/manejar";

/**
 * POST /panel/salir: the Salir button of the Panel's header, a plain form. The user's sessions end on
 * the server (a copy of the cookie opens nothing: docs/decisions/0029), and the cookie (split into
 * name.0, name.1… when long) is expired; then 303 to the sign-in page. Refused from another site,
 * like the Panel's other mutations.
 */
/**
 * GET /panel/salir: a typed or bookmarked address, not the button. Signing out on a GET would let any
 * page sign the user out with an image: 303 to the Panel, whose header has Salir (and whose guard
 * sends someone already signed out to sign in).
 */
export function GET() {
  return new NextResponse(null, { status: 303, headers: { Location: "/panel", "Cache-Control": "no-store" } });
}

export async function POST(request: NextRequest) {
  const refused = rechazarSiNoEsMismoSitio(request, await getTranslations(), { conCuerpo: false });
  if (refused) return refused;
  await cerrarSesion(request);
  const { name, secure } = sessionCookie();
  const response = new NextResponse(null, { status: 303, headers: { Location: SIGN_IN_PATH, "Cache-Control": "no-store" } });
  for (const { name: cookie } of request.cookies.getAll()) {
    if (cookie === name || cookie.startsWith(`${name}.`)) {
      response.cookies.set(cookie, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure });
    }
  }
  return response;
}
