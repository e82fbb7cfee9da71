import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Vitrina", template: "%s · Vitrina" },
  description: "Integración de agencias y consultas para apps asociadas.",
};

/** `lang` follows the Panel's language cookie, which only the Panel's paths carry (es-AR elsewhere). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await getLocale()}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
