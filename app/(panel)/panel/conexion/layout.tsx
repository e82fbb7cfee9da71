import type { ReactNode } from "react";
import { MensajesDe } from "@/components/panel/mensajes";

/** The Conexion area's messages for its client components (the rest stay on the server). */
export default function LayoutConexion({ children }: { children: ReactNode }) {
  return <MensajesDe areas={["conexion"]}>{children}</MensajesDe>;
}
