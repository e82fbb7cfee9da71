import Link from "next/link";

const faces = [
  {
    title: "API v3",
    text: "Agencias, consultas, notificaciones firmadas y catálogos para apps asociadas.",
    href: "/docs/api",
    cta: "Ver la referencia",
  },
  {
    title: "Panel",
    text: "Para el equipo de tu app y las agencias: consultas, agencias, notificaciones y equipo.",
    href: "/ingresar",
    cta: "Ingresar al panel",
  },
  {
    title: "OpenAPI",
    text: "El contrato completo en OpenAPI 3.1, generado de los mismos esquemas que validan cada solicitud.",
    href: "/v3/openapi.json",
    cta: "Descargar openapi.json",
  },
];

export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-10 px-6 py-16">
      <header className="flex flex-col gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-marca-700">Vitrina</p>
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">Integración de agencias para apps asociadas</h1>
        <p className="max-w-2xl text-lg text-slate-700">
          Invitá agencias, recibí sus consultas al instante con webhooks firmados y mapeá tus datos a los catálogos de referencia.
        </p>
      </header>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {faces.map((face) => (
          <li key={face.title} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-semibold">{face.title}</h2>
            <p className="flex-1 text-slate-700">{face.text}</p>
            <Link
              href={face.href}
              className="inline-flex min-h-11 items-center self-start rounded-md bg-marca-700 px-4 py-2 font-medium text-white hover:bg-marca-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-marca-700"
            >
              {face.cta}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
