import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { FormularioConexion } from "@/components/registro/conexion";
import { FormularioRegistro } from "@/components/registro/formulario";
import { Aviso, MarcoRegistro } from "@/components/registro/marco";
import { findInvitation } from "@/lib/service/agencias/find-invitation";
import { REGISTRO_COOKIE, readRechazo, registroPath } from "@/lib/service/agencias/registro-form";
import { listCiudades, listRegiones } from "@/lib/service/catalogo/queries";
import { serviceReady } from "@/lib/service/ready";

export const metadata: Metadata = { title: "Registrá tu agencia", robots: { index: false } };

type Props = { params: Promise<{ token: string }> };

/**
 * The registration page of an invitation (docs/contract.md#registration): the form for a valid link (for an agency
 * that already has an account, the question whether to attach it to the app); a 404 page for a
 * token never issued; a 410 page (status set by proxy.ts) for a used or expired one.
 */
export default async function RegistroPage({ params }: Props) {
  await serviceReady();
  const { token } = await params;
  const invitation = await findInvitation(token);
  if (!invitation) notFound();
  if (invitation.estado !== "valida") {
    return (
      <MarcoRegistro>
        <Aviso titulo={invitation.estado === "usada" ? "Esta invitación ya se usó" : "Esta invitación venció"} tono="error">
          <p>
            {invitation.estado === "usada"
              ? "El enlace de registro sirve una sola vez y ya se completó el registro con él."
              : "El enlace de registro ya no es válido: venció o fue reemplazado por una invitación más reciente."}
          </p>
          <p>Si necesitás registrarte, pedile a {invitation.appName} que te envíe una invitación nueva.</p>
        </Aviso>
      </MarcoRegistro>
    );
  }
  const rechazo = readRechazo((await cookies()).get(REGISTRO_COOKIE)?.value);
  if (invitation.cuentaExistente) {
    return (
      <MarcoRegistro>
        <FormularioConexion
          accion={`${registroPath(token)}/aceptar`}
          appName={invitation.appName}
          adminMail={invitation.adminMail}
          errores={rechazo?.errores ?? {}}
        />
      </MarcoRegistro>
    );
  }
  const [regiones, ciudades] = await Promise.all([listRegiones(), listCiudades({})]);
  const { nombre, telefono } = invitation.invitacion;
  return (
    <MarcoRegistro>
      <FormularioRegistro
        accion={`${registroPath(token)}/aceptar`}
        appName={invitation.appName}
        adminMail={invitation.adminMail}
        regiones={regiones.map((region) => ({ id: region.id, nombre: region.nombre }))}
        ciudades={ciudades.map((ciudad) => ({ id: ciudad.id, nombre: ciudad.nombre, region: ciudad.region }))}
        valores={rechazo?.valores ?? { Nombre: nombre ?? undefined, Telefono: telefono ?? undefined }}
        errores={rechazo?.errores ?? {}}
      />
    </MarcoRegistro>
  );
}
