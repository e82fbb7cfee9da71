import { editar } from "@/lib/panel/agencias/rutas";

/** PUT /panel/agencias/{adminMail}/datos: admin only; PUT /v3/agencias/{adminMail} (replaces every field). */
export const PUT = (request: Request, { params }: { params: Promise<{ adminMail: string }> }) => editar(request, params);
