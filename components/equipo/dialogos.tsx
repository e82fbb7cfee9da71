"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { mostrarErrores, repartirErrores } from "@/components/agencias/enviar";
import { useTextos } from "@/components/panel/idioma";
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
} from "@/lib/panel/equipo/limites";
import { type Agencias, ContrasenaMostrada, ElegirContrasena, ElegirRol } from "./campos";
import { enviarEquipo, mensajesEquipo } from "./enviar";
import { useTextosEquipo } from "./textos";

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

/** The row's role (and agency), PUT /panel/equipo/{id}. */
export function CambiarRol({ fila, quien, agencias, alListo, alCancelar }: Props & { agencias: Agencias }) {
  const textos = useTextos();
  const t = useTextosEquipo();
  const mensajes = mensajesEquipo(textos, t);
  const schema = useMemo(() => cambioRolSchemaDe(t.validacion), [t]);
  const router = useRouter();
  const [general, setGeneral] = useState<string>();
  const errorRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm<CambioRol>({ resolver: zodResolver(schema), defaultValues: { Rol: fila.rol, Agencia: fila.agencia ?? "" } });
  const rol = useWatch({ control, name: "Rol" });
  const guardar = useMutation({
    mutationFn: (values: CambioRol) =>
      enviarEquipo<{ Rol: RolMiembro }>(mensajes, ruta(fila), "PUT", {
        Rol: values.Rol,
        Agencia: values.Rol === "agencia" ? values.Agencia : "",
      }),
    onSuccess: (miembro) => {
      router.refresh();
      alListo(t.cambioRol.exito(quien, textos.marco.roles[miembro.Rol]));
    },
    onError: (error) =>
      mostrarErrores(error, ["Rol", "Agencia"] as const, mensajes, {
        setError,
        setFocus,
        setGeneral,
        enfocarGeneral: () => errorRef.current?.focus(),
      }),
  });
  return (
    <form noValidate onSubmit={handleSubmit((values) => guardar.mutate(values))} className="space-y-4">
      <ErrorDeFormulario ref={errorRef} titulo={t.cambioRol.error} mensaje={general} />
      <ElegirRol
        prefijo="cambio"
        rol={rol}
        registroRol={register("Rol")}
        registroAgencia={register("Agencia")}
        errores={{ Rol: errors.Rol?.message, Agencia: errors.Agencia?.message }}
        agencias={agencias}
      />
      <BotonesDeDialogo
        cancelar={t.cancelar}
        enviar={guardar.isPending ? t.cambioRol.guardando : t.cambioRol.guardar}
        pendiente={guardar.isPending}
        alCancelar={alCancelar}
      />
    </form>
  );
}

/** A new password for the row (generated here or typed), POST /panel/equipo/{id}/contrasena; then shown once. */
export function NuevaContrasena({ fila, quien, alListo, alCancelar }: Props) {
  const textos = useTextos();
  const t = useTextosEquipo();
  const mensajes = mensajesEquipo(textos, t);
  const schema = useMemo(() => contrasenaElegidaSchemaDe(t.validacion), [t]);
  const [general, setGeneral] = useState<string>();
  const [nueva, setNueva] = useState<string>();
  const errorRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm<ContrasenaElegida>({ resolver: zodResolver(schema), defaultValues: { ModoContrasena: "generar", Contrasena: "" } });
  const modo = useWatch({ control, name: "ModoContrasena" });
  const cambiar = useMutation({
    mutationFn: (contrasena: string) => enviarEquipo<void>(mensajes, `${ruta(fila)}/contrasena`, "POST", { Contrasena: contrasena }),
    onSuccess: (_, contrasena) => setNueva(contrasena),
    onError: (error) =>
      mostrarErrores(error, ["Contrasena"] as const, mensajes, {
        setError,
        setFocus,
        setGeneral,
        enfocarGeneral: () => errorRef.current?.focus(),
      }),
  });

  if (nueva) {
    return (
      <ContrasenaMostrada aviso={t.nuevaContrasena.lista(quien)} contrasena={nueva}>
        <div className="flex justify-end">
          <Button onClick={() => alListo()}>{t.nuevaContrasena.cerrar}</Button>
        </div>
      </ContrasenaMostrada>
    );
  }
  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => {
        setGeneral(undefined);
        cambiar.mutate(values.ModoContrasena === "generar" ? generarContrasena() : values.Contrasena);
      })}
      className="space-y-4"
    >
      <ErrorDeFormulario ref={errorRef} titulo={t.nuevaContrasena.error} mensaje={general} />
      <ElegirContrasena
        prefijo="nueva"
        modo={modo}
        registroModo={register("ModoContrasena")}
        registroContrasena={register("Contrasena")}
        error={errors.Contrasena?.message}
      />
      <BotonesDeDialogo
        cancelar={t.cancelar}
        enviar={cambiar.isPending ? t.nuevaContrasena.guardando : t.nuevaContrasena.guardar}
        pendiente={cambiar.isPending}
        alCancelar={alCancelar}
      />
    </form>
  );
}

/** Removes the row's member after this confirmation, DELETE /panel/equipo/{id}. */
export function Quitar({ fila, quien, alListo, alCancelar }: Props) {
  const textos = useTextos();
  const t = useTextosEquipo();
  const mensajes = mensajesEquipo(textos, t);
  const router = useRouter();
  const [general, setGeneral] = useState<string>();
  const errorRef = useRef<HTMLDivElement>(null);
  const quitar = useMutation({
    mutationFn: () => enviarEquipo<void>(mensajes, ruta(fila), "DELETE"),
    onSuccess: () => {
      router.refresh();
      alListo(t.quitar.exito(quien));
    },
    onError: (error) => {
      setGeneral(repartirErrores(error, [], mensajes).general);
      requestAnimationFrame(() => errorRef.current?.focus());
    },
  });
  return (
    <div className="space-y-4">
      <ErrorDeFormulario ref={errorRef} titulo={t.quitar.error} mensaje={general} />
      <BotonesDeDialogo
        cancelar={t.cancelar}
        enviar={quitar.isPending ? t.quitar.quitando : t.quitar.confirmar}
        pendiente={quitar.isPending}
        alCancelar={alCancelar}
        alEnviar={() => quitar.mutate()}
        peligro
      />
    </div>
  );
}
