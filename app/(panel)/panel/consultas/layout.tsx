import type { ReactNode } from "react";
import { ProveedorDeAvisos } from "@/components/consultas/deshacer";
import { MensajesDe } from "@/components/panel/mensajes";

/**
 * The Consultas area's messages for its client components (the rest stay on the server), and its
 * notices with an undo, shared by the inbox and the search so they outlive the row that was marked.
 */
export default function LayoutConsultas({ children }: { children: ReactNode }) {
  return (
    <MensajesDe areas={["consultas"]}>
      <ProveedorDeAvisos>{children}</ProveedorDeAvisos>
    </MensajesDe>
  );
}
