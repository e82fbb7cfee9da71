/** A phone as people write it: digits with spaces, dashes, dots, slashes, parentheses, a leading +. */
const PHONE = /^\+?[\d\s()./-]*\d[\d\s()./-]*$/;

/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The terms a `q` is searched by (docs/decisions/0040): its words, each of which must appear; a
 * phone-like `q` is one term of its digits alone, matched against the phone's digits whatever the
 * formatting on either side. Folding (case, accents) happens in the database, as for the column.
 */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const words = PHONE.test(q) ? [q.replace(/\D/g, "")] : q.split(/\s+/).filter(Boolean);
  return [...new Set(words)].map(escapeLike);
}

/** The terms as the placeholders of a statement (`termino0`, `termino1`, …; see `matchesTerms`). */
export const termParams = (terms: string[]) => Object.fromEntries(terms.map((term, index) => [`termino${index}`, term]));
