import { cambiarConexion } from "@/lib/panel/conexion/rutas";

/** PUT /panel/conexion/credenciales: admin only; the new connection, saved only if the API accepts it. */
export function PUT(request: Request) {
  return cambiarConexion(request);
}
