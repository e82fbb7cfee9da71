import { Alert } from "@/components/ui/alert";
import type { Prueba } from "@/lib/panel/conexion/limites";
import { useTextosConexion } from "./textos";

/** A connection test's outcome: the HTTP status, the latency and the API's Version, or why it failed. */
export function ResultadoPrueba({ prueba }: { prueba: Prueba }) {
  const t = useTextosConexion().prueba;
  const motivo = [prueba.Title, prueba.Detail].filter(Boolean).join(": ");
  return (
    <Alert tono={prueba.Ok ? "exito" : "error"} titulo={prueba.Ok ? t.ok : t.fallo}>
      <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="resultado-prueba">
        <li>{prueba.Status === null ? t.sinConexion : t.status(prueba.Status)}</li>
        <li>{t.latencia(prueba.LatenciaMs)}</li>
        {prueba.Version && <li>{t.version(prueba.Version)}</li>}
      </ul>
      {!prueba.Ok && motivo && <p className="mt-1 break-words">{motivo}</p>}
    </Alert>
  );
}
