import type { ReactNode } from "react";
import { MensajesDe } from "@/components/panel/mensajes";

/** The Publicaciones area's messages for its client components (the actions; the rest stay on the server). */
export default function LayoutPublicaciones({ children }: { children: ReactNode }) {
  return <MensajesDe areas={["publicaciones"]}>{children}</MensajesDe>;
}
