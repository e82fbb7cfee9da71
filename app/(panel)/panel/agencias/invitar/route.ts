import { invitar } from "@/lib/panel/agencias/rutas";

/** POST /panel/agencias/invitar: admin only (docs/contract.md#dashboard-roles); POST /v3/agencias with the form's fields. */
export const POST = (request: Request) => invitar(request);
