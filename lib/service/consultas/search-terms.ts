/** `%`, `_` and `\` stand for themselves in a search, not for LIKE's wildcards. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

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
