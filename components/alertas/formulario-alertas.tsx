"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useState } from "react";
import { enviar, unaLinea, useExplicar } from "@/components/panel/enviar";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { inputClass } from "@/components/ui/field";
import type { SuscripcionAlertas } from "@/lib/panel/v3-tipos";
import { type SuscripcionPush, usePush } from "./use-push";

type Agencia = { adminMail: string; nombre: string | null };
type Horario = NonNullable<SuscripcionAlertas["Horario"]>;

export type PropsAlertas = {
  email: string;
  /** An `agencia` user's agency (its alerts are that agency's); null for admin and soporte, who choose. */
  agenciaPropia: string | null;
  agencias: Agencia[];
  guardada: SuscripcionAlertas | null;
  clavePush: string;
};

const DIAS = [1, 2, 3, 4, 5, 6, 7] as const;
const HORARIO_LABORAL = { Dias: [1, 2, 3, 4, 5], Desde: "09:00", Hasta: "19:00" };
const casilla = "size-5 shrink-0 rounded border-slate-300 text-marca-700 focus:ring-marca-600";
const opcion = "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50";

/** The zone of the person's device: their hours are counted there. */
const zonaDelNavegador = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type Cuerpo = { Email: boolean; Push?: SuscripcionPush | null; Agencias: string[]; Horario: Horario | null };

/**
 * The Alertas form (decision 0103): e-mail, this browser's push (the permission prompt on a tap),
 * the agencies (admin and soporte) and the hours. Push changes save at once; the rest with Guardar.
 */
