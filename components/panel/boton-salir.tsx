"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Signs out (next-auth clears the session cookie) and goes to the sign-in page. */
export function BotonSalir({ texto }: { texto: string }) {
  const [saliendo, setSaliendo] = useState(false);
  return (
    <Button
      variante="secundario"
      cargando={saliendo}
      onClick={async () => {
        setSaliendo(true);
        try {
          await signOut({ redirect: false });
        } finally {
          window.location.assign("/ingresar");
        }
      }}
    >
      {texto}
    </Button>
  );
}
