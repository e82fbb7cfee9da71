import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { enlaceClass } from "@/components/ui/button-class";
import { config } from "@/lib/env";
import { formatearFechaHora } from "@/lib/formats";
import { findDevMail } from "@/lib/service/mail/list-mail";
import { serviceReady } from "@/lib/service/ready";
import { exigirAccesoAlBuzon } from "../acceso";

export const metadata: Metadata = { title: "Mensaje · Buzón de desarrollo", robots: { index: false } };

/** One message of the dev mailbox: headers, the HTML in a sandboxed frame, and the text part. */
export default async function Mensaje({ params }: { params: Promise<{ id: string }> }) {
  await serviceReady();
  await exigirAccesoAlBuzon();
  const mensaje = await findDevMail((await params).id);
  if (!mensaje) notFound();
  return (
    <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Link href="/dev/mailbox" className={enlaceClass("text-sm")}>
        ← Volver al buzón
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">{mensaje.Asunto}</h1>
      <dl className="mt-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
        <dt className="font-medium text-slate-600">De</dt>
        <dd>{mensaje.De}</dd>
        <dt className="font-medium text-slate-600">Para</dt>
        <dd>{mensaje.Para}</dd>
        <dt className="font-medium text-slate-600">Recibido</dt>
        <dd>{formatearFechaHora(new Date(mensaje.Recibido), config().timeZone)}</dd>
      </dl>
      <h2 className="mt-8 text-lg font-semibold">HTML</h2>
      <iframe
        title="Versión HTML del mensaje"
        srcDoc={mensaje.Html}
        sandbox=""
        className="mt-2 h-[32rem] w-full rounded-xl border border-slate-200 bg-white"
      />
      <h2 className="mt-8 text-lg font-semibold">Texto</h2>
      <pre className="mt-2 whitespace-pre-wrap rounded-xl [overflow-wrap:anywhere] border border-slate-200 bg-white p-4 text-sm">
        {mensaje.Texto}
      </pre>
    </main>
  );
}
