import { PaginaDeError } from "@/components/panel/pagina-de-error";

/** Rendered with status 403 when a page calls forbidden() (experimental.authInterrupts). */
export default function Forbidden() {
  return <PaginaDeError tipo="sinPermiso" />;
}
