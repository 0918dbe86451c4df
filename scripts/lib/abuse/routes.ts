// What `npm run test:abuse` calls: the route handlers and signed-in pages found under app/, and the
// real ids of the seeded records that fill their dynamic segments.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { AbuseClient } from "./client";

const root = process.cwd();

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export type Guard = "public" | "user" | "admin";
/** `refused`: the methods the file answers with methodNotAllowed (405 whatever the body, so no body is read). */
export type Route = { file: string; pattern: string; methods: string[]; guard: Guard; readsJson: boolean; refused: string[] };

/** What every answer of a signed-in route or page says to caches. */
export const NO_STORE = "private, no-store";

/** Route files Next serves but this matrix leaves out, with the reason printed. */
const SKIPPED: Record<string, string> = {
  "/api/auth/[...nextauth]": "Auth.js's own handler (sign-in/callback/sign-out forms, not the REST contract; sign-in is covered by e2e)",
  "/admin/preview/[kind]/[id]": "admin page route guarded by requireAdmin (session cookie only; answers redirects, not 401/403; covered by e2e)",
  "/admin/preview/exit": "turns Next's draft mode off and redirects; no data, no guard to test",
};

/** Every file named `fileName` below `dir`. */
function walk(dir: string, fileName: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full, fileName);
    return name === fileName ? [full] : [];
  });
}

