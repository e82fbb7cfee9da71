import createFetchClient from "openapi-fetch";
import type { components, paths } from "./openapi.ts";
import { orThrow, withProblem } from "./problems.ts";
import { signRequest } from "./signing.ts";

export type Schemas = components["schemas"];
export type Link = Schemas["Link"];

export type ClientOptions = {
  /** Where the service answers, e.g. http://localhost:3000 (the paths start with /v3). */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  /** Headers sent with every request, e.g. Accept-Language. */
  headers?: Record<string, string>;
  /** Another fetch (a proxy, a timeout, a test double). */
  fetch?: (request: Request) => Promise<Response>;
};

/** Lists with pages (`_links.next` until the last one). */
export type PagedPath = "/v3/consultas/{adminMail}" | "/v3/publicaciones/{adminMail}" | "/v3/appnotificaciones/{topic}/entregas";
export type Page<P extends PagedPath> = paths[P]["get"]["responses"][200]["content"]["application/json"];
export type PageParams<P extends PagedPath> = paths[P]["get"]["parameters"];
/**
 * What `pages` and `entries` take: `{ params: { path, query } }`, as every call of the client.
 * SDK 3.0's `{ path, query }` is still accepted (docs/decisions/0059).
 */
export type PageInit<P extends PagedPath> = { params: PageParams<P> } | PageParams<P>;

/**
 * The v3 API under a base URL: the only place the client signs requests for. `https://x.example/api`
 * holds `https://x.example/api/v3` and what is below it, nothing of another origin, path or port.
 */
function apiUnder(baseUrl: string) {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, "");
  const root = base.origin + basePath;
  const apiPath = `${basePath}/v3`;
  const holds = (url: URL) => url.origin === base.origin && (url.pathname === apiPath || url.pathname.startsWith(`${apiPath}/`));
  const refuse = (what: string) => new TypeError(`${what} no está en la API de ${root}: el SDK firma solo pedidos a ${root}/v3.`);
  return {
    root,
    /** The request, if it goes to the API; else a TypeError, and nothing is signed or sent. */
    check(request: Request): Request {
      if (!holds(new URL(request.url))) throw refuse(`El pedido a ${request.url}`);
      return request;
    },
    /**
     * A link's path below the root, as openapi-fetch appends it. The service's hrefs are paths from its
     * root (`/v3/…`); under a base URL with a path they continue that path. Resolved by the URL parser
     * (dot segments, `%2e`, backslashes, `//host`, absolute URLs), then held to the API.
     */
    pathOf(href: string): string {
      const url = new URL(href.startsWith("/") ? `.${href}` : href, `${root}/`);
      if (!holds(url)) throw refuse(`El enlace ${href}`);
      return url.pathname.slice(basePath.length) + url.search;
    },
  };
}

/**
 * The v3 client: every operation typed from the OpenAPI document (`GET`, `POST`, `PUT`, `PATCH`,
 * `DELETE`, `OPTIONS` of openapi-fetch: `{ data, error, response }`, `error` the problem of every
 * answer that is not 2xx but a 304), each request signed with ACS-HMAC and only for the API under
 * `baseUrl`; plus `follow` for `_links` and `pages`/`entries` for lists.
 */
export function createClient(options: ClientOptions) {
  const api = apiUnder(options.baseUrl);
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  // Typed for the entry form (application/json), what the client asks for unless told otherwise, and
  // for problems (application/problem+json): `error` is a ProblemDetails, not the map of its media types.
  const client = createFetchClient<paths, "application/json" | "application/problem+json">({
    baseUrl: api.root,
    headers: options.headers,
    fetch: send,
  });
  client.use({
    onRequest: ({ request }) => signRequest(api.check(request), options.appKey, options.appSecret),
    onResponse: ({ request, response }) => withProblem(request, response),
  });

  /** GET of a `_links` relation of the API; a VitrinaError when refused, a TypeError for a link elsewhere. */
  async function follow<T>(link: Link): Promise<T> {
    if (link.templated) throw new TypeError(`El enlace ${link.href} es una plantilla: completá sus parámetros con la operación tipada.`);
    // Any path of the API, typed as one of them to go through openapi-fetch's GET and middleware.
    return (await orThrow(client.GET(api.pathOf(link.href) as "/v3"))) as T;
  }

  /** Every page of a list, from the first the parameters ask for to the last. */
  async function* pages<P extends PagedPath>(path: P, init: PageInit<P>): AsyncGenerator<Page<P>> {
    const params = "params" in init ? init.params : init;
    let page = (await orThrow(client.GET(path as "/v3/consultas/{adminMail}", { params } as never))) as Page<P>;
    yield page;
    while (page._links.next) {
      page = await follow<Page<P>>(page._links.next);
      yield page;
    }
  }

  /** Every entry of a list, page after page. */
  async function* entries<P extends PagedPath>(path: P, init: PageInit<P>): AsyncGenerator<Page<P>["_entries"][number]> {
    for await (const page of pages(path, init)) yield* page._entries as Page<P>["_entries"];
  }

  return Object.assign(client, { follow, pages, entries });
}

export type VitrinaClient = ReturnType<typeof createClient>;

/** The sid of a Consulta: the last segment of its `self` link (/v3/consultas/{adminMail}/{sid}). */
export function sidDeConsulta(consulta: Schemas["Consulta"]): string {
  return decodeURIComponent(consulta._links.self.href.split("/").at(-1) ?? "");
}
