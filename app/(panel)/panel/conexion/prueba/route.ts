import { probarGuardada } from "@/lib/panel/conexion/rutas";

/** POST /panel/conexion/prueba: admin only (docs/contract.md#dashboard-roles); a signed GET /v3 with the saved connection. */
export function POST(request: Request) {
  return probarGuardada(request);
}
