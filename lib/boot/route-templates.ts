import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The route template of a request path, as the HTTP metrics label it (decisions 0049): the page or
 * route of Next's build that serves it (`/v3/consultas/[adminMail]/[sid]`), never the raw path, so
 * the series stay few however many agencies and enquiries there are. Read from the build's
 * routes-manifest.json: static routes by exact path, then the dynamic ones' patterns in Next's
 * order (static segments first). Next's own files are `/_next/static` and `/_next/image`; a path no
 * route serves is `unmatched`.
 */

type Manifest = { staticRoutes: { page: string }[]; dynamicRoutes: { page: string; regex: string }[] };

export function routeTemplates(distDir: string): (pathname: string) => string {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as Manifest;
  const exact = new Set(manifest.staticRoutes.map((route) => route.page));
  const dynamic = manifest.dynamicRoutes.map((route) => ({ page: route.page, pattern: new RegExp(route.regex) }));
  return (pathname) => {
    const trimmed = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    if (exact.has(trimmed)) return trimmed;
    if (trimmed.startsWith("/_next/static/")) return "/_next/static";
    if (trimmed.startsWith("/_next/image")) return "/_next/image";
    return dynamic.find((route) => route.pattern.test(trimmed))?.page ?? "unmatched";
  };
}
