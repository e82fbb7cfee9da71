import type { Metadata } from "next";
import Link from "next/link";
import { enlaceClass } from "@/components/ui/button-class";
import { config } from "@/lib/env";
import { formatearFechaHora } from "@/lib/formats";
import { listDevMail } from "@/lib/service/mail/list-mail";
import { serviceReady } from "@/lib/service/ready";
import { exigirAccesoAlBuzon } from "./acceso";

export const metadata: Metadata = { title: "Buzón de desarrollo", robots: { index: false } };
export const dynamic = "force-dynamic";

const fecha = (iso: string) => formatearFechaHora(new Date(iso), config().timeZone);

/** The dev mailbox (embedded mode without SMTP_URL: e-mail kept in the database), to this machine or a Panel admin. */
export default async function Buzon({ searchParams }: { searchParams: Promise<{ to?: string }> }) {
  await serviceReady();
  await exigirAccesoAlBuzon();
  const { to } = await searchParams;
  const mensajes = await listDevMail({ to: to || undefined });
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-marca-700">Modo embebido</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Buzón de desarrollo</h1>
      <p className="mt-2 text-slate-700">
        Sin SMTP_URL, los e-mails que envía Vitrina quedan acá. También se leen con <code>npm run admin -- mail list</code>.
      </p>
      <form method="get" className="mt-6 flex gap-2">
        <label htmlFor="to" className="sr-only">
          Destinatario
        </label>
        <input
          id="to"
          name="to"
          type="email"
          defaultValue={to}
          placeholder="Filtrar por destinatario"
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 sm:w-72"
        />
        <button type="submit" className="min-h-11 rounded-lg bg-marca-700 px-4 py-2 font-medium text-white hover:bg-marca-900">
          Filtrar
        </button>
      </form>
      {mensajes.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No hay mensajes.</p>
      ) : (
        <table className="tabla-apilada mt-8 w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left text-sm shadow-sm">
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">
                Recibido
              </th>
              <th scope="col" className="px-4 py-3">
                Para
              </th>
              <th scope="col" className="px-4 py-3">
                Asunto
              </th>
            </tr>
          </thead>
          <tbody>
            {mensajes.map((mensaje) => (
              <tr key={mensaje.Id} className="border-t border-slate-200 hover:bg-marca-50">
                <td className="whitespace-nowrap px-4 py-3 text-slate-600" data-etiqueta="Recibido">
                  {fecha(mensaje.Recibido)}
                </td>
                <td className="px-4 py-3" data-etiqueta="Para">
                  {mensaje.Para}
                </td>
                <td className="px-4 py-3" data-etiqueta="Asunto">
                  <Link href={`/dev/mailbox/${mensaje.Id}`} className={enlaceClass()}>
                    {mensaje.Asunto}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
