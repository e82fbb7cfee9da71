import { agregar } from "@/lib/panel/equipo/rutas";

/** POST /panel/equipo/agregar: admin only (docs/contract.md#dashboard-roles); a new member of the admin's workspace. */
export function POST(request: Request) {
  return agregar(request);
}
