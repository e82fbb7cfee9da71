"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialogo } from "@/components/ui/dialogo";
import type { Agencias } from "./campos";
import { CambiarRol, type FilaMiembro, NuevaContrasena, Quitar } from "./dialogos";

type Accion = { tipo: "rol" | "contrasena" | "quitar"; fila: FilaMiembro };

const th = "px-4 py-3";

/**
 * The workspace's members, with the signed-in admin marked, and each one's actions in one dialog at a
 * time. The admin's own role and removal are not offered (the server refuses them too: decisions 0015).
 * What an action did is announced above the table.
 */
export function TablaEquipo({ filas, agencias }: { filas: FilaMiembro[]; agencias: Agencias }) {
  const t = useTranslations();
  const [accion, setAccion] = useState<Accion | null>(null);
  const [aviso, setAviso] = useState<string>();
  const avisoRef = useRef<HTMLDivElement>(null);
  const quien = (fila: FilaMiembro) => fila.nombre ?? fila.email;

  const abrir = (tipo: Accion["tipo"], fila: FilaMiembro) => {
    setAviso(undefined);
    setAccion({ tipo, fila });
  };
  const cerrar = () => setAccion(null);
  /** The dialog closes first (the page is inert while it is open), then the news is announced. */
  const listo = (mensaje?: string) => {
    const quitado = accion?.tipo === "quitar";
    setAccion(null);
    requestAnimationFrame(() => {
      setAviso(mensaje);
      // The removed member's row (and the button that opened the dialog) is gone: focus the news instead.
      if (quitado) requestAnimationFrame(() => avisoRef.current?.focus());
    });
  };

  const props = accion && { fila: accion.fila, quien: quien(accion.fila), alListo: listo, alCancelar: cerrar };
  const titulos = accion && {
    rol: t("equipo.cambioRol.titulo", { quien: quien(accion.fila) }),
    contrasena: t("equipo.nuevaContrasena.titulo", { quien: quien(accion.fila) }),
    quitar: t("equipo.quitar.titulo", { quien: quien(accion.fila) }),
  };
  const descripciones = {
    rol: t("equipo.cambioRol.texto"),
    contrasena: t("equipo.nuevaContrasena.texto"),
    quitar: t("equipo.quitar.texto"),
  };

  return (
    <div className="space-y-4">
      <div ref={avisoRef} tabIndex={-1} aria-live="polite" aria-atomic="true" className="focus:outline-none">
        {aviso && <Alert tono="exito">{aviso}</Alert>}
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
        <table className="tabla-apilada min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="px-4 py-3 text-left text-sm text-slate-600">{t("equipo.caption", { n: filas.length })}</caption>
          <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {(["persona", "rol", "agencia", "desde", "acciones"] as const).map((columna) => (
                <th key={columna} scope="col" className={th}>
                  {t(`equipo.columnas.${columna}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {filas.map((fila) => (
              <tr key={fila.id} className="align-top" data-testid="fila-miembro">
                <th scope="row" className="px-4 py-3 font-normal">
                  <span className="font-semibold text-slate-900">{quien(fila)}</span>
                  {fila.yo && (
                    <span className="ml-2 whitespace-nowrap rounded-full bg-marca-50 px-2 py-0.5 text-xs font-semibold text-marca-900 ring-1 ring-inset ring-marca-600/20">
                      {t("equipo.vos")}
                    </span>
                  )}
                  {fila.nombre && <span className="block break-words text-slate-600">{fila.email}</span>}
                </th>
                <td className="px-4 py-3 text-slate-700" data-etiqueta={t("equipo.columnas.rol")}>
                  {t(`marco.roles.${fila.rol}`)}
                </td>
                <td className="px-4 py-3 text-slate-700" data-etiqueta={t("equipo.columnas.agencia")}>
                  {fila.agencia ? (
                    <>
                      {fila.agenciaNombre ?? fila.agencia}
                      {fila.agenciaNombre && <span className="block text-xs text-slate-600">{fila.agencia}</span>}
                    </>
                  ) : (
                    t("comun.sinDato")
                  )}
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700" data-etiqueta={t("equipo.columnas.desde")}>
                  {fila.desde}
                </td>
                <td className="px-4 py-3" data-etiqueta={t("equipo.columnas.acciones")}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variante="secundario"
                      disabled={fila.yo}
                      aria-describedby={fila.yo ? "equipo-propias" : undefined}
                      onClick={() => abrir("rol", fila)}
                    >
                      {t("equipo.acciones.cambiarRol")}
                      <span className="sr-only">{t("equipo.acciones.de", { quien: quien(fila) })}</span>
                    </Button>
                    <Button variante="secundario" onClick={() => abrir("contrasena", fila)}>
                      {t("equipo.acciones.contrasena")}
                      <span className="sr-only">{t("equipo.acciones.de", { quien: quien(fila) })}</span>
                    </Button>
                    <Button
                      variante="secundario"
                      disabled={fila.yo}
                      aria-describedby={fila.yo ? "equipo-propias" : undefined}
                      onClick={() => abrir("quitar", fila)}
                    >
                      {t("equipo.acciones.quitar")}
                      <span className="sr-only">{t("equipo.acciones.a", { quien: quien(fila) })}</span>
                    </Button>
                  </div>
                  {fila.yo && (
                    <p id="equipo-propias" className="mt-2 max-w-xs whitespace-normal text-xs text-slate-600">
                      {t("equipo.acciones.propias")}
                    </p>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialogo
        abierto={accion !== null}
        alCerrar={cerrar}
        titulo={accion && titulos ? titulos[accion.tipo] : ""}
        descripcion={accion ? descripciones[accion.tipo] : undefined}
      >
        {accion?.tipo === "rol" && props && <CambiarRol key={accion.fila.id} {...props} agencias={agencias} />}
        {accion?.tipo === "contrasena" && props && <NuevaContrasena key={accion.fila.id} {...props} />}
        {accion?.tipo === "quitar" && props && <Quitar key={accion.fila.id} {...props} />}
      </Dialogo>
    </div>
  );
}
