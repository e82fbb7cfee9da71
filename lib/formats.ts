/**
 * How Vitrina writes dates, times and numbers for people, in one place: the Panel (through next-intl's
 * `formats`, lib/panel/i18n/request.ts), the service's e-mails and the Panel's CSV export all use these
 * options, so a value reads the same wherever it appears. One style per kind of value, chosen for es-AR
 * readers (docs/decisions/0026-panel-i18n-next-intl.md):
 *
 * | kind      | es-AR                  | en                      |
 * | --------- | ---------------------- | ----------------------- |
 * | fecha     | 25/11/2026             | 11/25/2026              |
 * | hora      | 14:09 (24 h)           | 14:09                   |
 * | fechaHora | 25/11/2026 14:09       | 11/25/2026 14:09        |
 * | dinero    | $ 1.234.567            | ARS 1,234,567           |
 * | entero    | 1.234.567              | 1,234,567               |
 * | relativo  | hace 5 minutos         | 5 minutes ago           |
 * | duración  | 2 h 54 min             | 2 hr 54 min             |
 *
 * No Panel or service code here: both import it, so the dependency runs downward from each.
 */

export const LOCALE_PREDETERMINADO = "es-AR";

export const FORMATOS = {
  dateTime: {
    fecha: { day: "2-digit", month: "2-digit", year: "numeric" },
    hora: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  },
  number: {
    entero: { maximumFractionDigits: 0 },
    decimal: { maximumFractionDigits: 2 },
    /** The currency comes with the value (an Importe's Moneda); ARS when the caller has none. */
    dinero: {
      style: "currency",
      currency: "ARS",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      trailingZeroDisplay: "stripIfInteger",
    },
  },
} as const satisfies {
  dateTime: Record<string, Intl.DateTimeFormatOptions>;
  number: Record<string, Intl.NumberFormatOptions>;
};

/** Relative times in words ("hace 3 meses"): a short unit read "hace 3 m" as minutes. */
export const RELATIVO = { style: "long" } as const satisfies Intl.RelativeTimeFormatOptions;

/** A date-time as a date and a 24-hour time with a plain space between them, never a comma. */
export function formatearFechaHora(momento: Date, timeZone: string, locale: string = LOCALE_PREDETERMINADO): string {
  const fecha = new Intl.DateTimeFormat(locale, { ...FORMATOS.dateTime.fecha, timeZone }).format(momento);
  const hora = new Intl.DateTimeFormat(locale, { ...FORMATOS.dateTime.hora, timeZone }).format(momento);
  return `${fecha} ${hora}`;
}
