import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { type Area, mensajesDe } from "@/lib/panel/i18n/mensajes";

/**
 * The messages the client components below need: the common ones and those of `areas`, in the user's
 * language. They travel in the page's RSC payload, not in a JS chunk, and the other areas and the other
 * language stay on the server (issue 8: the first-load JS budget). Locale, formats and time zone come
 * from lib/panel/i18n/request.ts.
 */
export async function MensajesDe({ areas = [], children }: { areas?: readonly Area[]; children: ReactNode }) {
  return <NextIntlClientProvider messages={mensajesDe(await getLocale(), areas)}>{children}</NextIntlClientProvider>;
}
