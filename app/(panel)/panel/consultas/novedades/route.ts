import { leerNovedades } from "@/lib/panel/consultas/novedades";

/** GET /panel/consultas/novedades?{same filters}: what the inbox polls for new enquiries (lib/panel/consultas/novedades.ts). */
export const GET = (request: Request) => leerNovedades(request);
