"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { mostrarErrores } from "@/components/agencias/enviar";
import { useTextos } from "@/components/panel/idioma";
import { ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar, Button } from "@/components/ui/button";
import { describedBy, Field, Input } from "@/components/ui/field";
import {
  formularioMiembroSchemaDe,
  generarContrasena,
  type RolMiembro,
  type FormularioMiembro as Valores,
} from "@/lib/panel/equipo/limites";
import { type Agencias, ContrasenaMostrada, ElegirContrasena, ElegirRol } from "./campos";
import { enviarEquipo, mensajesEquipo } from "./enviar";
import { useTextosEquipo } from "./textos";

const CAMPOS = ["Email", "Nombre", "Rol", "Agencia", "Contrasena"] as const;
const VACIO: Valores = { Email: "", Nombre: "", Rol: "soporte", Agencia: "", ModoContrasena: "generar", Contrasena: "" };

type Agregado = { Email: string; Nombre: string | null; Rol: RolMiembro };

/**
 * Add a member (admin): POST /panel/equipo/agregar. The password is generated here, in the browser
 * (crypto.getRandomValues), or typed; either way it is shown once after saving, with a copy button,
 * and never again (the server keeps only its argon2id hash). Refusals go under their fields.
 */
export function FormularioMiembro({ agencias }: { agencias: Agencias }) {
  const textos = useTextos();
  const t = useTextosEquipo();
  const mensajes = mensajesEquipo(textos, t);
  const schema = useMemo(() => formularioMiembroSchemaDe(t.validacion), [t]);
  const router = useRouter();
  const [general, setGeneral] = useState<string>();
  const [agregado, setAgregado] = useState<{ mensaje: string; contrasena: string }>();
  const errorRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm<Valores>({ resolver: zodResolver(schema), defaultValues: VACIO });
  const rol = useWatch({ control, name: "Rol" });
  const modo = useWatch({ control, name: "ModoContrasena" });

  const agregar = useMutation({
    mutationFn: ({ values, contrasena }: { values: Valores; contrasena: string }) =>
      enviarEquipo<Agregado>(mensajes, "/panel/equipo/agregar", "POST", {
        Email: values.Email,
        Nombre: values.Nombre,
        Rol: values.Rol,
        Agencia: values.Rol === "agencia" ? values.Agencia : "",
        Contrasena: contrasena,
      }),
    onSuccess: (miembro, { contrasena }) => {
      setAgregado({
        mensaje: t.agregar.exito(miembro.Nombre ?? miembro.Email, miembro.Email, textos.marco.roles[miembro.Rol]),
        contrasena,
      });
      reset(VACIO);
      router.refresh();
    },
    onError: (error) =>
      mostrarErrores(error, CAMPOS, mensajes, {
        setError,
        setFocus,
        setGeneral,
        enfocarGeneral: () => errorRef.current?.focus(),
      }),
  });

  const onSubmit = (values: Valores) => {
    setGeneral(undefined);
    agregar.mutate({ values, contrasena: values.ModoContrasena === "generar" ? generarContrasena() : values.Contrasena });
  };

  if (agregado) {
    return (
      <ContrasenaMostrada aviso={agregado.mensaje} contrasena={agregado.contrasena}>
        <Button
          variante="secundario"
          onClick={() => {
            setAgregado(undefined);
            requestAnimationFrame(() => setFocus("Email"));
          }}
        >
          {t.agregar.otra}
        </Button>
      </ContrasenaMostrada>
    );
  }

  const props = (campo: "Email" | "Nombre", hint = false) => ({
    id: `miembro-${campo.toLowerCase()}`,
    "aria-invalid": errors[campo] ? true : undefined,
    "aria-describedby": describedBy(`miembro-${campo.toLowerCase()}`, { hint, error: Boolean(errors[campo]) }),
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5" aria-labelledby="titulo-agregar">
      <ErrorDeFormulario ref={errorRef} titulo={t.agregar.error} mensaje={general} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="miembro-email" label={t.agregar.email} hint={t.agregar.emailAyuda} error={errors.Email?.message}>
          <Input
            type="email"
            autoComplete="off"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t.agregar.emailEjemplo}
            {...props("Email", true)}
            {...register("Email")}
          />
        </Field>
        <Field id="miembro-nombre" label={t.agregar.nombre} error={errors.Nombre?.message}>
          <Input autoComplete="off" placeholder={t.agregar.nombreEjemplo} {...props("Nombre")} {...register("Nombre")} />
        </Field>
      </div>
      <ElegirRol
        prefijo="miembro"
        rol={rol}
        registroRol={register("Rol")}
        registroAgencia={register("Agencia")}
        errores={{ Rol: errors.Rol?.message, Agencia: errors.Agencia?.message }}
        agencias={agencias}
      />
      <ElegirContrasena
        prefijo="miembro"
        modo={modo}
        registroModo={register("ModoContrasena")}
        registroContrasena={register("Contrasena")}
        error={errors.Contrasena?.message}
      />
      <BotonEnviar cargando={agregar.isPending}>{agregar.isPending ? t.agregar.enviando : t.agregar.enviar}</BotonEnviar>
    </form>
  );
}
