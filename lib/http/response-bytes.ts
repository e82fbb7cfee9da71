/**
 * The encoded body of a Response the kernel built (route.ts), kept beside it: our HTTP server
 * (direct-routes.ts) sends those bytes as they are instead of reading the body's stream back, which
 * cost more than encoding it (a page of enquiries: 70 µs against 35). For a request our server made
 * itself, the Response carries no body at all: the stream a body needs, never read, cost 5–9 % of the
 * Node CPU of a list request (docs/performance.md). Whatever else calls a route (Next, for the requests
 * it serves) gets the body in the Response as usual.
 */
const bodies = new WeakMap<Response, Buffer>();
const ownRequests = new WeakSet<Request>();

/** A request our HTTP server made, and answers with the bytes kept beside the Response. */
export function madeByOurServer(request: Request): Request {
  ownRequests.add(request);
  return request;
}

/** The Response to `request` whose body is `bytes`. */
export function withBytes(request: Request, bytes: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(ownRequests.has(request) ? null : bytes, init);
  bodies.set(response, bytes);
  return response;
}

export const bytesOf = (response: Response): Buffer | undefined => bodies.get(response);

const streams = new WeakSet<Response>();

/** A Response whose body is sent as it is made (a stream of lines), never read whole first. */
export function streamed(response: Response): Response {
  streams.add(response);
  return response;
}

export const isStreamed = (response: Response): boolean => streams.has(response);
