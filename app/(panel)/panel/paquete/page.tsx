import type { Metadata } from "next";
import { Suspense } from "react";
import { Cargando } from "@/components/agencias/cargando";
import { Paquete } from "@/components/agencias/paquete";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { mensajeDeError, obtenerProductos } from "@/lib/panel/agencias/datos";
import { getIdioma, getTextos, textosDe } from "@/lib/panel/i18n/servidor";
import { type CurrentUser, requireUser } from "@/lib/panel/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTextos()).paquete.titulo };
}

async function PaqueteDeMiAgencia({ user, adminMail }: { user: CurrentUser; adminMail: string }) {
  const idioma = await getIdioma();
  const t = textosDe(idioma).paquete;
  try {
    const productos = await obtenerProductos(user, adminMail);
    return productos ? (
      <Card titulo={productos.Plan ?? t.tuPaquete} descripcion={t.tuPaqueteTexto}>
        <Paquete productos={productos} />
      </Card>
    ) : (
      <Alert tono="aviso" titulo={t.sinPaquete}>
        {t.sinPaqueteTexto}
      </Alert>
    );
  } catch (error) {
    return (
      <Alert tono="error" titulo={t.error}>
        {mensajeDeError(error, idioma)}
      </Alert>
    );
  }
}

/**
 * The package of the agency an `agencia` user belongs to (decisions §12): only theirs, read-only.
 * The role check runs before anything streams (a route loading.tsx would send 200 before a 403).
 */
export default async function PaquetePage() {
  const user = await requireUser({ roles: ["agencia"], next: "/panel/paquete" });
  const adminMail = user.agency?.adminMail;
  const t = (await getTextos()).paquete;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t.titulo}</h1>
        {adminMail && <p className="mt-1 text-slate-600">{t.descripcion(adminMail)}</p>}
      </div>
      {adminMail ? (
        <Suspense fallback={<Cargando texto={t.cargando} filas={5} />}>
          <PaqueteDeMiAgencia user={user} adminMail={adminMail} />
        </Suspense>
      ) : (
        <Alert tono="aviso" titulo={t.sinAgencia}>
          {t.sinAgenciaTexto}
        </Alert>
      )}
    </div>
  );
}
