import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { SecretoUnaVez } from "@/components/panel/secreto-una-vez";
import { Alert } from "@/components/ui/alert";
import { Field, Input, inputClass } from "@/components/ui/field";
import type { AgenciaOpcion } from "@/lib/panel/equipo/agencias";
import { MIN_PASSWORD_LENGTH, MODOS_CONTRASENA, ROLES_MIEMBRO } from "@/lib/panel/equipo/formularios";

/**
 * The parts the Equipo forms share (add a member, change a role, a new password), wired to a
 * react-hook-form by the caller: the role with its agency, the password's choice, and the password
 * shown once after saving.
 */

/** The registered agencies an `agencia` member may belong to; `null` with `error` when the API could not be read. */
export type Agencias = { lista: AgenciaOpcion[] | null; error?: string };

const opcionClass =
  "flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50";

function Opcion({ registro, valor, etiqueta, ayuda }: { registro: UseFormRegisterReturn; valor: string; etiqueta: string; ayuda: string }) {
  return (
    <label className={opcionClass}>
      <input type="radio" value={valor} className="mt-0.5 accent-marca-700" {...registro} />
      <span>
        <span className="block font-medium text-slate-900">{etiqueta}</span>
        <span className="block text-slate-600">{ayuda}</span>
      </span>
    </label>
  );
}

/** The role (three choices, each with what it may do) and, for `agencia`, the agency. */
export function ElegirRol({
  prefijo,
  rol,
  registroRol,
  registroAgencia,
  errores,
  agencias,
}: {
  prefijo: string;
  rol: string;
  registroRol: UseFormRegisterReturn;
  registroAgencia: UseFormRegisterReturn;
  errores: { Rol?: string; Agencia?: string };
  agencias: Agencias;
}) {
  const t = useTranslations();
  const agencia = `${prefijo}-agencia`;
  const ayuda =
    agencias.lista === null
      ? t("equipo.rol.errorAgencias", { motivo: agencias.error ?? "" })
      : agencias.lista.length === 0
        ? t("equipo.rol.sinAgencias")
        : t("equipo.rol.agenciaAyuda");
  return (
    <>
      <fieldset aria-describedby={errores.Rol ? `${prefijo}-rol-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t("equipo.rol.leyenda")}</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-3">
          {ROLES_MIEMBRO.map((valor) => (
            <Opcion
              key={valor}
              registro={registroRol}
              valor={valor}
              etiqueta={t(`marco.roles.${valor}`)}
              ayuda={t(`equipo.roles.${valor}`)}
            />
          ))}
        </div>
        {errores.Rol && (
          <p id={`${prefijo}-rol-error`} className="mt-1 text-sm text-red-700">
            {errores.Rol}
          </p>
        )}
      </fieldset>
      {rol === "agencia" && (
        <Field id={agencia} label={t("equipo.rol.agencia")} hint={ayuda} error={errores.Agencia}>
          {(control) => (
            <select {...control} className={inputClass} {...registroAgencia}>
              <option value="">{t("equipo.rol.elegiAgencia")}</option>
              {(agencias.lista ?? []).map((opcion) => (
                <option key={opcion.adminMail} value={opcion.adminMail}>
                  {opcion.nombre ? `${opcion.nombre} (${opcion.adminMail})` : opcion.adminMail}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}

/** The password: generated in the browser when saving (the default), or typed by the admin. */
export function ElegirContrasena({
  prefijo,
  modo,
  registroModo,
  registroContrasena,
  error,
}: {
  prefijo: string;
  modo: string;
  registroModo: UseFormRegisterReturn;
  registroContrasena: UseFormRegisterReturn;
  error?: string;
}) {
  const t = useTranslations();
  const campo = `${prefijo}-contrasena`;
  const opciones: Record<(typeof MODOS_CONTRASENA)[number], { etiqueta: string; ayuda: string }> = {
    generar: { etiqueta: t("equipo.contrasena.generar"), ayuda: t("equipo.contrasena.generarAyuda") },
    escribir: { etiqueta: t("equipo.contrasena.escribir"), ayuda: t("equipo.contrasena.escribirAyuda", { min: MIN_PASSWORD_LENGTH }) },
  };
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{t("equipo.contrasena.leyenda")}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {MODOS_CONTRASENA.map((valor) => (
          <Opcion key={valor} registro={registroModo} valor={valor} {...opciones[valor]} />
        ))}
      </div>
      {modo === "escribir" && (
        <Field
          id={campo}
          label={t("equipo.contrasena.campo")}
          hint={t("equipo.contrasena.escribirAyuda", { min: MIN_PASSWORD_LENGTH })}
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              className="font-mono"
              {...registroContrasena}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}

/**
 * The password just saved, shown this one time (SecretoUnaVez: only this component's memory has it),
 * after what happened; the focus moves here when it appears, so a screen reader reads it.
 */
export function ContrasenaMostrada({ aviso, contrasena, children }: { aviso: string; contrasena: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="space-y-4 focus:outline-none">
      <Alert tono="exito">{aviso}</Alert>
      <SecretoUnaVez secreto={contrasena} tipo="contrasena" />
      {children}
    </div>
  );
}
