import type { ReactNode } from "react";
import { MensajesDe } from "@/components/panel/mensajes";

/** The Notificaciones area's messages for its client components (the rest stay on the server). */
export default function LayoutNotificaciones({ children }: { children: ReactNode }) {
  return <MensajesDe areas={["notificaciones"]}>{children}</MensajesDe>;
}
