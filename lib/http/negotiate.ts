import { ENTRY_TYPES, REF_TYPE } from "@/lib/api/media-types";

export type Representation = { mediaType: string; form: "entry" | "ref" };

type MediaRange = { type: string; subtype: string; q: number; position: number };

function parseAccept(header: string): MediaRange[] {
  return header
    .split(",")
    .map((part, position) => {
      const [range = "", ...params] = part.split(";").map((piece) => piece.trim());
      const [type = "", subtype = ""] = range.toLowerCase().split("/");
      const qParam = params.find((param) => /^q\s*=/i.test(param));
      const q = qParam ? Number(qParam.split("=")[1]) : 1;
      return { type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0, position };
    })
    .filter((range) => range.type !== "" && range.subtype !== "");
}

function specificity(range: MediaRange, mediaType: string): number {
  const [type, subtype] = mediaType.split("/");
  if (range.type === type && range.subtype === subtype) return 3;
  if (range.type === type && range.subtype === "*") return 2;
  if (range.type === "*" && range.subtype === "*") return 1;
  return 0;
}

/**
 * Chooses among `offered` by q-value (RFC 9110, section 12.5.1): the most specific range decides each type's
 * q; ties go to the range the client listed first, then to the server's order. The first offered when
 * the header says nothing; undefined when nothing offered is acceptable (406).
 */
export function preferredType(acceptHeader: string | null, offered: readonly string[]): string | undefined {
  const ranges = acceptHeader?.trim() ? parseAccept(acceptHeader) : [];
  if (ranges.length === 0) return offered[0];
  let best: { mediaType: string; q: number; position: number; order: number } | undefined;
  offered.forEach((mediaType, order) => {
    const matching = ranges
      .map((range) => ({ range, score: specificity(range, mediaType) }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || a.range.position - b.range.position)[0];
    if (!matching || matching.range.q <= 0) return;
    const candidate = { mediaType, q: matching.range.q, position: matching.range.position, order };
    if (!best || candidate.q > best.q || (candidate.q === best.q && candidate.position < best.position)) {
      best = candidate;
    }
  });
  return best?.mediaType;
}

/** The representation of a JSON resource (its entry form, the Ref form when `offersRef`); undefined for a 406. */
export function negotiate(acceptHeader: string | null, offersRef: boolean): Representation | undefined {
  const mediaType = preferredType(acceptHeader, offersRef ? [...ENTRY_TYPES, REF_TYPE] : ENTRY_TYPES);
  if (!mediaType) return undefined;
  return { mediaType, form: mediaType === REF_TYPE ? "ref" : "entry" };
}

export function isJsonContentType(header: string | null): boolean {
  if (!header) return false;
  const mediaType = header.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json" || mediaType === "text/json";
}
