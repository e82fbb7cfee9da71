import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldErrors } from "@/lib/api/problem";
import type { RegistroEco } from "@/lib/api/registro";
import { EntradaContrasena } from "./entrada-contrasena";
import { FormularioValidado, MensajeLocal } from "./validacion";

type Props = {
  accion: string;
  appName: string;
  adminMail: string;
  regiones: { id: number; nombre: string }[];
  ciudades: { id: number; nombre: string; region: string }[];
  valores: RegistroEco;
  errores: FieldErrors;
};

const inputClass =
  "mt-1 block min-h-11 w-full rounded-lg border [&:is(select)]:h-11 border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-marca-600 focus:outline-none focus:ring-2 focus:ring-marca-100 aria-[invalid=true]:border-red-500";

function Campo(props: { id: string; etiqueta: string; ayuda?: string; errores?: string[]; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.etiqueta}
      </label>
      {props.children}
      {props.ayuda && (
        <p id={`${props.id}-ayuda`} className="mt-1 text-xs text-slate-500">
          {props.ayuda}
        </p>
      )}
      {props.errores?.map((mensaje) => (
        <p key={mensaje} id={`${props.id}-error`} className="mt-1 text-sm text-red-700">
          {mensaje}
        </p>
      ))}
      <MensajeLocal id={props.id} />
    </div>
  );
}

const describedBy = (id: string, errores: FieldErrors, ayuda = false) =>
  [ayuda && `${id}-ayuda`, errores[id] && `${id}-error`].filter(Boolean).join(" ") || undefined;

/** A labelled text input whose help and errors are wired for screen readers. */
function CampoTexto({
  name,
  etiqueta,
  ayuda,
  errores,
  ...input
}: { name: string; etiqueta: string; ayuda?: string; errores: FieldErrors } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Campo id={name} etiqueta={etiqueta} ayuda={ayuda} errores={errores[name]}>
      <input
        id={name}
        name={name}
        required
        aria-invalid={errores[name] ? true : undefined}
        aria-describedby={describedBy(name, errores, ayuda !== undefined)}
        className={inputClass}
        {...input}
      />
    </Campo>
  );
}

/** The messages of a rejected post, above the form. */
export function Errores({ errores }: { errores: FieldErrors }) {
  const mensajes = Object.entries(errores);
  if (mensajes.length === 0) return null;
  return (
    <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">Revisá los datos marcados:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {mensajes.flatMap(([campo, lista]) => lista.map((mensaje) => <li key={`${campo}-${mensaje}`}>{mensaje}</li>))}
      </ul>
    </div>
  );
}

/** Whether catalogue enquiries reach the inviting app: asked when registering and when attaching an existing account. */
export function CompartirCatalogo({ appName, marcado }: { appName: string; marcado?: boolean }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
        <input
          id="CompartirConsultasCatalogo"
          name="CompartirConsultasCatalogo"
          type="checkbox"
          defaultChecked={marcado}
          aria-describedby="CompartirConsultasCatalogo-ayuda"
          className="h-5 w-5 shrink-0 rounded border-slate-300 text-marca-700 focus:ring-marca-600"
        />
        {`Compartir consultas de catálogo con ${appName}`}
      </label>
      <div className="pl-8">
        <p id="CompartirConsultasCatalogo-ayuda" className="text-xs text-slate-500">
          {appName} también va a recibir las consultas que lleguen por tus vehículos de catálogo. Podés cambiarlo más adelante.
        </p>
      </div>
    </div>
  );
}

export const BOTON_ENVIAR =
  "w-full rounded-lg bg-marca-700 px-4 py-3 font-semibold text-white shadow-sm hover:bg-marca-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700";

