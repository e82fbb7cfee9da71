import { exportarConsultas } from "@/lib/panel/consultas/exportar";

/** GET /panel/consultas/exportar?{same filters as the inbox}: the filter's enquiries as CSV (lib/panel/consultas/exportar.ts). */
export const GET = (request: Request) => exportarConsultas(request);
