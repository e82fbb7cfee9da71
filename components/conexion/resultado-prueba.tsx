import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import type { Prueba } from "@/lib/panel/conexion/formulario";

/** A connection test's outcome: the HTTP status, the latency and the API's Version, or why it failed. */
export function ResultadoPrueba({ prueba }: { prueba: Prueba }) {
  const t = useTranslations();
  const motivo = [prueba.Title, prueba.Detail].filter(Boolean).join(": ");
  return (
    <Alert tono={prueba.Ok ? "exito" : "error"} titulo={prueba.Ok ? t("conexion.prueba.ok") : t("conexion.prueba.fallo")}>
      <ul className="flex flex-wrap gap-x-4 gap-y-1" data-testid="resultado-prueba">
        <li>{prueba.Status === null ? t("conexion.prueba.sinConexion") : t("conexion.prueba.status", { status: prueba.Status })}</li>
        <li>{t("conexion.prueba.latencia", { ms: prueba.LatenciaMs })}</li>
        {prueba.Version && <li>{t("conexion.prueba.version", { version: prueba.Version })}</li>}
      </ul>
      {!prueba.Ok && motivo && <p className="mt-1 break-words">{motivo}</p>}
    </Alert>
  );
}
