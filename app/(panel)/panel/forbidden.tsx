import { SinPermiso } from "@/components/panel/sin-permiso";

/** Rendered with status 403 when a page calls forbidden() (experimental.authInterrupts). */
export default function Forbidden() {
  return <SinPermiso />;
}
