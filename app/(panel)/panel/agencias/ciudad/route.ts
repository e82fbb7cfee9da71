import { buscarCiudad } from "@/lib/panel/agencias/rutas";

/** GET /panel/agencias/ciudad?region=&ciudad=: the catalogue's city for the edit form (admin). */
export const GET = (request: Request) => buscarCiudad(request);
