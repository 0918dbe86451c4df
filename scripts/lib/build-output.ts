// Reading a production build's output (<dist>): its public page routes and their pre-rendered
// HTML, the scripts a page loads and the files they are served from. For npm run budgets and the
// compile hints (scripts/lib/build-budgets.ts, scripts/lib/compile-hints.ts).
import { existsSync, readFileSync } from "node:fs";
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

/** A public page route of a build ("/servicios/[slug]") and the pre-rendered HTML of each of its concrete routes. */
export type PublicPage = { pattern: string; htmlFiles: { route: string; file: string }[] };

/** The public page routes of a build (app paths under publicAppPaths), pre-rendered or not. */
export function publicRoutesOfBuild(distDir: string, publicAppPaths: readonly string[]): PublicPage[] {
  const appPaths = readJson<Record<string, string>>(path.join(distDir, "app-path-routes-manifest.json"));
  const prerender = readJson<{ routes: Record<string, { srcRoute?: string | null }> }>(path.join(distDir, "prerender-manifest.json"));
  // Public page routes ("/(site)/servicios/[slug]/page" → "/servicios/[slug]").
  const patterns = [
    ...new Set(
      Object.entries(appPaths)
        .filter(([appPath]) => appPath.endsWith("/page") && publicAppPaths.some((prefix) => appPath.startsWith(prefix)))
        .map(([, route]) => route),
    ),
  ].sort();
  return patterns.map((pattern) => ({
    pattern,
    htmlFiles: Object.entries(prerender.routes)
      .filter(([route, entry]) => (entry.srcRoute ?? route) === pattern)
      .map(([route]) => route)
      .sort()
      .map((route) => ({ route, file: path.join(distDir, "server", "app", `${route === "/" ? "index" : route}.html`) }))
      .filter(({ file }) => existsSync(file)),
  }));
}

