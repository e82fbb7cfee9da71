"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { enviar } from "@/components/panel/enviar";
import { camposDe, useFormulario } from "@/components/panel/formulario";
import { ErrorDeFormulario } from "@/components/ui/alert";
import { BotonEnviar, Button } from "@/components/ui/button";
import { CampoDeTexto, ENTRADA_EMAIL } from "@/components/ui/field";
import {
  formularioMiembroSchemaDe,
  generarContrasena,
  type RolMiembro,
  type FormularioMiembro as Valores,
} from "@/lib/panel/equipo/formularios";
import { type Agencias, ContrasenaMostrada, ElegirContrasena, ElegirRol } from "./campos";

const CAMPOS = ["Email", "Nombre", "Rol", "Agencia", "Contrasena"] as const;
const VACIO: Valores = { Email: "", Nombre: "", Rol: "soporte", Agencia: "", ModoContrasena: "generar", Contrasena: "" };

type Agregado = { Email: string; Nombre: string | null; Rol: RolMiembro };

/**
 * Add a member (admin): POST /panel/equipo/agregar. The password is generated here, in the browser
 * (crypto.getRandomValues), or typed; either way it is shown once after saving, with a copy button,
 * and never again (the server keeps only its argon2id hash). Refusals go under their fields.
 */
export function FormularioMiembro({ agencias }: { agencias: Agencias }) {
  const t = useTranslations();
  const schema = useMemo(() => formularioMiembroSchemaDe(t), [t]);
  const router = useRouter();
  const [agregado, setAgregado] = useState<{ mensaje: string; contrasena: string }>();
  const { form, general, errorRef, pendiente, alEnviar } = useFormulario({
    schema,
    valores: VACIO,
    campoDe: camposDe(CAMPOS),
    enviar: async (values: Valores) => {
      const contrasena = values.ModoContrasena === "generar" ? generarContrasena() : values.Contrasena;
      const miembro = await enviar<Agregado>("/panel/equipo/agregar", "POST", {
        Email: values.Email,
        Nombre: values.Nombre,
        Rol: values.Rol,
        Agencia: values.Rol === "agencia" ? values.Agencia : "",
        Contrasena: contrasena,
      });
      return { miembro, contrasena };
    },
    alGuardar: ({ miembro, contrasena }) => {
      const rol = t(`marco.roles.${miembro.Rol}`);
      setAgregado({
        mensaje: t("equipo.agregar.exito", { nombre: miembro.Nombre ?? miembro.Email, email: miembro.Email, rol }),
        contrasena,
      });
      form.reset(VACIO);
      router.refresh();
    },
  });
  const errors = form.formState.errors;
  const { register, control, setFocus } = form;
  const rol = useWatch({ control, name: "Rol" });
  const modo = useWatch({ control, name: "ModoContrasena" });

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
          {t("equipo.agregar.otra")}
        </Button>
      </ContrasenaMostrada>
    );
  }

  return (
    <form noValidate onSubmit={alEnviar} className="space-y-5" aria-labelledby="titulo-agregar">
      <ErrorDeFormulario ref={errorRef} titulo={t("equipo.agregar.error")} mensaje={general} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CampoDeTexto
          formulario={form}
          nombre="Email"
          id="miembro-email"
          etiqueta={t("equipo.agregar.email")}
          ayuda={t("equipo.agregar.emailAyuda")}
          {...ENTRADA_EMAIL}
          autoComplete="off"
          placeholder={t("equipo.agregar.emailEjemplo")}
        />
        <CampoDeTexto
          formulario={form}
          nombre="Nombre"
          id="miembro-nombre"
          etiqueta={t("equipo.agregar.nombre")}
          autoComplete="off"
          placeholder={t("equipo.agregar.nombreEjemplo")}
        />
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
      <BotonEnviar cargando={pendiente}>{pendiente ? t("equipo.agregar.enviando") : t("equipo.agregar.enviar")}</BotonEnviar>
    </form>
  );
}
