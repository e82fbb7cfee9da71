import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Aviso, MarcoRegistro } from "@/components/registro/marco";
import { findInvitation } from "@/lib/service/agencias/find-invitation";
import { registroPath } from "@/lib/service/agencias/registro-form";
import { serviceReady } from "@/lib/service/ready";

export const metadata: Metadata = { title: "Registro completo", robots: { index: false } };

/** The confirmation after a successful registration or attachment (303 target of the form post). */
export default async function RegistroListo({ params }: { params: Promise<{ token: string }> }) {
  await serviceReady();
  const { token } = await params;
  const invitation = await findInvitation(token);
  if (!invitation) notFound();
  if (invitation.estado !== "usada") redirect(registroPath(token));
  const { appName, adminMail, cuentaExistente } = invitation;
  return (
    <MarcoRegistro>
      <Aviso
        titulo={cuentaExistente ? `¡Listo! Tu agencia quedó conectada con ${appName}` : "¡Listo! Tu agencia quedó registrada"}
        tono="exito"
      >
        <p>
          <strong>{invitation.nombre}</strong> ya está asociada a {appName}. Desde ahora {appName} puede publicar tus vehículos y te van a
          llegar las consultas.
        </p>
        <p>
          {cuentaExistente ? "Seguís ingresando con " : "Ingresás con "}
          <strong>{adminMail}</strong>
          {cuentaExistente ? " y tu contraseña de siempre." : " y la contraseña que elegiste."}
        </p>
      </Aviso>
    </MarcoRegistro>
  );
}
