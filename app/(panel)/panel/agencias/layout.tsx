import type { ReactNode } from "react";
import { MensajesDe } from "@/components/panel/mensajes";

/** The Agencias area's messages for its client components (the rest stay on the server). */
export default function LayoutAgencias({ children }: { children: ReactNode }) {
  return <MensajesDe areas={["agencias"]}>{children}</MensajesDe>;
}