function resolveImport(specifier: string) {
  return path.join(root, specifier.replace(/^@\//, "")) + ".ts";
}

function analyze(file: string): Omit<Route, "file" | "pattern"> {
  const text = readFileSync(file, "utf8");
  const reexport = /export \{([^}]+)\} from "([^"]+)"/.exec(text);
  if (reexport) {
    const target = analyze(resolveImport(reexport[2]));
    const methods = reexport[1].split(",").map((name) => name.trim()).filter((name) => (METHODS as readonly string[]).includes(name));
    return { ...target, methods };
  }
  const methods = new Set<string>();
  for (const match of text.matchAll(/export (?:async )?function (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(match[1]);
  for (const match of text.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(match[1]);
  for (const match of text.matchAll(/export const \{([^}]+)\}/g)) for (const name of match[1].split(",")) if ((METHODS as readonly string[]).includes(name.trim())) methods.add(name.trim());
  const catalog = /catalog(Collection|Item|Bulk|Versions|Restore|Export)Routes?\(/.exec(text);
  // The role a handler asks of its caller: authRoute(role, …) or the list factories built on it
  // (listRoute(role, …); exportRoute, admins only).
  const admin = /(?:authRoute|listRoute)(?:<[^>]*>)?\("admin"/.test(text) || /\bexportRoute(?:<[^>]*>)?\(/.test(text) || catalog !== null;
  const guard: Guard = admin ? "admin" : /(?:authRoute|listRoute)(?:<[^>]*>)?\("user"/.test(text) ? "user" : "public";
  const readsJson = text.includes("readJsonBody") || (catalog !== null && ["Collection", "Item", "Bulk"].includes(catalog[1]));
  const refusers = ["methodNotAllowed\\(", ...[...text.matchAll(/const (\w+) = methodNotAllowed\(/g)].map((match) => `${match[1]}\\b`)];
  const refused = [...methods].filter((method) => new RegExp(`export const ${method} = (?:${refusers.join("|")})`).test(text));
  return { methods: [...methods], guard, readsJson, refused };
}

/** The URL pattern of a route or page file under app/: its folders, route groups left out. */
function urlPattern(file: string): string {
  const segments = path.relative(path.join(root, "app"), path.dirname(file)).split(path.sep);
  return "/" + segments.filter((segment) => !/^\(.*\)$/.test(segment)).join("/");
}

/** Every route handler (route.ts) under app/ with its methods, its guard and whether it reads a JSON body. */
export function discoverRoutes() {
  const routes: Route[] = [];
  const skipped: [string, string][] = [];
  for (const file of walk(path.join(root, "app"), "route.ts").sort()) {
    const pattern = urlPattern(file);
    if (SKIPPED[pattern]) {
      skipped.push([pattern, SKIPPED[pattern]]);
      continue;
    }
    routes.push({ file: path.relative(root, file), pattern, ...analyze(file) });
  }
  return { routes, skipped };
}

/** Every page of the signed-in areas (app/admin, app/client), dynamic segments filled with real ids. */
export function signedInPages(ids: Ids): { pathname: string; area: "admin" | "client" }[] {
  const pages: { pathname: string; area: "admin" | "client" }[] = [];
  for (const area of ["admin", "client"] as const) {
    for (const file of walk(path.join(root, "app", area), "page.tsx").sort()) {
      const pattern = urlPattern(file);
      if (pattern.includes("[...")) continue;
      pages.push({ pathname: fillPath(pattern, "GET", ids), area });
    }
  }
  return pages;
}

// ── Real ids for the dynamic segments ──
export const MISSING_ID = "999999999";
export type Ids = Record<string, string>;

export async function seededIds(client: AbuseClient, user: { id: string }): Promise<Ids> {
  const one = async (sql: string, params: unknown[] = []) => String((await client.query<{ v: unknown }>(sql, params))[0]?.v ?? MISSING_ID);
  return {
    contactMessage: await one("SELECT id AS v FROM contact_messages WHERE deleted_at IS NULL ORDER BY id LIMIT 1").catch(() => one("SELECT id AS v FROM contact_messages ORDER BY id LIMIT 1")),
    adminInvoice: await one("SELECT id AS v FROM invoices ORDER BY id LIMIT 1"),
    clientInvoice: await one("SELECT id AS v FROM invoices WHERE user_id = $1 ORDER BY id LIMIT 1", [user.id]),
    product: await one("SELECT id AS v FROM catalog_items WHERE kind = 'product' ORDER BY id LIMIT 1"),
    service: await one("SELECT id AS v FROM catalog_items WHERE kind = 'service' ORDER BY id LIMIT 1"),
    productSlug: await one("SELECT slug AS v FROM catalog_items WHERE kind = 'product' AND status = 'active' ORDER BY id LIMIT 1"),
    serviceSlug: await one("SELECT slug AS v FROM catalog_items WHERE kind = 'service' AND status = 'active' ORDER BY id LIMIT 1"),
    replyTemplate: await one("SELECT id AS v FROM reply_templates ORDER BY id LIMIT 1"),
    adminSubscription: await one("SELECT id AS v FROM subscriptions ORDER BY id LIMIT 1"),
    clientSubscription: await one("SELECT id AS v FROM subscriptions WHERE user_id = $1 ORDER BY id LIMIT 1", [user.id]),
    testimonial: await one("SELECT id AS v FROM testimonials ORDER BY id LIMIT 1"),
    media: await one("SELECT id AS v FROM media_items ORDER BY id LIMIT 1"),
    adminTicket: await one("SELECT id AS v FROM tickets ORDER BY id LIMIT 1"),
    clientTicket: await one("SELECT id AS v FROM tickets WHERE user_id = $1 ORDER BY id LIMIT 1", [user.id]),
    user: user.id,
    notification: await one("SELECT id AS v FROM notifications WHERE user_id = $1 ORDER BY id LIMIT 1", [user.id]),
  };
}

/** Unsafe actions that read no body would act on a real record: they get an id that does not exist. */
const ACTS_WITHOUT_BODY = /\/(resend|restore|read|reopen|unarchive|undo)$|\/versions\/\[version\]\/restore$/;

/** A route or page pattern with its dynamic segments filled: real ids, or one that does not exist where the call would act. */
export function fillPath(pattern: string, method: string, ids: Ids) {
  const fake = method === "DELETE" || (UNSAFE.has(method) && ACTS_WITHOUT_BODY.test(pattern));
  const admin = pattern.includes("/admin/");
  return pattern.replace(/\[([^\]]+)\]/g, (_all, name: string) => {
    if (fake) return MISSING_ID;
    if (name === "version") return "1";
    if (name === "slug") return pattern.includes("/services/") ? ids.serviceSlug : ids.productSlug;
    if (pattern.includes("/contact-messages/")) return ids.contactMessage;
    if (pattern.includes("/invoices/")) return admin ? ids.adminInvoice : ids.clientInvoice;
    if (pattern.includes("/products/")) return ids.product;
    if (pattern.includes("/services/")) return ids.service;
    if (pattern.includes("/reply-templates/")) return ids.replyTemplate;
    if (pattern.includes("/subscriptions/")) return admin ? ids.adminSubscription : ids.clientSubscription;
    if (pattern.includes("/testimonials/")) return ids.testimonial;
    if (pattern.includes("/admin/media/")) return ids.media;
    if (pattern.includes("/tickets/")) return admin ? ids.adminTicket : ids.clientTicket;
    if (pattern.includes("/users/")) return ids.user;
    if (pattern.includes("/notifications/")) return ids.notification;
    return MISSING_ID;
  });
}
