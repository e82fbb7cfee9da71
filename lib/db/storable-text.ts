/**
 * Text that comes from outside (a webhook receiver's answer, an SMTP server's reply, an error that
 * quotes either) made storable in a PostgreSQL text or jsonb column, whatever it holds. PostgreSQL
 * stores no U+0000, and jsonb refuses a lone UTF-16 surrogate; invalid UTF-8 cannot be text at all.
 * Decisions: docs/decisions/0024-outside-text.md.
 */

const REPLACEMENT = "\uFFFD";

/** The longest prefix of `bytes` of at most `maxBytes` as text; invalid UTF-8 becomes U+FFFD. */
function decodePrefix(bytes: Uint8Array, maxBytes: number): string {
  const cut = bytes.length > maxBytes;
  // Streaming leaves out a character the cut split in two, instead of turning it into U+FFFD.
  return new TextDecoder("utf-8").decode(bytes.subarray(0, maxBytes), { stream: cut });
}

/**
 * `input` as text PostgreSQL stores: invalid UTF-8, lone surrogates and NUL replaced by U+FFFD,
 * at most `maxBytes` bytes of UTF-8, never a character cut in two.
 */
export function storableText(input: string | Uint8Array, maxBytes: number): string {
  // A string's lone surrogates become U+FFFD when encoded; no character takes less than a byte.
  const bytes = typeof input === "string" ? Buffer.from(input.slice(0, maxBytes + 1), "utf8") : input;
  const text = decodePrefix(bytes, maxBytes).replaceAll("\u0000", REPLACEMENT);
  // Each replaced NUL grew from one byte to three.
  return text.includes(REPLACEMENT) ? decodePrefix(Buffer.from(text, "utf8"), maxBytes) : text;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store `text` as it is, or undefined when it can. */
export function unstorableCharacter(text: string): "nul" | "surrogate" | undefined {
  if (text.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(text)) return "surrogate";
  return undefined;
}
