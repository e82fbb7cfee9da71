import Form from "next/form";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button-class";
import { inputClass } from "@/components/ui/field";

type Filtros = { q: string; estado: string; operador: string };

/** The list's search: a GET form, so every filter lives in the URL (?q=&estado=&operador=). */
export async function FiltrosAgencias({ filtros, errorOperador }: { filtros: Filtros; errorOperador?: string }) {
  const t = await getTranslations();
  const activos = Boolean(filtros.q || filtros.operador || filtros.estado !== "todas");
  return (
    <Form
      action="/panel/agencias"
      role="search"
      aria-label={t("agencias.filtros.etiqueta")}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
        <div>
          <label htmlFor="filtro-q" className="block text-sm font-medium text-slate-800">
            {t("agencias.filtros.q")}
          </label>
          <input
            id="filtro-q"
            name="q"
            type="search"
            defaultValue={filtros.q}
            maxLength={100}
            placeholder={t("agencias.filtros.qEjemplo")}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="filtro-estado" className="block text-sm font-medium text-slate-800">
            {t("agencias.filtros.estado")}
          </label>
          <select id="filtro-estado" name="estado" defaultValue={filtros.estado} className={inputClass}>
            <option value="todas">{t("agencias.filtros.todas")}</option>
            <option value="registrada">{t("agencias.filtros.registradas")}</option>
            <option value="pendiente">{t("agencias.filtros.pendientes")}</option>
            <option value="vencida">{t("agencias.filtros.vencidas")}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filtro-operador" className="block text-sm font-medium text-slate-800">
            {t("agencias.filtros.operador")}
          </label>
          <input
            id="filtro-operador"
            name="operador"
            type="text"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={filtros.operador}
            placeholder={t("agencias.filtros.operadorEjemplo")}
            aria-invalid={errorOperador ? true : undefined}
            aria-describedby={errorOperador ? "filtro-operador-error" : undefined}
            className={inputClass}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primario")}>
            {t("agencias.filtros.buscar")}
          </button>
          {activos && (
            <Link href="/panel/agencias" className={buttonClass("fantasma")}>
              {t("agencias.filtros.limpiar")}
            </Link>
          )}
        </div>
      </div>
      {errorOperador && (
        <p id="filtro-operador-error" className="mt-2 text-sm text-red-700">
          {errorOperador}
        </p>
      )}
    </Form>
  );
}
