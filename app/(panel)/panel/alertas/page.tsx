import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FormularioAlertas } from "@/components/alertas/formulario-alertas";
import { MensajesDe } from "@/components/panel/mensajes";
import { Alert } from "@/components/ui/alert";
import { leerAlertas } from "@/lib/panel/alertas/alertas";
import { agenciasRegistradas } from "@/lib/panel/equipo/agencias";
import { explicarFalla } from "@/lib/panel/fallas";
import { type CurrentUser, exigirUsuario } from "@/lib/panel/session";
import { v3ClientFor } from "@/lib/panel/v3-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("alertas.titulo") };
}

/**
 * The signed-in user's alerts of new enquiries (issue 34, part 1; decision 0103), every role: read and
 * saved through v3 (/v3/alertas), the subscriber being the user.
 */
export default async function AlertasPage() {
  const user = await exigirUsuario({ roles: ["admin", "soporte", "agencia"], next: "/panel/alertas" });
  const t = await getTranslations();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("alertas.titulo")}</h1>
        <p className="mt-1 text-slate-600">{t("alertas.descripcion")}</p>
      </div>
      <Alertas user={user} />
    </div>
  );
}

/** The form with what the API has; what it cannot answer (an agency the app does not know…) said in words. */
async function Alertas({ user }: { user: CurrentUser }) {
  const t = await getTranslations();
  const propia = user.role === "agencia" ? user.agency : null;
  try {
    const client = await v3ClientFor(user.workspace.id);
    const [guardada, { ClavePush }, agencias, agencia] = await Promise.all([
      leerAlertas(client, user),
      client.getAlertas(),
      propia ? [] : agenciasRegistradas(client),
      propia ? client.getAgencia(propia.adminMail) : null,
    ]);
    return (
      <MensajesDe areas={["alertas"]}>
        <FormularioAlertas
          email={user.email}
          agenciaPropia={agencia ? (agencia.Nombre ?? agencia.AdminMail) : null}
          agencias={agencias}
          guardada={guardada}
          clavePush={ClavePush}
        />
      </MensajesDe>
    );
  } catch (error) {
    return (
      <Alert tono="error" titulo={t("alertas.error")}>
        {explicarFalla(error, t, propia?.adminMail)}
      </Alert>
    );
  }
}
