import { PaginaDeError } from "@/components/panel/pagina-de-error";

/** notFound() inside the panel (e.g. a topic name that cannot exist). */
export default function PanelNoEncontrado() {
  return <PaginaDeError tipo="noEncontrada" />;
}
