import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

/**
 * First-load JS per page from the build output: the root main files every page loads
 * (build-manifest.json rootMainFiles) plus every chunk of the route's entries (its layouts, page and
 * boundaries: entryJSFiles of the route's client reference manifest), each gzip-compressed (zlib default level 6)
 * and summed. Polyfills (nomodule, not loaded by current browsers) are left out.
 */
export type PageBundle = { route: string; files: number; gzipBytes: number };

export function firstLoadJs(distDir: string): PageBundle[] {
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const appPaths = JSON.parse(readFileSync(path.join(distDir, "server/app-paths-manifest.json"), "utf8")) as Record<string, string>;
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, file))).length;
      sizes.set(file, size);
    }
    return size;
  };
  const pages: PageBundle[] = [];
  for (const entry of Object.keys(appPaths)) {
    if (!entry.endsWith("/page")) continue;
    const manifestFile = path.join(distDir, "server/app", `${entry}_client-reference-manifest.js`);
    if (!existsSync(manifestFile)) continue;
    const sandbox: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
    sandbox.globalThis = sandbox;
    runInNewContext(readFileSync(manifestFile, "utf8"), sandbox);
    const manifest = sandbox.__RSC_MANIFEST?.[entry];
    const files = new Set(buildManifest.rootMainFiles);
    for (const chunks of Object.values(manifest?.entryJSFiles ?? {})) for (const file of chunks) files.add(file);
    const route = entry.replace(/\/page$/, "").replace(/\/\([^)]+\)/g, "") || "/";
    pages.push({ route, files: files.size, gzipBytes: [...files].reduce((sum, file) => sum + gzipped(file), 0) });
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}
