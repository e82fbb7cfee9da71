import { Aviso, MarcoRegistro } from "@/components/registro/marco";

export default function InvitacionDesconocida() {
  return (
    <MarcoRegistro>
      <Aviso titulo="No encontramos esta invitación" tono="error">
        <p>El enlace de registro no es válido. Revisá que lo hayas copiado completo desde el e-mail de invitación.</p>
        <p>Si el problema sigue, pedile una invitación nueva a la app que te invitó.</p>
      </Aviso>
    </MarcoRegistro>
  );
}
