import { NotFound } from "@/lib/api/problem";
import { strongEtag } from "./etag";

/**
 * What a handler answers; the kernel turns it into a Response with the negotiated representation.
 * `lines`: a body of entries written as they come, batch after batch, one JSON text per line
 * (an operation whose success has `lines`, decisions 0060). `serialised`: the body's JSON bytes and
 * their ETag, when they were made once for many requests (reference data, decisions 0086).
 */
export type Reply<T = unknown> = {
  status: number;
  body?: T;
  lines?: AsyncIterable<readonly T[]>;
  headers?: Record<string, string>;
  serialised?: Serialised;
};

export type Serialised = { bytes: Buffer<ArrayBuffer>; etag: string };

export function serialise(body: unknown): Serialised {
  const bytes = Buffer.from(JSON.stringify(body));
  return { bytes, etag: strongEtag(bytes) };
}

const serialisedBodies = new WeakMap<object, Serialised>();

/**
 * A 200 whose body is an object the service keeps and answers again while it holds (an enquiry
 * under its agency's revision, decision 0122): serialised and tagged once per object, not per request.
 */
export function okKept<T extends object>(body: T): Reply<T> {
  let serialised = serialisedBodies.get(body);
  if (!serialised) {
    serialised = serialise(body);
    serialisedBodies.set(body, serialised);
  }
  return { status: 200, body, serialised };
}

export const ok = <T>(body: T, headers?: Record<string, string>): Reply<T> => ({ status: 200, body, headers });
export const okLines = <T>(lines: AsyncIterable<readonly T[]>): Reply<T> => ({ status: 200, lines });
export const created = <T>(body: T, location: string): Reply<T> => ({ status: 201, body, headers: { Location: location } });
export const accepted = <T = never>(location: string, body?: T): Reply<T> => ({ status: 202, body, headers: { Location: location } });
export const noContent = (headers?: Record<string, string>): Reply<never> => ({ status: 204, headers });

/** The value, or a 404 with no body when there is none. */
export function found<T>(value: T | undefined): T {
  if (value === undefined) throw new NotFound();
  return value;
}
