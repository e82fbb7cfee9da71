import Form from "next/form";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button-class";
import { inputClass } from "@/components/ui/field";
import { getTextos } from "@/lib/panel/i18n/servidor";

type Filtros = { q: string; estado: string; operador: string };

/** The list's search: a GET form, so every filter lives in the URL (?q=&estado=&operador=). */
export async function FiltrosAgencias({ filtros, errorOperador }: { filtros: Filtros; errorOperador?: string }) {
  const t = (await getTextos()).agencias.filtros;
  const activos = Boolean(filtros.q || filtros.operador || filtros.estado !== "todas");
  return (
    <Form
      action="/panel/agencias"
      role="search"
      aria-label={t.etiqueta}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_2fr_auto] sm:items-end">
        <div>
          <label htmlFor="filtro-q" className="block text-sm font-medium text-slate-800">
            {t.q}
          </label>
          <input
            id="filtro-q"
            name="q"
            type="search"
            defaultValue={filtros.q}
            maxLength={100}
            placeholder={t.qEjemplo}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="filtro-estado" className="block text-sm font-medium text-slate-800">
            {t.estado}
          </label>
          <select id="filtro-estado" name="estado" defaultValue={filtros.estado} className={inputClass}>
            <option value="todas">{t.todas}</option>
            <option value="registrada">{t.registradas}</option>
            <option value="pendiente">{t.pendientes}</option>
            <option value="vencida">{t.vencidas}</option>
          </select>
        </div>
        <div>
          <label htmlFor="filtro-operador" className="block text-sm font-medium text-slate-800">
            {t.operador}
          </label>
          <input
            id="filtro-operador"
            name="operador"
            type="text"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={filtros.operador}
            placeholder={t.operadorEjemplo}
            aria-invalid={errorOperador ? true : undefined}
            aria-describedby={errorOperador ? "filtro-operador-error" : undefined}
            className={inputClass}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primario")}>
            {t.buscar}
          </button>
          {activos && (
            <Link href="/panel/agencias" className={buttonClass("fantasma")}>
              {t.limpiar}
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
