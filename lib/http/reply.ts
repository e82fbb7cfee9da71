import { NotFound } from "@/lib/api/problem";

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
