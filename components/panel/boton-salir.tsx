"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Signs out: a plain form POST to /panel/salir (works without JavaScript), which answers with the sign-in page. */
export function BotonSalir({ texto }: { texto: string }) {
  const [saliendo, setSaliendo] = useState(false);
  return (
    <form method="post" action="/panel/salir" onSubmit={() => setSaliendo(true)}>
      <Button type="submit" variante="secundario" cargando={saliendo}>
        {texto}
      </Button>
    </form>
  );
}
