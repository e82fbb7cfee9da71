import createFetchClient from "openapi-fetch";
import type { components, paths } from "./openapi.ts";
import { type ProblemDetails, VitrinaError } from "./problems.ts";
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

async function problemOf(response: Response): Promise<ProblemDetails | undefined> {
  const text = await response.text();
  return text ? (JSON.parse(text) as ProblemDetails) : undefined;
}

/**
 * The v3 client: every operation typed from the OpenAPI document (`GET`, `POST`, `PUT`, `PATCH`,
 * `DELETE`, `OPTIONS` of openapi-fetch: `{ data, error, response }`, `error` the operation's
 * problem), each request signed with ACS-HMAC; plus `follow` for `_links` and `pages`/`entries`
 * for lists.
 */
export function createClient(options: ClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  // Typed for the entry form (application/json), what the client asks for unless told otherwise.
  const api = createFetchClient<paths, "application/json">({ baseUrl, headers: options.headers, fetch: send });
  api.use({ onRequest: ({ request }) => signRequest(request, options.appKey, options.appSecret) });

  /** GET of a `_links` relation (its href is relative to the service); a VitrinaError when refused. */
  async function follow<T>(link: Link): Promise<T> {
    if (link.templated) throw new TypeError(`El enlace ${link.href} es una plantilla: completá sus parámetros con la operación tipada.`);
    const request = new Request(baseUrl + link.href, { headers: { Accept: "application/json", ...options.headers } });
    const response = await send(await signRequest(request, options.appKey, options.appSecret));
    if (!response.ok) throw new VitrinaError(response.status, await problemOf(response));
    return (await response.json()) as T;
  }

  /** Every page of a list, from the first the parameters ask for to the last. */
  async function* pages<P extends PagedPath>(path: P, params: PageParams<P>): AsyncGenerator<Page<P>> {
    const first = await api.GET(path as "/v3/consultas/{adminMail}", { params } as never);
    if (!first.response.ok) throw new VitrinaError(first.response.status, (first.error || undefined) as ProblemDetails | undefined);
    let page = first.data as unknown as Page<P>;
    yield page;
    while (page._links.next) {
      page = await follow<Page<P>>(page._links.next);
      yield page;
    }
  }

  /** Every entry of a list, page after page. */
  async function* entries<P extends PagedPath>(path: P, params: PageParams<P>): AsyncGenerator<Page<P>["_entries"][number]> {
    for await (const page of pages(path, params)) yield* page._entries as Page<P>["_entries"];
  }

  return Object.assign(api, { follow, pages, entries });
}

export type VitrinaClient = ReturnType<typeof createClient>;

/** The sid of a Consulta: the last segment of its `self` link (/v3/consultas/{adminMail}/{sid}). */
export function sidDeConsulta(consulta: Schemas["Consulta"]): string {
  return decodeURIComponent(consulta._links.self.href.split("/").at(-1) ?? "");
}
