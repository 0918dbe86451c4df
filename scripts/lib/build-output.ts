// Reading a production build's output (<dist>): its public page routes and their pre-rendered
// HTML, the scripts a page loads and the files they are served from, and the first-load scripts
// of a page rendered per request (the signed-in areas). For npm run budgets and the compile hints
// (scripts/lib/build-budgets.ts, scripts/lib/compile-hints.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";

/** The `src` of every `<script>` a current browser loads (not `nomodule`), in document order, once each. */
export function scriptSources(html: string): string[] {
  const sources: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name !== "script" || !attributes.src || "nomodule" in attributes) return;
      if (!sources.includes(attributes.src)) sources.push(attributes.src);
    },
  });
  parser.write(html);
  parser.end();
  return sources;
}

export function readJson<T>(file: string): T {
  if (!existsSync(file)) throw new Error(`Falta ${file}: ¿se ejecutó npm run build (con el mismo NEXT_DIST_DIR)?`);
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** The file a `/_next/static/…` script URL is served from. */
export function chunkFile(distDir: string, src: string): string | null {
  const pathname = new URL(src, "http://localhost").pathname;
  if (!pathname.startsWith("/_next/static/")) return null;
  const file = path.join(distDir, "static", decodeURIComponent(pathname.slice("/_next/static/".length)));
  return file.startsWith(path.join(distDir, "static") + path.sep) ? file : null;
}

/** A public page route of a build ("/servicios/[slug]"), its app path ("/(site)/servicios/[slug]/page") and the pre-rendered HTML of each of its concrete routes. */
export type PublicPage = { pattern: string; appPath: string; htmlFiles: { route: string; file: string }[] };

/** The public page routes of a build (app paths under publicAppPaths), pre-rendered or not. */
export function publicRoutesOfBuild(distDir: string, publicAppPaths: readonly string[]): PublicPage[] {
  const appPaths = readJson<Record<string, string>>(path.join(distDir, "app-path-routes-manifest.json"));
  const prerender = readJson<{ routes: Record<string, { srcRoute?: string | null }> }>(path.join(distDir, "prerender-manifest.json"));
  // Public page routes ("/(site)/servicios/[slug]/page" → "/servicios/[slug]").
  const pages = new Map<string, string>();
  for (const [appPath, route] of Object.entries(appPaths)) {
    if (appPath.endsWith("/page") && publicAppPaths.some((prefix) => appPath.startsWith(prefix)) && !pages.has(route)) pages.set(route, appPath);
  }
  return [...pages.keys()].sort().map((pattern) => ({
    pattern,
    appPath: pages.get(pattern)!,
    htmlFiles: Object.entries(prerender.routes)
      .filter(([route, entry]) => (entry.srcRoute ?? route) === pattern)
      .map(([route]) => route)
      .sort()
      .map((route) => ({ route, file: path.join(distDir, "server", "app", `${route === "/" ? "index" : route}.html`) }))
      .filter(({ file }) => existsSync(file)),
  }));
}


/** A page of the source tree: its URL pattern ("/admin/invoices/[id]") and Next's app path ("/admin/invoices/[id]/page"). */
export type SourcePage = { route: string; appPath: string };

const PAGE_FILE = /^page\.(tsx|ts|jsx|js)$/;

/**
 * Every page under app/<area> for each area ("/admin", "/client"), read from the source files, so a
 * new screen is listed without anyone adding it. Route groups ("(list)") and parallel-route slots
 * ("@modal") are part of the app path but not of the URL; private folders ("_parts") hold no routes.
 */
export function pagesOfSource(appDir: string, areas: readonly string[]): SourcePage[] {
  const pages: SourcePage[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!entry.name.startsWith("_")) walk(path.join(dir, entry.name), [...segments, entry.name]);
      } else if (PAGE_FILE.test(entry.name)) {
        const urlSegments = segments.filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith("@"));
        pages.push({ route: `/${urlSegments.join("/")}`, appPath: `/${[...segments, "page"].join("/")}` });
      }
    }
  };
  for (const area of areas) {
    const dir = path.join(appDir, ...area.split("/").filter(Boolean));
    if (!existsSync(dir)) throw new Error(`Falta ${dir}: ${area} no es una carpeta de app/`);
    walk(dir, area.split("/").filter(Boolean));
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route) || a.appPath.localeCompare(b.appPath));
}

/**
 * The client reference manifest Next writes beside a page's server bundle
 * (<dist>/server/app/<app path>_client-reference-manifest.js): a script that assigns one JSON
 * object, read here as data (nothing is evaluated). `entryJSFiles` names, for every segment of
 * the page (root and nested layouts, templates, loading, error and not-found files, the page),
 * the chunks the server writes as that segment's `<script src async>`.
 */
export function readClientReferenceManifest(distDir: string, appPath: string): { entryJSFiles: Record<string, string[]> } | null {
  const file = path.join(distDir, "server", "app", `${appPath}_client-reference-manifest.js`);
  if (!existsSync(file)) return null;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^globalThis\.__RSC_MANIFEST\[("(?:[^"\\]|\\.)*")\]\s*=\s*(\{.*\});?\s*$/.exec(line);
    if (match && JSON.parse(match[1]) === appPath) return JSON.parse(match[2]) as { entryJSFiles: Record<string, string[]> };
  }
  throw new Error(`${path.relative(process.cwd(), file)} no tiene el manifiesto de ${appPath}: ¿cambió el formato de Next?`);
}

/**
 * The scripts a page rendered per request loads on its first visit, as `/_next/static/…` URLs, each
 * once: Next's runtime (build-manifest.json `rootMainFiles`) and each segment's chunks
 * (`entryJSFiles`), what its HTML lists as `<script src>`. The `nomodule` polyfills (`polyfillFiles`) are left out, as
 * for the pre-rendered pages. Not-found files are left out too: their chunks load only when one
 * shows (the root not-found's and app/global-not-found's, listed for every page, are in no page's
 * HTML). Null when the build has no such page.
 */
export function firstLoadScripts(distDir: string, appPath: string): string[] | null {
  const manifest = readClientReferenceManifest(distDir, appPath);
  if (!manifest) return null;
  const { rootMainFiles } = readJson<{ rootMainFiles: string[] }>(path.join(distDir, "build-manifest.json"));
  const files = new Set<string>(rootMainFiles);
  for (const [segment, chunks] of Object.entries(manifest.entryJSFiles ?? {})) {
    if (/\/(global-)?not-found$/.test(segment)) continue;
    for (const chunk of chunks) files.add(chunk);
  }
  return [...files].map((file) => `/_next/${file}`);
}
