"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext, useState, useTransition } from "react";
import { enviar, unaLinea, useExplicar } from "@/components/panel/enviar";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { BotonesDeDialogo, Dialogo } from "@/components/ui/dialogo";
import { inputClass } from "@/components/ui/field";
import type { Exposicion, Publicacion } from "@/lib/panel/v3-tipos";

/**
 * The actions on a listing (admin and agencia; the server checks the role again): pause or
 * reactivate, change the exposure level (`completo`: the listing's page), archive after a
 * confirmation that says it is final. Each posts to /panel/publicaciones/{externalId}/accion; the
 * outcome, or the refusal in the person's words, shows in the page's notice (AvisosDeAcciones), which
 * stays when the row itself leaves the filtered list.
 */

type Aviso = { tono: "exito" | "error"; texto: string };
const Avisos = createContext<(aviso: Aviso) => void>(() => undefined);

export function AvisosDeAcciones({ children }: { children: ReactNode }) {
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const t = useTranslations();
  return (
    <Avisos.Provider value={setAviso}>
      <div aria-live="polite" data-testid="aviso-accion">
        {aviso && (
          <Alert tono={aviso.tono} titulo={aviso.tono === "error" ? t("publicaciones.acciones.rechazo") : undefined}>
            {aviso.texto}
          </Alert>
        )}
      </div>
      {children}
    </Avisos.Provider>
  );
}

type Props = {
  externalId: string;
  adminMail: string;
  auto: string;
  estado: Publicacion["Estado"];
  exposicion: Exposicion | null;
  completo?: boolean;
};

type Cuerpo = { accion: "pausar" | "reactivar" | "archivar" } | { accion: "exposicion"; nivel: Exposicion };

export function AccionesPublicacion({ externalId, adminMail, auto, estado, exposicion, completo = false }: Props) {
  const t = useTranslations("publicaciones");
  const router = useRouter();
  const avisar = useContext(Avisos);
  const explicar = useExplicar();
  const [pendiente, startTransition] = useTransition();
  const [archivando, setArchivando] = useState(false);
  const [nivel, setNivel] = useState<Exposicion>(exposicion ?? "Alta");

  function hacer(cuerpo: Cuerpo) {
    startTransition(async () => {
      try {
        const { Mensaje } = await enviar<{ Mensaje: string }>(`/panel/publicaciones/${encodeURIComponent(externalId)}/accion`, "POST", {
          agencia: adminMail,
          ...cuerpo,
        });
        setArchivando(false);
        avisar({ tono: "exito", texto: Mensaje });
        router.refresh();
      } catch (error) {
        setArchivando(false);
        avisar({ tono: "error", texto: unaLinea(explicar(error, t("rechazos.noEncontrada"))) });
      }
    });
  }

  if (estado === "Archivada") return null;
  return (
    <fieldset aria-label={t("acciones.etiqueta", { auto })} className="m-0 flex min-w-0 flex-wrap items-end gap-2 border-0 p-0">
      {estado === "Activa" ? (
        <Button variante="secundario" cargando={pendiente} onClick={() => hacer({ accion: "pausar" })}>
          {t("acciones.pausar")}
        </Button>
      ) : (
        <Button variante="secundario" cargando={pendiente} onClick={() => hacer({ accion: "reactivar" })}>
          {t("acciones.reactivar")}
        </Button>
      )}
      {completo && (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            hacer({ accion: "exposicion", nivel });
          }}
        >
          <label className="text-sm font-medium text-slate-800">
            {t("acciones.nivel")}
            <select className={`${inputClass} min-h-11`} value={nivel} onChange={(event) => setNivel(event.target.value as Exposicion)}>
              {(["Alta", "Media", "Baja"] as const).map((opcion) => (
                <option key={opcion} value={opcion}>
                  {t(`niveles.${opcion}`)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variante="secundario" cargando={pendiente}>
            {t("acciones.guardarNivel")}
          </Button>
        </form>
      )}
      <Button variante="secundario" className="text-red-700" disabled={pendiente} onClick={() => setArchivando(true)}>
        {t("acciones.archivar")}
      </Button>
      <Dialogo
        abierto={archivando}
        alCerrar={() => setArchivando(false)}
        titulo={t("acciones.archivarTitulo", { auto })}
        descripcion={<p>{t("acciones.archivarTexto")}</p>}
      >
        <BotonesDeDialogo
          cancelar={t("acciones.cancelar")}
          enviar={pendiente ? t("acciones.trabajando") : t("acciones.archivarConfirmar")}
          pendiente={pendiente}
          alCancelar={() => setArchivando(false)}
          alEnviar={() => hacer({ accion: "archivar" })}
          peligro
        />
      </Dialogo>
    </fieldset>
  );
}
