/**
 * The encoded body of a Response the kernel built (route.ts), kept beside it: our HTTP server
 * (direct-routes.ts) sends those bytes as they are instead of reading the body's stream back, which
 * cost more than encoding it (a page of enquiries: 70 µs against 35).
 */
const bodies = new WeakMap<Response, Buffer>();

export function withBytes(response: Response, bytes: Buffer): Response {
  bodies.set(response, bytes);
  return response;
}

export const bytesOf = (response: Response): Buffer | undefined => bodies.get(response);
