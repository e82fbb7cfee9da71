import type { FORMATOS } from "@/lib/formats";
import type { Idioma } from "./idiomas";
import type { Mensajes } from "./mensajes";

/** next-intl's types for the Panel: a message key that does not exist, or a wrong format name, does not compile. */
declare module "next-intl" {
  interface AppConfig {
    Locale: Idioma;
    Messages: Mensajes;
    Formats: typeof FORMATOS;
  }
}
