import { desasociar } from "@/lib/panel/agencias/rutas";

/** PATCH /panel/agencias/{adminMail}/desasociar: admin only; PATCH /v3/agencias/{adminMail}/desasociar. */
export const PATCH = (request: Request, { params }: { params: Promise<{ adminMail: string }> }) => desasociar(request, params);
