import type { FieldErrors } from "@/lib/api/problem";
import { BOTON_ENVIAR, CompartirCatalogo, Errores } from "./formulario";

type Props = { accion: string; appName: string; adminMail: string; errores: FieldErrors };

/**
 * The invitation of an agency that already has an account: accepting it attaches the account to
 * the app as it is (docs/decisions/0022). A plain HTML form post, like the registration form.
 */
export function FormularioConexion({ accion, appName, adminMail, errores }: Props) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <p className="text-sm font-semibold uppercase tracking-wide text-marca-700">{`Invitación de ${appName}`}</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">{`Conectá tu agencia con ${appName}`}</h1>
      <p className="mt-2 text-slate-700">
        La agencia de <strong>{adminMail}</strong> ya está registrada en Vitrina. Al aceptar, {appName} va a poder ver los datos de la
        agencia y sus operadores, publicar tus vehículos y recibir las consultas de sus publicaciones. Los datos de la agencia y tu
        contraseña no cambian.
      </p>
      <Errores errores={errores} />
      <form method="post" action={accion} className="mt-8 space-y-8">
        <CompartirCatalogo appName={appName} />
        <button type="submit" className={BOTON_ENVIAR}>
          {`Conectar con ${appName}`}
        </button>
      </form>
    </section>
  );
}
