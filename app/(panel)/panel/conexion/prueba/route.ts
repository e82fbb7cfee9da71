import { probarGuardada } from "@/lib/panel/conexion/rutas";

/** POST /panel/conexion/prueba: admin only (decisions §12); a signed GET /v3 with the saved connection. */
export function POST(request: Request) {
  return probarGuardada(request);
}
