import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button-class";
import { inputClass } from "@/components/ui/field";
import { Plegable } from "@/components/ui/plegable";
import { MAX_Q } from "@/lib/api/limites";
import type { AgenciaOpcion } from "@/lib/panel/consultas/vista";
import {
  ESTADO_PREDETERMINADO,
  ESTADOS,
  EXPOSICIONES,
  type FiltrosPublicaciones,
  urlPublicaciones,
} from "@/lib/panel/publicaciones/filtros";

type Props = {
  agencias: AgenciaOpcion[];
  adminMail: string;
  /** An `agencia` user: agency and operator are the session's, shown as text. */
  fijo: boolean;
  operador: string | undefined;
  filtros: FiltrosPublicaciones;
};

const etiqueta = "block text-sm font-medium text-slate-800";

/** The filters that narrow the list from what the page opens on (the agency is whose stock, not a filter). */
const activosDe = (filtros: FiltrosPublicaciones, operador: string | undefined, fijo: boolean) =>
  [filtros.q, filtros.estado !== ESTADO_PREDETERMINADO, filtros.exposicion, !fijo && operador].filter(Boolean).length;

/**
 * The listings' filters as a plain GET form: applying them is loading the URL they make, so a view
 * can be shared, reloaded and reached with Back, and the form needs no JavaScript on a wide screen.
 * On a phone they fold behind a button that counts those applied, as the inbox's do, so the first
 * screen shows cars.
 */
export async function FormularioPublicaciones({ agencias, adminMail, fijo, operador, filtros }: Props) {
  const t = await getTranslations("publicaciones.filtros");
  return (
    <search aria-label={t("etiqueta")}>
      <form method="get" action="/panel/publicaciones" className="space-y-3 md:space-y-0">
        <Plegable
          id="filtros-publicaciones"
          etiqueta={t("mostrar", { activos: activosDe(filtros, operador, fijo) })}
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <div className="sm:col-span-2 lg:col-span-3">
              <label htmlFor="filtro-q" className={etiqueta}>
                {t("buscar")}
              </label>
              <input
                id="filtro-q"
                name="q"
                type="search"
                maxLength={MAX_Q}
                autoComplete="off"
                defaultValue={filtros.q ?? ""}
                placeholder={t("buscarEjemplo")}
                aria-describedby="filtro-q-ayuda"
                className={inputClass}
              />
              <p id="filtro-q-ayuda" className="mt-1 text-xs text-slate-600">
                {t("buscarAyuda")}
              </p>
            </div>
            {!fijo && (
              <div>
                <label htmlFor="filtro-agencia" className={etiqueta}>
                  {t("agencia")}
                </label>
                <select id="filtro-agencia" name="agencia" defaultValue={adminMail} className={inputClass}>
                  {agencias.map((agencia) => (
                    <option key={agencia.adminMail} value={agencia.adminMail}>
                      {agencia.nombre ? `${agencia.nombre} (${agencia.adminMail})` : agencia.adminMail}
                    </option>
                  ))}
                  {!agencias.some((agencia) => agencia.adminMail === adminMail) && <option value={adminMail}>{adminMail}</option>}
                </select>
              </div>
            )}
            <div>
              <label htmlFor="filtro-estado" className={etiqueta}>
                {t("estado")}
              </label>
              <select id="filtro-estado" name="estado" defaultValue={filtros.estado} className={inputClass}>
                {ESTADOS.map((estado) => (
                  <option key={estado} value={estado}>
                    {t(`estados.${estado}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filtro-exposicion" className={etiqueta}>
                {t("exposicion")}
              </label>
              <select id="filtro-exposicion" name="exposicion" defaultValue={filtros.exposicion ?? ""} className={inputClass}>
                <option value="">{t("cualquiera")}</option>
                {EXPOSICIONES.map((nivel) => (
                  <option key={nivel} value={nivel}>
                    {t(`niveles.${nivel}`)}
                  </option>
                ))}
              </select>
            </div>
            {fijo ? (
              <div>
                <p className={etiqueta}>{t("operador")}</p>
                <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-slate-900" data-testid="operador-fijo">
                  {operador}
                </p>
              </div>
            ) : (
              <div>
                <label htmlFor="filtro-operador" className={etiqueta}>
                  {t("operador")}
                </label>
                <select id="filtro-operador" name="operador" defaultValue={operador ?? ""} className={inputClass}>
                  <option value="">{t("operadorTodos")}</option>
                  {(agencias.find((agencia) => agencia.adminMail === adminMail)?.operadores ?? []).map((email) => (
                    <option key={email} value={email}>
                      {email}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <button type="submit" className={buttonClass("primario")}>
              {t("aplicar")}
            </button>
            <a href={urlPublicaciones({ agencia: fijo ? undefined : adminMail })} className={buttonClass("secundario")}>
              {t("limpiar")}
            </a>
          </div>
        </Plegable>
      </form>
    </search>
  );
}
