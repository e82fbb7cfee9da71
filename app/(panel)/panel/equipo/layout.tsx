import type { ReactNode } from "react";
import { MensajesDe } from "@/components/panel/mensajes";

/** The Equipo area's messages for its client components (the rest stay on the server). */
export default function LayoutEquipo({ children }: { children: ReactNode }) {
  return <MensajesDe areas={["equipo"]}>{children}</MensajesDe>;
}
