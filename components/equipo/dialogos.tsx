"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import * as z from "zod/mini";
import { enviar } from "@/components/panel/enviar";
import { camposDe, useFormulario } from "@/components/panel/formulario";
import { ErrorDeFormulario } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { BotonesDeDialogo } from "@/components/ui/dialogo";
import {
  type CambioRol,
  type ContrasenaElegida,
  cambioRolSchemaDe,
  contrasenaElegidaSchemaDe,
  generarContrasena,
  type RolMiembro,
} from "@/lib/panel/equipo/formularios";
import { type Agencias, ContrasenaMostrada, ElegirContrasena, ElegirRol } from "./campos";

/**
 * What the Equipo table's dialogs hold (components/ui/dialogo.tsx opens and closes them): change a
 * role, give a new password (shown once, here), remove a member after confirming. Each one calls
 * `alListo` with what to announce once it is done; refusals stay in the dialog.
 */

export type FilaMiembro = {
  id: string;
  email: string;
  nombre: string | null;
  rol: RolMiembro;
  agencia: string | null;
  agenciaNombre: string | null;
  /** Since when, already formatted in the user's language. */
  desde: string;
  /** The signed-in admin's own row. */
  yo: boolean;
};

type Props = { fila: FilaMiembro; quien: string; alListo: (aviso?: string) => void; alCancelar: () => void };

const ruta = (fila: FilaMiembro) => `/panel/equipo/${encodeURIComponent(fila.id)}`;

/** A form of these dialogs: a member that is gone (a bare 404) is said in Equipo's words. */
function useFormularioDeMiembro<V extends Record<string, unknown>, R>(
  opciones: Omit<Parameters<typeof useFormulario<V, R>>[0], "noEncontrado">,
) {
  const t = useTranslations();
  return useFormulario({ ...opciones, noEncontrado: t("equipo.servidor.noExiste") });
}

/** The row's role (and agency), PUT /panel/equipo/{id}. */
export function CambiarRol({ fila, quien, agencias, alListo, alCancelar }: Props & { agencias: Agencias }) {
  const t = useTranslations();
  const schema = useMemo(() => cambioRolSchemaDe(t), [t]);
  const router = useRouter();
  const { form, errores, general, errorRef, pendiente, alEnviar } = useFormularioDeMiembro({
    schema,
    valores: { Rol: fila.rol, Agencia: fila.agencia ?? "" },
    campoDe: camposDe(["Rol", "Agencia"] as const),
    enviar: (values: CambioRol) =>
      enviar<{ Rol: RolMiembro }>(ruta(fila), "PUT", { Rol: values.Rol, Agencia: values.Rol === "agencia" ? values.Agencia : "" }),
    alGuardar: (miembro) => {
      router.refresh();
      alListo(t("equipo.cambioRol.exito", { quien, rol: t(`marco.roles.${miembro.Rol}`) }));
    },
  });
  const rol = useWatch({ control: form.control, name: "Rol" });
  return (
    <form noValidate onSubmit={alEnviar} className="space-y-4">
      <ErrorDeFormulario ref={errorRef} titulo={t("equipo.cambioRol.error")} mensaje={general} />
      <ElegirRol
        prefijo="cambio"
        rol={rol}
        registroRol={form.register("Rol")}
        registroAgencia={form.register("Agencia")}
        errores={{ Rol: errores.Rol?.message, Agencia: errores.Agencia?.message }}
        agencias={agencias}
      />
      <BotonesDeDialogo
        cancelar={t("equipo.cancelar")}
        enviar={pendiente ? t("equipo.cambioRol.guardando") : t("equipo.cambioRol.guardar")}
        pendiente={pendiente}
        alCancelar={alCancelar}
      />
    </form>
  );
}

/** A new password for the row (generated here or typed), POST /panel/equipo/{id}/contrasena; then shown once. */
export function NuevaContrasena({ fila, quien, alListo, alCancelar }: Props) {
  const t = useTranslations();
  const schema = useMemo(() => contrasenaElegidaSchemaDe(t), [t]);
  const [nueva, setNueva] = useState<string>();
  const { form, errores, general, errorRef, pendiente, alEnviar } = useFormularioDeMiembro({
    schema,
    valores: { ModoContrasena: "generar", Contrasena: "" },
    campoDe: camposDe(["Contrasena"] as const),
    enviar: async (values: ContrasenaElegida) => {
      const contrasena = values.ModoContrasena === "generar" ? generarContrasena() : values.Contrasena;
      await enviar<void>(`${ruta(fila)}/contrasena`, "POST", { Contrasena: contrasena });
      return contrasena;
    },
    alGuardar: setNueva,
  });
  const modo = useWatch({ control: form.control, name: "ModoContrasena" });

  if (nueva) {
    return (
      <ContrasenaMostrada aviso={t("equipo.nuevaContrasena.lista", { quien })} contrasena={nueva}>
        <div className="flex justify-end">
          <Button onClick={() => alListo()}>{t("equipo.nuevaContrasena.cerrar")}</Button>
        </div>
      </ContrasenaMostrada>
    );
  }
  return (
    <form noValidate onSubmit={alEnviar} className="space-y-4">
      <ErrorDeFormulario ref={errorRef} titulo={t("equipo.nuevaContrasena.error")} mensaje={general} />
      <ElegirContrasena
        prefijo="nueva"
        modo={modo}
        registroModo={form.register("ModoContrasena")}
        registroContrasena={form.register("Contrasena")}
        error={errores.Contrasena?.message}
      />
      <BotonesDeDialogo
        cancelar={t("equipo.cancelar")}
        enviar={pendiente ? t("equipo.nuevaContrasena.guardando") : t("equipo.nuevaContrasena.guardar")}
        pendiente={pendiente}
        alCancelar={alCancelar}
      />
    </form>
  );
}

const SIN_CAMPOS = z.object({});

/** Removes the row's member after this confirmation, DELETE /panel/equipo/{id}. */
export function Quitar({ fila, quien, alListo, alCancelar }: Props) {
  const t = useTranslations();
  const router = useRouter();
  const { general, errorRef, pendiente, alEnviar } = useFormularioDeMiembro({
    schema: SIN_CAMPOS,
    valores: {},
    campoDe: () => undefined,
    enviar: () => enviar<void>(ruta(fila), "DELETE"),
    alGuardar: () => {
      router.refresh();
      alListo(t("equipo.quitar.exito", { quien }));
    },
  });
  return (
    <form noValidate onSubmit={alEnviar} className="space-y-4">
      <ErrorDeFormulario ref={errorRef} titulo={t("equipo.quitar.error")} mensaje={general} />
      <BotonesDeDialogo
        cancelar={t("equipo.cancelar")}
        enviar={pendiente ? t("equipo.quitar.quitando") : t("equipo.quitar.confirmar")}
        pendiente={pendiente}
        alCancelar={alCancelar}
        peligro
      />
    </form>
  );
}
