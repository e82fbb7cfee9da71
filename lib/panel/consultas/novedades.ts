import "server-only";
import { exigirUsuario } from "@/lib/panel/session";
import { cargarPagina, resolverConsultas, sidDe, statusDeFalla } from "./vista";

/**
 * The work of GET /panel/consultas/novedades?{same filters}: what the inbox polls (react-query, every 15 s while
 * the tab is visible) to notice new enquiries: the Total of the filter and the sids of page 1, newest
 * first (components/consultas/novedades.ts compares them with what the page knew).
 * Same role rules as the page (an `agencia` user is forced to its agency and operator).
 */
export async function leerNovedades(request: Request): Promise<Response> {
  const user = await exigirUsuario({ roles: ["admin", "soporte", "agencia"] });
  const resolucion = await resolverConsultas(user, new URL(request.url).searchParams);
  if (resolucion.errores) return Response.json({ Errores: resolucion.errores }, { status: 400, headers: { "Cache-Control": "no-store" } });
  const pagina = await cargarPagina(resolucion, 1);
  if (!pagina.ok)
    return Response.json({ Mensaje: pagina.mensaje }, { status: statusDeFalla(pagina.status), headers: { "Cache-Control": "no-store" } });
  const { Total, Hasta, _entries } = pagina.datos;
  return Response.json({ Total, Hasta, Sids: _entries.map(sidDe) }, { headers: { "Cache-Control": "no-store" } });
}
