// Route discovery for tests that must protect routes written later: walks app/ for
// route.ts files and turns each into its URL and dummy params for its dynamic segments.
import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";

export const APP_DIR = join(process.cwd(), "app");

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type DiscoveredRoute = {
  file: string;
  /** The URL path, dynamic segments filled with the dummy value. */
  path: string;
  params: Record<string, string | string[]>;
  /** Names of the dynamic segments, in order. */
  dynamic: string[];
};

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return /^route\.(ts|tsx|js)$/.test(entry.name) ? [full] : [];
  });
}

/** Every route file under app/<under>, with its URL path (route groups dropped) and params. */
export function discoverRoutes(under: string, dummy: (segment: string) => string = () => "1"): DiscoveredRoute[] {
  return walk(join(APP_DIR, under))
    .sort()
    .map((file) => {
      const segments = relative(APP_DIR, file).split(sep).slice(0, -1);
      const params: Record<string, string | string[]> = {};
      const dynamic: string[] = [];
      const parts: string[] = [];
      for (const segment of segments) {
        if (/^\(.*\)$/.test(segment) || segment.startsWith("@")) continue; // route group, parallel slot
        const catchAll = /^\[\[?\.\.\.(.+?)\]\]?$/.exec(segment);
        const single = /^\[(.+)\]$/.exec(segment);
        if (catchAll) {
          params[catchAll[1]] = [dummy(catchAll[1])];
          dynamic.push(catchAll[1]);
          parts.push(dummy(catchAll[1]));
        } else if (single) {
          params[single[1]] = dummy(single[1]);
          dynamic.push(single[1]);
          parts.push(dummy(single[1]));
        } else parts.push(segment);
      }
      return { file, path: `/${parts.join("/")}`, params, dynamic };
    });
}

type AnyHandler = (request: Request, context: { params: Promise<unknown> }) => Promise<Response> | Response;

/** The HTTP method handlers a route file exports. */
export async function routeHandlers(file: string): Promise<Partial<Record<HttpMethod, AnyHandler>>> {
  const routeModule = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
  const handlers: Partial<Record<HttpMethod, AnyHandler>> = {};
  for (const method of HTTP_METHODS) {
    if (typeof routeModule[method] === "function") handlers[method] = routeModule[method] as AnyHandler;
  }
  return handlers;
}
