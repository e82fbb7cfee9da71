/** A phone as people write it: digits with spaces, dashes, dots, slashes, parentheses, a leading +. */
const PHONE = /^\+?[\d\s()./-]*\d[\d\s()./-]*$/;

/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * The terms a `q` is searched by (docs/decisions/0040, 0051): its words, each of which must begin a
 * term of the enquiry; a phone-like `q` is one term of its digits alone, whatever the formatting on
 * either side. Folding (case, accents) happens in the database, as for the stored terms.
 */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  const words = PHONE.test(q) ? [q.replace(/\D/g, "")] : q.split(/\s+/).filter(Boolean);
  return [...new Set(words)];
}

/**
 * The terms as the placeholders of a statement (see `matchingEnquiries`): `termino0`… each term, and
 * `inverso0`… the same reversed behind `~`, which begins the reversed phone and sid when the term ends them.
 */
export const termParams = (terms: string[]) =>
  Object.fromEntries(
    terms.flatMap((term, index) => [
      [`termino${index}`, escapeLike(term)],
      [`inverso${index}`, escapeLike(`~${[...term].reverse().join("")}`)],
    ]),
  );
