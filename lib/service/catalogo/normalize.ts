/** Case-, accent- and punctuation-insensitive form used to store and to search catalogue terms. */
export function normalizeTerm(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