/** The registration form: a plain HTML form post, so it works with JavaScript disabled. */
export function FormularioRegistro({ accion, appName, adminMail, regiones, ciudades, valores, errores }: Props) {
  const invalid = (id: string) => (errores[id] ? true : undefined);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <p className="text-sm font-semibold uppercase tracking-wide text-marca-700">{`Invitación de ${appName}`}</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Registrá tu agencia</h1>
      <p className="mt-2 text-slate-700">
        Completá los datos de la agencia y de quien la administra. Vas a ingresar con <strong>{adminMail}</strong>.
      </p>

      <Errores errores={errores} />

      <FormularioValidado action={accion} className="mt-8 space-y-8">
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold text-slate-900">La agencia</legend>
          <CampoTexto
            name="Nombre"
            etiqueta="Nombre de la agencia"
            errores={errores}
            maxLength={100}
            autoComplete="organization"
            defaultValue={valores.Nombre}
          />
          <CampoTexto
            name="Telefono"
            etiqueta="Teléfono"
            ayuda="Entre 8 y 20 caracteres: dígitos, espacios, +, - y paréntesis."
            errores={errores}
            type="tel"
            minLength={8}
            maxLength={20}
            pattern="[0-9 +\-\(\)]{8,20}"
            data-formato="Usá de 8 a 20 caracteres: dígitos, espacios, +, -, ( y )."
            autoComplete="tel"
            placeholder="+54 351 555-0101"
            defaultValue={valores.Telefono}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Campo id="Region" etiqueta="Provincia" errores={errores.Region}>
              <select
                id="Region"
                name="Region"
                required
                defaultValue={valores.Region ?? ""}
                aria-invalid={invalid("Region")}
                aria-describedby={describedBy("Region", errores)}
                className={inputClass}
              >
                <option value="" disabled>
                  Elegí una provincia
                </option>
                {regiones.map((region) => (
                  <option key={region.id} value={String(region.id)}>
                    {region.nombre}
                  </option>
                ))}
              </select>
            </Campo>
            <Campo id="Ciudad" etiqueta="Ciudad" ayuda="Escribí el nombre y elegí de la lista." errores={errores.Ciudad}>
              <input
                id="Ciudad"
                name="Ciudad"
                list="ciudades"
                required
                maxLength={200}
                autoComplete="address-level2"
                defaultValue={valores.Ciudad}
                aria-invalid={invalid("Ciudad")}
                aria-describedby={describedBy("Ciudad", errores, true)}
                className={inputClass}
              />
              <datalist id="ciudades">
                {ciudades.map((ciudad) => (
                  <option key={ciudad.id} value={ciudad.nombre}>
                    {ciudad.region}
                  </option>
                ))}
              </datalist>
            </Campo>
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-base font-semibold text-slate-900">Quien administra la cuenta</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <CampoTexto
              name="AdminNombre"
              etiqueta="Tu nombre"
              errores={errores}
              maxLength={100}
              autoComplete="given-name"
              defaultValue={valores.AdminNombre}
            />
            <CampoTexto
              name="AdminApellido"
              etiqueta="Tu apellido"
              errores={errores}
              maxLength={100}
              autoComplete="family-name"
              defaultValue={valores.AdminApellido}
            />
          </div>
          <Campo
            id="Password"
            etiqueta="Contraseña"
            ayuda="Al menos 10 caracteres y difícil de adivinar: por ejemplo, tres o cuatro palabras poco comunes separadas por guiones."
            errores={errores.Password}
          >
            <EntradaContrasena
              id="Password"
              name="Password"
              required
              type="password"
              minLength={10}
              maxLength={200}
              autoComplete="new-password"
              aria-invalid={errores.Password ? true : undefined}
              aria-describedby={describedBy("Password", errores, true)}
              className={inputClass}
            />
          </Campo>
        </fieldset>

        <CompartirCatalogo appName={appName} marcado={valores.CompartirConsultasCatalogo} />

        <button type="submit" className={BOTON_ENVIAR}>
          Completar el registro
        </button>
      </FormularioValidado>
    </section>
  );
}
