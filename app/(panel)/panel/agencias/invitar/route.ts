import { invitar } from "@/lib/panel/agencias/rutas";

/** POST /panel/agencias/invitar: admin only (decisions §12); POST /v3/agencias with the form's fields. */
export const POST = (request: Request) => invitar(request);