export function FormularioAlertas({ email, agenciaPropia, agencias, guardada: inicial, clavePush }: PropsAlertas) {
  const t = useTranslations("alertas");
  const explicar = useExplicar();
  const [guardada, setGuardada] = useState(inicial);
  const [conEmail, setConEmail] = useState(inicial?.Email != null);
  const [elegidas, setElegidas] = useState<string[]>(inicial?.Agencias ?? []);
  const [horario, setHorario] = useState<Horario | null>(inicial?.Horario ?? null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [zona, setZona] = useState(inicial?.Horario?.Zona ?? "");
  useEffect(() => setZona((actual) => actual || zonaDelNavegador()), []);
  const push = usePush(clavePush);

  const guardar = useMutation({
    mutationFn: (cuerpo: Cuerpo) => enviar<SuscripcionAlertas>("/panel/alertas/suscripcion", "PUT", cuerpo),
    onSuccess: (nueva) => {
      setGuardada(nueva);
      setAviso(t("guardadas"));
    },
  });
  const apagar = useMutation({
    mutationFn: async () => {
      await push.desactivar();
      await enviar("/panel/alertas/suscripcion", "DELETE");
    },
    onSuccess: () => {
      setGuardada(null);
      setConEmail(false);
      setAviso(t("apagadas"));
    },
  });

  const problema = validar(t, { agenciaPropia, elegidas, horario });
  const cuerpo = (extra: Partial<Cuerpo> = {}): Cuerpo => ({ Email: conEmail, Agencias: elegidas, Horario: horario, ...extra });
  const enviarCambios = (extra?: Partial<Cuerpo>) => {
    setAviso(null);
    if (!problema) guardar.mutate(cuerpo(extra));
  };
  const activarPush = async () => {
    const suscripcion = await push.activar();
    if (suscripcion) enviarCambios({ Push: suscripcion });
  };
  const desactivarPush = async () => {
    await push.desactivar();
    enviarCambios({ Push: null });
  };
  const error = guardar.error ?? apagar.error;

  return (
    <div className="space-y-6">
      <Card titulo={t("canales.titulo")}>
        <label className={opcion}>
          <input type="checkbox" className={casilla} checked={conEmail} onChange={(event) => setConEmail(event.target.checked)} />
          <span>
            <span className="block font-medium text-slate-900">{t("canales.email", { email })}</span>
            <span className="block text-sm text-slate-600">{t("canales.emailAyuda")}</span>
          </span>
        </label>
        <div className="mt-4 border-t border-slate-100 pt-4">
          <p className="font-medium text-slate-900">{t("canales.push")}</p>
          <EstadoPush
            estado={push.estado}
            guardado={guardada?.Push?.Endpoint ?? null}
            ocupado={guardar.isPending}
            activar={activarPush}
            desactivar={desactivarPush}
          />
        </div>
      </Card>
      <Card titulo={t("agencias.titulo")} descripcion={agenciaPropia ? undefined : t("agencias.texto")}>
        {agenciaPropia ? (
          <p className="text-sm text-slate-700">{t("agencias.tuya", { agencia: agenciaPropia })}</p>
        ) : (
          <ElegirAgencias agencias={agencias} elegidas={elegidas} cambiar={setElegidas} />
        )}
      </Card>
      <Card titulo={t("horario.titulo")} descripcion={t("horario.texto")}>
        <ElegirHorario horario={horario} zona={zona} cambiar={setHorario} />
      </Card>
      <div aria-live="polite" className="space-y-3">
        {problema && <Alert tono="aviso">{problema}</Alert>}
        {error && (
          <Alert tono="error" titulo={t("noSeGuardaron")}>
            {unaLinea(explicar(error))}
          </Alert>
        )}
        {aviso && !error && <Alert tono="exito">{aviso}</Alert>}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button cargando={guardar.isPending} disabled={Boolean(problema)} onClick={() => enviarCambios()}>
          {guardar.isPending ? t("guardando") : t("guardar")}
        </Button>
        {guardada && (
          <Button variante="secundario" cargando={apagar.isPending} onClick={() => apagar.mutate()}>
            {t("apagar")}
          </Button>
        )}
      </div>
    </div>
  );
}

/** What keeps the form from being saved, in words, or null. */
function validar(
  t: ReturnType<typeof useTranslations<"alertas">>,
  { agenciaPropia, elegidas, horario }: { agenciaPropia: string | null; elegidas: string[]; horario: Horario | null },
): string | null {
  if (!agenciaPropia && elegidas.length === 0) return t("agencias.ningunaElegida");
  if (horario && horario.Dias.length === 0) return t("horario.sinDias");
  if (horario && horario.Desde === horario.Hasta) return t("horario.iguales");
  return null;
}

function EstadoPush({
  estado,
  guardado,
  ocupado,
  activar,
  desactivar,
}: {
  estado: ReturnType<typeof usePush>["estado"];
  guardado: string | null;
  ocupado: boolean;
  activar: () => void;
  desactivar: () => void;
}) {
  const t = useTranslations("alertas.canales");
  const [pidiendo, setPidiendo] = useState(false);
  if (estado.tipo === "cargando") return null;
  if (estado.tipo === "no-disponible") return <p className="mt-1 text-sm text-slate-600">{t("pushNoDisponible")}</p>;
  if (estado.tipo === "bloqueado") return <p className="mt-1 text-sm text-amber-800">{t("pushBloqueado")}</p>;
  const aqui = estado.suscripcion !== null && estado.suscripcion.endpoint === guardado;
  const texto = aqui ? t("pushActivo") : guardado ? t("pushOtro") : t("pushApagado");
  const pedir = async () => {
    setPidiendo(true);
    try {
      await activar();
    } finally {
      setPidiendo(false);
    }
  };
  return (
    <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{pidiendo ? t("pidiendoPermiso") : texto}</p>
      {aqui ? (
        <Button variante="secundario" cargando={ocupado} onClick={desactivar}>
          {t("desactivarPush")}
        </Button>
      ) : (
        <Button variante="secundario" cargando={ocupado || pidiendo} onClick={pedir}>
          {t("activarPush")}
        </Button>
      )}
    </div>
  );
}

function ElegirAgencias({ agencias, elegidas, cambiar }: { agencias: Agencia[]; elegidas: string[]; cambiar: (mails: string[]) => void }) {
  const t = useTranslations("alertas.agencias");
  if (agencias.length === 0) return <p className="text-sm text-slate-600">{t("ninguna")}</p>;
  const alternar = (adminMail: string, elegida: boolean) =>
    cambiar(elegida ? [...elegidas, adminMail] : elegidas.filter((mail) => mail !== adminMail));
  return (
    <fieldset>
      <legend className="sr-only">{t("titulo")}</legend>
      <Button variante="fantasma" className="-ml-2 mb-1" onClick={() => cambiar(agencias.map((agencia) => agencia.adminMail))}>
        {t("todas")}
      </Button>
      <ul className="grid gap-1 sm:grid-cols-2">
        {agencias.map((agencia) => (
          <li key={agencia.adminMail}>
            <label className={opcion}>
              <input
                type="checkbox"
                className={casilla}
                checked={elegidas.includes(agencia.adminMail)}
                onChange={(event) => alternar(agencia.adminMail, event.target.checked)}
              />
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{agencia.nombre ?? agencia.adminMail}</span>
                {agencia.nombre && <span className="block truncate text-sm text-slate-600">{agencia.adminMail}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function ElegirHorario({ horario, zona, cambiar }: { horario: Horario | null; zona: string; cambiar: (horario: Horario | null) => void }) {
  const t = useTranslations("alertas");
  const radio = (valor: "siempre" | "horario", etiqueta: ReactNode) => (
    <label className={opcion}>
      <input
        type="radio"
        name="cuando"
        className="size-5 border-slate-300 text-marca-700 focus:ring-marca-600"
        checked={(horario !== null) === (valor === "horario")}
        onChange={() => cambiar(valor === "horario" ? { Zona: zona, ...HORARIO_LABORAL } : null)}
      />
      <span className="font-medium text-slate-900">{etiqueta}</span>
    </label>
  );
  const alternarDia = (dia: number, elegido: boolean) =>
    horario && cambiar({ ...horario, Dias: elegido ? [...horario.Dias, dia].sort() : horario.Dias.filter((otro) => otro !== dia) });
  return (
    <fieldset>
      <legend className="sr-only">{t("horario.titulo")}</legend>
      {radio("siempre", t("horario.siempre"))}
      {radio("horario", t("horario.soloHorario"))}
      {horario && (
        <div className="mt-3 space-y-4 rounded-lg bg-slate-50 p-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("horario.dias")}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {DIAS.map((dia) => (
                <label
                  key={dia}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 has-[:checked]:border-marca-600 has-[:checked]:bg-marca-50"
                >
                  <input
                    type="checkbox"
                    className={casilla}
                    checked={horario.Dias.includes(dia)}
                    onChange={(event) => alternarDia(dia, event.target.checked)}
                  />
                  <span className="text-sm">{t(`dias.${dia}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
            {(["Desde", "Hasta"] as const).map((campo) => (
              <div key={campo}>
                <label htmlFor={`horario-${campo}`} className="block text-sm font-medium text-slate-800">
                  {t(campo === "Desde" ? "horario.desde" : "horario.hasta")}
                </label>
                <input
                  id={`horario-${campo}`}
                  type="time"
                  required
                  className={inputClass}
                  value={horario[campo]}
                  onChange={(event) => cambiar({ ...horario, [campo]: event.target.value })}
                />
              </div>
            ))}
          </div>
          <p className="text-sm text-slate-600">
            {t("horario.zona", { zona: horario.Zona })} {horario.Hasta < horario.Desde && t("horario.cruzaMedianoche")}
          </p>
        </div>
      )}
    </fieldset>
  );
}
