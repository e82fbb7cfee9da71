/** The media types the contract offers for a resource: its entry form, and the Ref form where documented. */
export const ENTRY_TYPES = ["application/json", "text/json", "application/vnd.service.entry+json"] as const;
export const REF_TYPE = "application/vnd.service.ref+json";
/** A stream of entries, one JSON text per line (NDJSON), where an operation answers with one (decisions 0060). */
export const LINES_TYPE = "application/x-ndjson";
