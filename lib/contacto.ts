/**
 * How the Panel and the alert e-mails reach a buyer (issue 21, item 2; decisions 0046): pure functions, no server or browser
 * code, so the server builds the links and a unit test checks them.
 */

/** Argentina: the country of every agency the Panel serves today, for numbers written without one. */
const PAIS = "54";
/** WhatsApp reaches an Argentine mobile as 54 9 <area> <number> (ten digits after the 9). */
const MOVIL = "9";

/**
 * A phone as the international digits wa.me expects, or null when it cannot be one. "+…" and "00…"
 * already carry their country; anything else is an Argentine national number: its trunk 0 and the
 * mobile prefix 15 after a 2- to 4-digit area code go, and 54 9 comes first. An Argentine number
 * with its country but without the 9 gets it.
 */
export function digitosInternacionales(telefono: string | null | undefined): string | null {
  if (!telefono) return null;
  const digitos = telefono.replace(/\D/g, "");
  let internacional: string;
  if (telefono.trim().startsWith("+")) internacional = digitos;
  else if (digitos.startsWith("00")) internacional = digitos.slice(2);
  else internacional = PAIS + MOVIL + sinPrefijoMovil(digitos.replace(/^0/, ""));
  if (internacional.startsWith(PAIS) && internacional.length === PAIS.length + 10) {
    internacional = PAIS + MOVIL + internacional.slice(PAIS.length);
  }
  return internacional.length >= 8 && internacional.length <= 15 ? internacional : null;
}

/** "351 15 555 0102" (12 digits, 15 after the area code) → "3515550102". */
function sinPrefijoMovil(nacional: string): string {
  if (nacional.length !== 12) return nacional;
  for (const area of [2, 3, 4]) {
    if (nacional.slice(area, area + 2) === "15") return nacional.slice(0, area) + nacional.slice(area + 2);
  }
  return nacional;
}

/** A tel: link: the number as written, only its digits and a leading +. */
export function enlaceTelefono(telefono: string): string {
  return `tel:${telefono.trim().startsWith("+") ? "+" : ""}${telefono.replace(/\D/g, "")}`;
}

/** A mailto: link whose subject names the vehicle. */
export function enlaceEmail(email: string, asunto: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(asunto)}`;
}

/** A WhatsApp link with a first line naming the vehicle; null without a number WhatsApp can reach. */
export function enlaceWhatsApp(telefono: string | null | undefined, texto: string): string | null {
  const digitos = digitosInternacionales(telefono);
  return digitos ? `https://wa.me/${digitos}?text=${encodeURIComponent(texto)}` : null;
}
