import type { ReactNode } from "react";
import { MensajesDe } from "@/components/panel/mensajes";

/** The Consultas area's messages for its client components (the rest stay on the server). */
export default function LayoutConsultas({ children }: { children: ReactNode }) {
  return <MensajesDe areas={["consultas"]}>{children}</MensajesDe>;
}
