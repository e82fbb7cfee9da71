export type Link = { href: string; templated?: true };
export type Links = Record<string, Link>;

/** A link; `templated: true` when the href has RFC 6570 placeholders such as {id} or {?a,b}. */
export function link(href: string): Link {
  return /\{[^}]+\}/.test(href) ? { href, templated: true } : { href };
}

export function links(relations: Record<string, string | undefined>): Links {
  const result: Links = {};
  for (const [relation, href] of Object.entries(relations)) {
    if (href !== undefined) result[relation] = link(href);
  }
  return result;
}

/** Encodes one path segment (an e-mail keeps its @, which is allowed in a path). */
export function segment(value: string | number): string {
  const encoded = encodeURIComponent(String(value));
  return encoded.includes("%40") ? encoded.replaceAll("%40", "@") : encoded;
}

export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
