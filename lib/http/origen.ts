import type { Origen } from "@/lib/api/publicaciones";

/**
 * Who a listing's change comes from, for its notification (decisions 0068): `panel` when the request
 * says so with `X-ACS-Origen: panel` (an x-acs-* header, so inside the signature; the Panel's client
 * sends it), else the app itself. Any other value is the app's: the header only tells echoes apart.
 */
export function origenOf(request: Request): Origen {
  return request.headers.get("x-acs-origen")?.trim().toLowerCase() === "panel" ? "panel" : "app";
}
