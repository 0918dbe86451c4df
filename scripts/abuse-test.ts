// `npm run test:abuse`: starts the production build (`npm start`) on its own port and a fresh
// database (a new `abuse_<random>` database on DATABASE_URL's server, dropped at the end, or
// the embedded PGlite when DATABASE_URL is unset), then:
//   1. the authorization matrix: every route handler found under app/ (route.ts) × its exported
//      methods × anonymous, client, admin × bearer token, session cookie (+ XSRF pair);
//   2. malformed bodies (≥ 200 per JSON write endpoint, as a caller the route allows): never a
//      5xx nor a hung request, and no table gains or loses rows;
//   3. security headers on every kind of response;
//   4. `Cache-Control: private, no-store` on every answer of a signed-in route (the matrix's) and page;
//   5. every server action of the build (server-reference-manifest.json) × ≥ 20 hostile argument
//      lists, posted to a page that runs it as its area's role: never a 5xx, no table changes;
//   6. unknown /api paths answer 404 (413 for an 11 MB body) whatever the body (multipart, Next-Action).
// Prints the counts and exits 1 on any failure.
//
// ABUSE_PORT (default 3430), ABUSE_DB_PORT (embedded database, default 54359),
// ABUSE_CONCURRENCY (default 8); NEXT_DIST_DIR (default .next) is the build npm start serves.
import "./lib/load-env";
import { spawn } from "node:child_process";
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { createThrowawayDatabase } from "./lib/throwaway-database";
import { waitForServer } from "./lib/wait-for-server";

const root = process.cwd();
const appPort = Number(process.env.ABUSE_PORT || 3430);
const embeddedDbPort = Number(process.env.ABUSE_DB_PORT || 54359);
const concurrency = Number(process.env.ABUSE_CONCURRENCY || 8);
const baseUrl = `http://127.0.0.1:${appPort}`;
const REQUEST_TIMEOUT_MS = 10_000;
const START_TIMEOUT_MS = 10 * 60_000;
const authSecret = process.env.AUTH_SECRET || randomBytes(32).toString("base64");
const startedAt = Date.now();

// ── Database: a fresh one on DATABASE_URL's server, or the embedded PGlite ──
const serverUrl = process.env.DATABASE_URL;
const dbName = `abuse_${randomBytes(5).toString("hex")}`;
const dataRoot = serverUrl ? null : mkdtempSync(path.join(tmpdir(), "abuse-pglite-"));
function databaseUrlFor(name: string) {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}
const databaseUrl = serverUrl ? databaseUrlFor(dbName) : `postgresql://postgres:postgres@127.0.0.1:${embeddedDbPort}/postgres?sslmode=disable`;

let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>> | null = null;

let db: pg.Client | null = null;
let queue: Promise<unknown> = Promise.resolve();
/** One query at a time on one connection (the matrix's workers share it). */
function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const run = queue.then(async () => {
    if (!db) {
      db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
    }
    return (await db.query<T>(sql, params)).rows;
  });
  queue = run.catch(() => undefined);
  return run;
}

// ── The server ──
let server: ReturnType<typeof spawn> | null = null;
let serverLog = "";
function startServer() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(appPort),
    TRUST_PROXY_HOPS: "1",
    BILLING_SCHEDULE: "off",
    AUTH_SECRET: authSecret,
  };
  if (dataRoot) {
    delete env.DATABASE_URL;
    env.EMBEDDED_DB_DIR = path.join(dataRoot, "pglite");
    env.EMBEDDED_DB_PORT = String(embeddedDbPort);
  } else {
    env.DATABASE_URL = databaseUrl;
  }
  server = spawn("npm", ["start"], { detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  const keep = (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-400_000);
  };
  server.stdout!.on("data", keep);
  server.stderr!.on("data", keep);
}

function signalServer(signal: NodeJS.Signals) {
  try {
    if (server?.pid) process.kill(-server.pid, signal);
  } catch {
    // already gone
  }
}

let cleanedUp = false;
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  await db?.end().catch(() => undefined);
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    signalServer("SIGINT");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (server.exitCode === null) signalServer("SIGKILL");
  }
  if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
  if (throwaway) await throwaway.drop().catch((error) => console.error("No se pudo borrar la base", error));
}

// ── HTTP ──
let visitor = 0;
/** A fresh client address per request (documentation range), behind one trusted proxy hop. */
function nextAddress() {
  visitor += 1;
  return `2001:db8:ab:${(visitor >> 16) & 0xffff}:${visitor & 0xffff}::1`;
}

type Sent = { status: number; headers: Headers; text: string; error?: string; ms: number };

async function send(method: string, pathname: string, options: { headers?: Record<string, string>; body?: string | FormData | Uint8Array } = {}): Promise<Sent> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { "x-forwarded-for": nextAddress(), ...options.headers },
      body: options.body as BodyInit | undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, headers: new Headers(), text: "", error: (error as Error).name === "TimeoutError" ? "timeout (10 s)" : String(error), ms: Date.now() - started };
  }
}

async function pool<T>(items: T[], worker: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await worker(items[next++]);
    }),
  );
}

// ── Credentials: minted as the server's sign-in and login would ──
const COOKIE_NAME = "__Secure-authjs.session-token"; // production server
type User = { id: string; name: string; email: string; role: string };
type Credential = { headers: Record<string, string>; csrfHeaders: Record<string, string> };
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function bearerFor(user: User): Promise<Credential> {
  const secret = randomBytes(30).toString("base64url");
  const [row] = await query<{ id: number }>("INSERT INTO api_tokens (user_id, name, token_hash) VALUES ($1, 'abuse', $2) RETURNING id", [user.id, sha256(secret)]);
  const headers = { authorization: `Bearer ${row.id}|${secret}` };
  return { headers, csrfHeaders: headers };
}

async function cookieFor(user: User): Promise<Credential> {
  const sid = randomBytes(32).toString("base64url");
  await query("INSERT INTO sessions (id, session_token, user_id, expires, updated_at) VALUES ($1, $2, $3, now() + interval '8 days', now())", [randomUUID(), sha256(sid), user.id]);
  const jwt = await encode({ secret: authSecret, salt: COOKIE_NAME, maxAge: 3600, token: { sub: user.id, sid, name: user.name, email: user.email, role: user.role } });
  const csrf = createHmac("sha256", authSecret).update(`csrf:${sid}`).digest("base64url");
  return { headers: { cookie: `${COOKIE_NAME}=${jwt}` }, csrfHeaders: { cookie: `${COOKIE_NAME}=${jwt}; XSRF-TOKEN=${csrf}`, "x-xsrf-token": csrf } };
}

// ── Routes on disk ──
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
type Guard = "public" | "user" | "admin";
type Route = { file: string; pattern: string; methods: string[]; guard: Guard; readsJson: boolean };

/** Route files Next serves but this matrix leaves out, with the reason printed. */
const SKIPPED: Record<string, string> = {
  "/api/auth/[...nextauth]": "Auth.js's own handler (sign-in/callback/sign-out forms, not the REST contract; sign-in is covered by e2e)",
  "/admin/preview/[kind]/[id]": "admin page route guarded by requireAdmin (session cookie only; answers redirects, not 401/403; covered by e2e)",
  "/admin/preview/exit": "turns Next's draft mode off and redirects; no data, no guard to test",
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return name === "route.ts" ? [full] : [];
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
  const guard: Guard = /authRoute(?:<[^>]*>)?\("admin"/.test(text) || catalog ? "admin" : /authRoute(?:<[^>]*>)?\("user"/.test(text) ? "user" : "public";
  const readsJson = text.includes("readJsonBody") || (catalog !== null && ["Collection", "Item", "Bulk"].includes(catalog[1]));
  return { methods: [...methods], guard, readsJson };
}

/** The URL pattern of a route or page file under app/: its folders, route groups left out. */
function urlPattern(file: string): string {
  const segments = path.relative(path.join(root, "app"), path.dirname(file)).split(path.sep);
  return "/" + segments.filter((segment) => !/^\(.*\)$/.test(segment)).join("/");
}

function discoverRoutes() {
  const routes: Route[] = [];
  const skipped: [string, string][] = [];
  for (const file of walk(path.join(root, "app")).sort()) {
    const pattern = urlPattern(file);
    if (SKIPPED[pattern]) {
      skipped.push([pattern, SKIPPED[pattern]]);
      continue;
    }
    routes.push({ file: path.relative(root, file), pattern, ...analyze(file) });
  }
  return { routes, skipped };
}

// ── Real ids for the dynamic segments ──
const MISSING_ID = "999999999";
type Ids = Record<string, string>;

async function seededIds(client: User): Promise<Ids> {
  const one = async (sql: string, params: unknown[] = []) => String((await query<{ v: unknown }>(sql, params))[0]?.v ?? MISSING_ID);
  return {
    contactMessage: await one("SELECT id AS v FROM contact_messages WHERE deleted_at IS NULL ORDER BY id LIMIT 1").catch(() => one("SELECT id AS v FROM contact_messages ORDER BY id LIMIT 1")),
    adminInvoice: await one("SELECT id AS v FROM invoices ORDER BY id LIMIT 1"),
    clientInvoice: await one("SELECT id AS v FROM invoices WHERE user_id = $1 ORDER BY id LIMIT 1", [client.id]),
    product: await one("SELECT id AS v FROM catalog_items WHERE kind = 'product' ORDER BY id LIMIT 1"),
    service: await one("SELECT id AS v FROM catalog_items WHERE kind = 'service' ORDER BY id LIMIT 1"),
    productSlug: await one("SELECT slug AS v FROM catalog_items WHERE kind = 'product' AND status = 'active' ORDER BY id LIMIT 1"),
    serviceSlug: await one("SELECT slug AS v FROM catalog_items WHERE kind = 'service' AND status = 'active' ORDER BY id LIMIT 1"),
    replyTemplate: await one("SELECT id AS v FROM reply_templates ORDER BY id LIMIT 1"),
    adminSubscription: await one("SELECT id AS v FROM subscriptions ORDER BY id LIMIT 1"),
    clientSubscription: await one("SELECT id AS v FROM subscriptions WHERE user_id = $1 ORDER BY id LIMIT 1", [client.id]),
    testimonial: await one("SELECT id AS v FROM testimonials ORDER BY id LIMIT 1"),
    adminTicket: await one("SELECT id AS v FROM tickets ORDER BY id LIMIT 1"),
    clientTicket: await one("SELECT id AS v FROM tickets WHERE user_id = $1 ORDER BY id LIMIT 1", [client.id]),
    user: client.id,
    notification: await one("SELECT id AS v FROM notifications WHERE user_id = $1 ORDER BY id LIMIT 1", [client.id]),
  };
}

/** Unsafe actions that read no body would act on a real record: they get an id that does not exist. */
const ACTS_WITHOUT_BODY = /\/(resend|restore|read)$|\/versions\/\[version\]\/restore$/;

function fillPath(pattern: string, method: string, ids: Ids) {
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
    if (pattern.includes("/tickets/")) return admin ? ids.adminTicket : ids.clientTicket;
    if (pattern.includes("/users/")) return ids.user;
    if (pattern.includes("/notifications/")) return ids.notification;
    return MISSING_ID;
  });
}

/** What every answer of a signed-in route or page says to caches. */
const NO_STORE = "private, no-store";

// ── 1. Authorization matrix ──
type Caller = "anonymous" | "client" | "admin";
type Kind = "bearer" | "cookie";
type Creds = Record<"client" | "admin", Record<Kind, Credential>>;

async function matrix(routes: Route[], ids: Ids, creds: Creds, users: Record<"client" | "admin", User>) {
  type Cell = { route: Route; method: string; caller: Caller; kind: Kind };
  const cells: Cell[] = [];
  for (const route of routes)
    for (const method of route.methods)
      for (const caller of ["anonymous", "client", "admin"] as Caller[]) for (const kind of ["bearer", "cookie"] as Kind[]) cells.push({ route, method, caller, kind });
  const wrong: string[] = [];
  /** Answers of signed-in routes (any caller, any status) without `Cache-Control: private, no-store`. */
  const cacheable: string[] = [];
  const privateRoutes = new Set<string>();
  const forgedBearer = { authorization: `Bearer ${MISSING_ID}|${randomBytes(30).toString("base64url")}` };
  await pool(cells, async ({ route, method, caller, kind }) => {
    const unsafe = UNSAFE.has(method);
    const logout = route.pattern.endsWith("/auth/logout");
    let headers: Record<string, string> = {};
    if (caller === "anonymous") headers = kind === "bearer" ? forgedBearer : {};
    else {
      // Logout ends the credential it is given: it gets a throw-away one.
      const credential = logout ? await (kind === "bearer" ? bearerFor : cookieFor)(users[caller]) : creds[caller][kind];
      headers = unsafe ? credential.csrfHeaders : credential.headers;
    }
    // Unsafe methods get a body every JSON endpoint refuses (an array), so nothing changes.
    const body = unsafe ? "[]" : undefined;
    if (unsafe) headers = { ...headers, "content-type": "application/json" };
    const pathname = fillPath(route.pattern, method, ids);
    const response = await send(method, pathname, { headers, body });
    const allowed = route.guard === "public" || (caller !== "anonymous" && (route.guard === "user" || caller === "admin"));
    const expected = allowed ? "not 401/403/419/429/5xx" : caller === "anonymous" ? "401" : "403";
    const ok = allowed
      ? response.status > 0 && ![401, 403, 419, 429].includes(response.status) && response.status < 500
      : response.status === (caller === "anonymous" ? 401 : 403);
    if (!ok) wrong.push(`${method} ${pathname} [${route.guard}] as ${caller}/${kind}: expected ${expected}, got ${response.status || response.error} ${response.text.slice(0, 160)}`);
    if (route.guard !== "public" && response.status > 0) {
      privateRoutes.add(`${method} ${route.pattern}`);
      const cacheControl = response.headers.get("cache-control");
      if (cacheControl !== NO_STORE) cacheable.push(`${method} ${pathname} as ${caller}/${kind} → ${response.status}: Cache-Control ${JSON.stringify(cacheControl)}`);
    }
  });
  return { cells: cells.length, wrong, cacheable, privateRoutes: privateRoutes.size };
}

// ── 2. Malformed bodies ──
/** A value no field of this API accepts (an array of an array of an empty object). */
const IMPOSSIBLE = "[[{}]]";

type Mutation = { label: string; body?: string; contentType?: string | null };

const PAYLOADS: [string, unknown][] = [
  ["number", 12345],
  ["negative", -1],
  ["float", 1.5],
  ["huge number", 1e308],
  ["true", true],
  ["false", false],
  ["null", null],
  ["empty array", []],
  ["array", [1, "a"]],
  ["object", {}],
  ["operator object", { $gt: "" }],
  ["empty string", ""],
  ["blank", "   "],
  ["number as string", "123"],
  ["bool as string", "true"],
  ["null as string", "null"],
  ["NaN as string", "NaN"],
  ["Infinity as string", "Infinity"],
  ["100 kB string", "x".repeat(100_000)],
  ["control characters", "\u0000\u0001\u0007\u001b[31m\r\n\t"],
  ["bidi override", "\u202Eevil\u202C\u2066x\u2069"],
  ["zero-width", "\u200B\u200D\uFEFF"],
  ["lone surrogate", "\uD800"],
  ["SQL drop", "'; DROP TABLE users; --"],
  ["SQL tautology", "' OR '1'='1"],
  ["SQL union", "1 UNION SELECT password_hash FROM users--"],
  ["script tag", "<script>alert(1)</script>"],
  ["img onerror", '<img src=x onerror="alert(1)">'],
  ["javascript url", "javascript:alert(1)"],
  ["template", "{{7*7}}${7*7}"],
  ["path traversal", "../../../etc/passwd"],
  ["percent null", "%00%0d%0a"],
];

/** A body that is invalid whatever the schema: a required field is missing, or wrong in type. */
function mutations(required: string[], known: string[], emptyActs: boolean): Mutation[] {
  const list: Mutation[] = [];
  // Without required fields, every object body carries a validated field with an impossible value.
  const poison = required.length === 0 && known.length ? `"${known[known.length - 1]}":${IMPOSSIBLE},` : "";
  const raw = (label: string, body: string, contentType: string | null = "application/json") => {
    if (emptyActs && /^root null$/.test(label)) return; // `null` is that endpoint's empty body
    list.push({ label, body: poison && body.startsWith("{") && !body.startsWith("{}") ? `{${poison}${body.slice(1)}` : body, contentType });
  };
  // Broken JSON and JSON's missing literals.
  for (const text of ['{', '{"a":', "{'a':1}", "{a:1}", '{"a":1,}', '[1,2', '"unterminated', "undefined", "NaN", "Infinity", "-Infinity", '{"a":NaN}', '{"a":Infinity}', '{"a":0x10}', '{"a":01}', '{"a":1}}', "\uFEFF{", "\u0000", "{}{}", '{"a":"\\x00"}', '{"a":"\\u12"}'])
    raw(`broken JSON ${JSON.stringify(text)}`, text);
  // Wrong or missing Content-Type with a JSON-looking body.
  for (const type of [null, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/jsonp", "text/json", "application/json-patch+json"])
    raw(`Content-Type ${type}`, "[]", type);
  // Not an object at the root.
  for (const value of ["null", "true", "0", "-1", "1e999", '"texto"', "[]", "[{}]", "[[]]"]) raw(`root ${value}`, value);
  // Too big (> 1 MB: 413) and too deep.
  raw("1.1 MB string", JSON.stringify({ [required[0] ?? "name"]: "x".repeat(1_100_000) }));
  raw("1.1 MB of spaces", " ".repeat(1_100_000) + "[]");
  raw("10 000-deep arrays", "[".repeat(10_000) + "]".repeat(10_000));
  raw("10 000-deep objects", '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000));
  raw("10 000-deep objects in each field", JSON.stringify(Object.fromEntries((required.length ? required : known.length ? known : ["name"]).map((field) => [field, null]))).replace(/null/g, '{"a":'.repeat(2_000) + "[]" + "}".repeat(2_000)));
  // Prototype keys (as raw text: JSON.parse makes them own properties), with every required field missing.
  for (const key of ["__proto__", "constructor", "prototype"]) {
    raw(`${key} key`, `{"${key}":{"role":"admin","isAdmin":true,"polluted":1}}`);
    raw(`${key} nested`, `{"${key}":{"prototype":{"polluted":1}},"data":{"${key}":{"polluted":1}}}`);
    raw(`${key} as a value`, `[{"${key}":null}]`);
  }
  raw("duplicate keys", '{"a":1,"a":{"__proto__":null}}');
  // Each required field wrong in turn, and another required field missing so that no mix of
  // plausible values can pass; with one required field, its value is wrapped in an array.
  const fields = required.length ? required : known.length ? known : ["name", "email", "message"];
  for (const [index, field] of fields.entries()) {
    const other = fields[(index + 1) % fields.length];
    const base: Record<string, unknown> = required.length ? Object.fromEntries(fields.map((name) => [name, `abuse ${name}`])) : {};
    if (required.length > 1) delete base[other];
    else if (!required.length && known.length > 1) base[other] = JSON.parse(IMPOSSIBLE);
    for (const [label, value] of PAYLOADS) {
      const wrapped = fields.length > 1 || (required.length === 0 && known.length === 0) ? value : typeof value === "string" ? [value] : value === null || typeof value !== "object" ? [[value]] : [value];
      list.push({ label: `${field}: ${label}`, body: JSON.stringify({ ...base, [field]: wrapped }), contentType: "application/json" });
    }
  }
  // The whole body as an array of the (incomplete) fields, until there are at least 200.
  let extra = 0;
  while (list.length < 210) {
    const [label, value] = PAYLOADS[extra % PAYLOADS.length];
    list.push({ label: `array of ${label}`, body: JSON.stringify([{ [fields[extra % fields.length]]: value }]), contentType: "application/json" });
    extra += 1;
  }
  return list;
}

/** Tables whose row counts change without storing what a request sent. */
const VOLATILE_TABLES = ["rate_limit_buckets", "sessions", "api_tokens"];

async function rowCounts() {
  const tables = await query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name");
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables) counts[table] = Number((await query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`))[0].n);
  return counts;
}

/**
 * On a partial update (no required field) an empty body is `{}` by contract (lib/http/body.ts)
 * and some services read `null` the same way: a 2xx that changes nothing is tolerated there
 * (printed; the row counts must still match). A subscription cancel gets neither: it would act.
 */
const EMPTY_EQUIVALENT = new Set(["empty body", "root null"]);

/** The top-level fields named in a 422 answer's `errors`. */
function errorFields(text: string): string[] {
  try {
    const errors = (JSON.parse(text) as { errors?: Record<string, unknown> }).errors ?? {};
    return [...new Set(Object.keys(errors).map((field) => field.split(".")[0]).filter((field) => field !== "_"))];
  } catch {
    return [];
  }
}

async function malformed(routes: Route[], ids: Ids, creds: Creds) {
  type Endpoint = { route: Route; method: string; pathname: string; headers: Record<string, string>; required: string[]; known: string[]; emptyActs: boolean };
  const endpoints: Endpoint[] = [];
  for (const route of routes.filter((candidate) => candidate.readsJson))
    for (const method of route.methods.filter((name) => UNSAFE.has(name) && name !== "DELETE")) {
      const headers = route.guard === "public" ? {} : creds[route.guard === "admin" ? "admin" : "client"].bearer.headers;
      const pathname = fillPath(route.pattern, method, ids);
      // A subscription cancel without a body is a real cancel: never sent.
      const emptyActs = route.pattern.endsWith("/cancel");
      endpoints.push({ route, method, pathname, headers, required: [], known: [], emptyActs });
    }
  // The required fields, from each endpoint's answer to an empty object (before the snapshot).
  for (const endpoint of endpoints) {
    if (endpoint.emptyActs) continue;
    const probe = await send(endpoint.method, endpoint.pathname, { headers: { ...endpoint.headers, "content-type": "application/json" }, body: "{}" });
    endpoint.required = errorFields(probe.text);
  }
  // Endpoints without required fields (partial updates): the fields they validate, found by
  // offering each field of the resource as read back (GET on the same path or its collection)
  // an impossible value. Such a probe is refused, so nothing changes.
  for (const endpoint of endpoints.filter((candidate) => candidate.required.length === 0)) {
    const candidates = new Set<string>(["reason", "name", "email", "status", "password", "phone", "company"]);
    for (const source of [endpoint.pathname, endpoint.pathname.replace(/\/[^/]+$/, "")]) {
      const read = await send("GET", source, { headers: endpoint.headers });
      try {
        const data = (JSON.parse(read.text) as { data?: unknown }).data;
        const item = Array.isArray(data) ? data[0] : data;
        if (item && typeof item === "object") for (const key of Object.keys(item)) candidates.add(key);
      } catch {
        // not JSON
      }
    }
    for (const field of candidates) {
      const probe = await send(endpoint.method, endpoint.pathname, { headers: { ...endpoint.headers, "content-type": "application/json" }, body: `{"${field}":${IMPOSSIBLE}}` });
      if (errorFields(probe.text).includes(field)) endpoint.known.push(field);
    }
  }
  const before = await rowCounts();
  const results: { endpoint: Endpoint; sent: number; statuses: Record<number, number>; failures: string[]; accepted: string[]; tolerated: string[] }[] = [];
  for (const endpoint of endpoints) {
    const result = { endpoint, sent: 0, statuses: {} as Record<number, number>, failures: [] as string[], accepted: [] as string[], tolerated: [] as string[] };
    const list = mutations(endpoint.required, endpoint.known, endpoint.emptyActs);
    if (!endpoint.emptyActs) list.push({ label: "empty body", body: "", contentType: "application/json" });
    else list.push({ label: "empty JSON object with an impossible reason", body: `{"reason":${IMPOSSIBLE}}`, contentType: "application/json" });
    await pool(list, async (mutation) => {
      const headers: Record<string, string> = { ...endpoint.headers };
      if (mutation.contentType) headers["content-type"] = mutation.contentType;
      const response = await send(endpoint.method, endpoint.pathname, { headers, body: mutation.body });
      result.sent += 1;
      result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
      const bodyText = String(mutation.body ?? "");
      const shown = bodyText.length > 120 ? `${bodyText.slice(0, 120)}… (${bodyText.length} bytes)` : bodyText;
      if (response.status === 0 || response.status >= 500) result.failures.push(`${mutation.label}: ${response.status || response.error} ${response.text.slice(0, 200)} ← ${shown}`);
      else if (response.status < 300 && endpoint.required.length === 0 && EMPTY_EQUIVALENT.has(mutation.label)) result.tolerated.push(`${mutation.label}: ${response.status}`);
      else if (response.status < 300) result.accepted.push(`${mutation.label}: ${response.status} ${response.text.slice(0, 200)} ← ${shown}`);
      else if (mutation.label.startsWith("1.1 MB") && response.status !== 413) result.failures.push(`${mutation.label}: expected 413, got ${response.status}`);
    });
    results.push(result);
  }
  const after = await rowCounts();
  const changed = Object.keys({ ...before, ...after })
    .filter((table) => !VOLATILE_TABLES.includes(table) && before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
  return { results, changed };
}

// ── 3. Security headers ──
async function securityHeaders(adminCookie: Credential) {
  const home = await send("GET", "/");
  const asset = /\/_next\/static\/[^"' )]+\.(?:js|css)/.exec(home.text)?.[0] ?? "/_next/static/missing.js";
  const cases: [string, string, string, Record<string, string>, string?, number?][] = [
    ["public page", "GET", "/", {}, undefined, 200],
    ["404 page", "GET", "/no-existe-abuse", {}, undefined, 404],
    ["API JSON 200", "GET", "/api/v1/products", {}, undefined, 200],
    ["API 401", "GET", "/api/v1/auth/me", {}, undefined, 401],
    ["API 422", "POST", "/api/v1/contact", { "content-type": "application/json" }, "{}", 422],
    ["redirect (public, trailing slash)", "GET", "/productos/", {}, undefined, 308],
    ["redirect (signed-out visitor to the admin area)", "GET", "/admin", {}, undefined, 307],
    ["static asset", "GET", asset, {}, undefined, 200],
    ["public file", "GET", "/robots.txt", {}, undefined, 200],
    ["signed-in page", "GET", "/admin/dashboard", adminCookie.headers, undefined, 200],
  ];
  const failures: string[] = [];
  let checks = 0;
  for (const [label, method, pathname, headers, body, status] of cases) {
    const response = await send(method, pathname, { headers, body });
    const h = response.headers;
    const csp = h.get("content-security-policy") ?? "";
    const expectations: [string, boolean][] = [
      [`status ${status}`, status === undefined || response.status === status || (status !== undefined && status >= 300 && status < 400 && response.status >= 300 && response.status < 400)],
      ["Content-Security-Policy", csp.includes("default-src")],
      ["frame-ancestors 'none' or X-Frame-Options", csp.includes("frame-ancestors 'none'") || /^(DENY|SAMEORIGIN)$/i.test(h.get("x-frame-options") ?? "")],
      ["X-Content-Type-Options: nosniff", h.get("x-content-type-options") === "nosniff"],
      ["Referrer-Policy", Boolean(h.get("referrer-policy"))],
      ["Permissions-Policy", Boolean(h.get("permissions-policy"))],
      // next.config.ts sends HSTS whenever the build is a production one (NODE_ENV=production).
      ["Strict-Transport-Security", /max-age=\d{7,}/.test(h.get("strict-transport-security") ?? "")],
    ];
    for (const [name, ok] of expectations) {
      checks += 1;
      if (!ok) failures.push(`${label} (${method} ${pathname} → ${response.status || response.error}): ${name} missing or wrong`);
    }
  }
  return { checks, cases: cases.length, failures };
}

// ── 4. Signed-in pages are never cacheable ──
/** Every page of the signed-in areas (app/admin, app/client), dynamic segments filled with real ids. */
function signedInPages(ids: Ids): { pathname: string; area: "admin" | "client" }[] {
  const pages: { pathname: string; area: "admin" | "client" }[] = [];
  const walkPages = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return walkPages(full);
      return name === "page.tsx" ? [full] : [];
    });
  for (const area of ["admin", "client"] as const) {
    for (const file of walkPages(path.join(root, "app", area)).sort()) {
      const pattern = urlPattern(file);
      if (pattern.includes("[...")) continue;
      pages.push({ pathname: fillPath(pattern, "GET", ids), area });
    }
  }
  return pages;
}

async function signedInPagesNoStore(ids: Ids, creds: Creds) {
  const pages = signedInPages(ids);
  const failures: string[] = [];
  await pool(pages, async ({ pathname, area }) => {
    const response = await send("GET", pathname, { headers: creds[area].cookie.headers });
    const cacheControl = response.headers.get("cache-control");
    // /admin and /client themselves redirect to the dashboard; a redirect carries no content.
    const redirect = response.status >= 300 && response.status < 400;
    if (response.status === 0 || response.status >= 500) failures.push(`${pathname} → ${response.status || response.error}`);
    else if (!redirect && cacheControl !== NO_STORE) failures.push(`${pathname} → ${response.status}: Cache-Control ${JSON.stringify(cacheControl)}`);
  });
  return { pages: pages.length, failures };
}

// ── 5. Server actions: every action id of the build × hostile argument lists ──
type ManifestAction = { id: string; name: string; file: string; page: string };

/** The build's server actions (server-reference-manifest.json), each with a page whose worker runs it. */
function buildActions(): ManifestAction[] {
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");
  const manifest = JSON.parse(readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string; filename?: string }>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    // /admin and /client themselves only redirect (proxy.ts), so an action posted there never runs.
    const workers = Object.keys(entry.workers).filter((worker) => worker.startsWith("app/") && worker.endsWith("/page") && !/^app\/(admin|client)\/page$/.test(worker));
    // A page without dynamic segments when there is one (any page of the action's area runs it).
    const page = workers.find((worker) => !worker.includes("[")) ?? workers[0] ?? "";
    return { id, name: entry.exportedName ?? "?", file: entry.filename ?? "?", page };
  });
}

function pagePath(worker: string, ids: Ids): string {
  const pattern =
    "/" +
    worker
      .replace(/^app\//, "")
      .replace(/\/?page$/, "")
      .split("/")
      .filter((segment) => segment && !/^\(.*\)$/.test(segment))
      .join("/");
  return fillPath(pattern, "GET", ids);
}

/** A reply as React's client encodes one: `text` alone (text/plain), or multipart parts "0", "1"… and FormData fields "_<n>_<name>". */
type Reply = { label: string; text?: string; parts?: [string, string | Blob][] };

const deepObject = '{"a":'.repeat(60) + "1" + "}".repeat(60);

/** At least 20 argument lists no action takes (a no-argument action's real call, `[]`, is left out for it). */
const ACTION_REPLIES: Reply[] = [
  { label: "no arguments", text: "[]" },
  { label: "null", text: "[null]" },
  { label: "undefined", text: '["$undefined","$undefined"]' },
  { label: "zero", text: "[0]" },
  { label: "negative", text: "[-1]" },
  { label: "decimal", text: "[1.5,1.5]" },
  { label: "exponent id", text: '["1e2",{}]' },
  { label: "hex id", text: '["0x10",{"status":"cancelled"}]' },
  { label: "booleans", text: "[true,false]" },
  { label: "100 kB string", text: JSON.stringify(["x".repeat(100_000)]) },
  { label: "empty array", text: "[[]]" },
  { label: "array of ids", text: "[[1,2,3],[1]]" },
  { label: "empty object", text: "[{}]" },
  { label: "__proto__ object", text: '[{"__proto__":{"role":"admin","polluted":1}},{"constructor":{"prototype":{"x":1}}}]' },
  { label: "60-deep object", text: `[${deepObject},${deepObject}]` },
  { label: "wrong type in every field", text: '[{"name":123,"email":[],"amount":{},"invoice_id":"1e2","ids":["1e2"],"status":{},"user_id":true,"lines":"x","body":null,"reply":5}]' },
  { label: "kind then junk", text: '["product","1e2",{"name":[]}]' },
  { label: "unknown kind", text: '["user",1,{}]' },
  { label: "50 arguments", text: JSON.stringify(Array.from({ length: 50 }, (_, index) => index)) },
  { label: "Date", text: '["$D1900-01-01T00:00:00.000Z"]' },
  { label: "BigInt", text: '["$n123456789012345678901234567890"]' },
  { label: "strings", text: '["\'; DROP TABLE users; --","<script>alert(1)</script>","../../etc/passwd"]' },
  { label: "Map used twice", parts: [["1", '[["name","Ana"],["invoice_id","1e2"]]'], ["0", '["$Q1",{"m":"$Q1"}]']] },
  { label: "Map and Set", parts: [["1", '[["name","Ana"]]'], ["2", '["1e2"]'], ["0", '["$Q1","$W2"]']] },
  { label: "Map after the argument list", parts: [["0", '["$Q1"]'], ["1", '[["name","Ana"]]']] },
  { label: "promise", parts: [["0", '["$@1"]'], ["1", '{"name":"Ana"}']] },
  { label: "empty FormData", parts: [["0", '["$K1"]']] },
  { label: "FormData with wrong fields", parts: [["0", '[{"status":"idle"},"$K1"]'], ["_1_email", new Blob(["x"])], ["_1_password", ""], ["_1_callbackUrl", "https://evil.example/"], ["_1_name", "\u0000"]] },
  { label: "FormData where an object goes", parts: [["0", '["$K1"]'], ["_1_name", "Ana"], ["_1_plan_name", "Plan"], ["_1_invoice_id", "1e2"]] },
];

/** Actions whose real call takes no argument: their `[]` is that real call, not sent. */
const ACTIONS_WITHOUT_ARGUMENTS = new Set(["generateSitemapAction", "refreshSitemapStatusAction", "signOutAction"]);
/** A sign-out ends the session it is sent with, whatever the arguments: each call gets a throw-away one. */
const ENDS_SESSION = new Set(["signOutAction"]);

async function serverActions(ids: Ids, users: Record<"client" | "admin", User>, creds: Creds) {
  const actions = buildActions();
  type Call = { action: ManifestAction; reply: Reply };
  const calls: Call[] = [];
  for (const action of actions)
    for (const reply of ACTION_REPLIES) if (!(reply.label === "no arguments" && ACTIONS_WITHOUT_ARGUMENTS.has(action.name))) calls.push({ action, reply });
  const statuses: Record<number, number> = {};
  const failures: string[] = [];
  let succeeded = 0;
  await pool(calls, async ({ action, reply }) => {
    const pathname = pagePath(action.page, ids);
    const area = pathname.startsWith("/admin") ? "admin" : pathname.startsWith("/client") ? "client" : null;
    const headers: Record<string, string> = { "next-action": action.id, accept: "text/x-component", origin: baseUrl };
    if (area) headers.cookie = (ENDS_SESSION.has(action.name) ? await cookieFor(users[area]) : creds[area].cookie).headers.cookie;
    let body: string | FormData;
    if (reply.parts) {
      const form = new FormData();
      for (const [key, value] of reply.parts) form.append(key, value);
      body = form;
    } else {
      body = reply.text!;
      headers["content-type"] = "text/plain;charset=UTF-8";
    }
    const response = await sendBody("POST", pathname, headers, body);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    const where = `${action.file} ${action.name} (${reply.label}) → POST ${pathname}`;
    // An ActionResult travels inside the RSC payload: its own status must be a 4xx too.
    const resultStatus = /"ok":false,"status":(\d{3})/.exec(response.text)?.[1];
    if (response.status === 0 || response.status >= 500) failures.push(`${where}: ${response.status || response.error} ${response.text.slice(0, 200)}`);
    else if (response.status === 404) failures.push(`${where}: 404 (the action was not found on that page)`);
    else if (resultStatus && Number(resultStatus) >= 500) failures.push(`${where}: ActionResult ${resultStatus}`);
    else if (/"ok":true/.test(response.text)) succeeded += 1;
  });
  return { actions: actions.length, calls: calls.length, statuses, failures, succeeded };
}

/** send() with a FormData or text body and exact headers. */
function sendBody(method: string, pathname: string, headers: Record<string, string>, body: string | FormData | Uint8Array): Promise<Sent> {
  return send(method, pathname, { headers, body });
}

// ── 6. Unknown API paths: 404 (or 413) whatever the body ──
function multipartOf(bytes: number): { body: Uint8Array; contentType: string } {
  const boundary = `----abuse${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: new Uint8Array(Buffer.concat([head, Buffer.alloc(bytes, 0x61), tail])), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function unknownApiPaths(creds: Creds) {
  const big = multipartOf(11 * 1024 * 1024);
  const small = multipartOf(100);
  const cases: [string, string, string, Record<string, string>, string | Uint8Array | undefined][] = [];
  for (const pathname of ["/api/v1/nope", "/api/v1/admin/media", "/api/nope/deeper/still"]) {
    cases.push(
      ["GET", pathname, "GET", {}, undefined],
      ["11 MB multipart", pathname, "POST", { "content-type": big.contentType }, big.body],
      ["11 MB multipart as admin", pathname, "POST", { "content-type": big.contentType, ...creds.admin.cookie.csrfHeaders }, big.body],
      ["small multipart", pathname, "POST", { "content-type": small.contentType }, small.body],
      ["Next-Action, text body", pathname, "POST", { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" }, "[]"],
      ["Next-Action, multipart", pathname, "POST", { "next-action": "0".repeat(42), "content-type": small.contentType }, small.body],
      ["Next-Action, broken body", pathname, "POST", { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8" }, "[{"],
      ["JSON PUT", pathname, "PUT", { "content-type": "application/json" }, "{}"],
      ["DELETE", pathname, "DELETE", {}, undefined],
    );
  }
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  for (const [label, pathname, method, headers, body] of cases) {
    const response = body === undefined ? await send(method, pathname, { headers }) : await sendBody(method, pathname, headers, body);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status !== 404 && !(response.status === 413 && label.startsWith("11 MB"))) failures.push(`${label} ${method} ${pathname} → ${response.status || response.error} ${response.text.slice(0, 160)}`);
  }
  return { cases: cases.length, statuses, failures };
}

// ── Run ──
async function main() {
  console.log(`Prueba de abuso: npm start en ${baseUrl} sobre ${serverUrl ? `la base nueva ${dbName} (servidor de DATABASE_URL)` : "la base embebida (PGlite)"}…`);
  if (serverUrl) throwaway = await createThrowawayDatabase(serverUrl, dbName);
  startServer();
  await waitForServer(server!, baseUrl, START_TIMEOUT_MS);
  console.log(`Servidor listo en ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);

  const users = Object.fromEntries(
    await Promise.all(
      (["client", "admin"] as const).map(async (role) => {
        const email = role === "admin" ? "admin@lumenti.pe" : "cliente@lumenti.pe";
        const [user] = await query<User>("SELECT id, name, email, role::text AS role FROM users WHERE email = $1", [email]);
        if (!user) throw new Error(`Falta el usuario sembrado ${email}`);
        return [role, user];
      }),
    ),
  ) as Record<"client" | "admin", User>;
  const creds: Creds = {
    client: { bearer: await bearerFor(users.client), cookie: await cookieFor(users.client) },
    admin: { bearer: await bearerFor(users.admin), cookie: await cookieFor(users.admin) },
  };
  const ids = await seededIds(users.client);
  const { routes, skipped } = discoverRoutes();
  let ok = true;

  console.log(`\n── 1. Matriz de autorización ──`);
  console.log(`${routes.length} archivos de rutas (${routes.filter((r) => r.guard === "public").length} públicas, ${routes.filter((r) => r.guard === "user").length} "user", ${routes.filter((r) => r.guard === "admin").length} "admin"); omitidas:`);
  for (const [pattern, reason] of skipped) console.log(`  ${pattern}: ${reason}`);
  const m = await matrix(routes, ids, creds, users);
  console.log(`celdas ${m.cells}, correctas ${m.cells - m.wrong.length}, incorrectas ${m.wrong.length}`);
  for (const line of m.wrong) console.log(`  ✗ ${line}`);
  ok &&= m.wrong.length === 0;

  console.log(`\n── 2. Cuerpos malformados ──`);
  console.log(`Tablas que pueden cambiar sin guardar lo enviado (excluidas de la comparación): ${VOLATILE_TABLES.join(", ")}`);
  const bad = await malformed(routes, ids, creds);
  let total = 0;
  let serverErrors = 0;
  for (const { endpoint, sent, statuses, failures, accepted, tolerated } of bad.results) {
    total += sent;
    serverErrors += failures.length;
    const counts = Object.entries(statuses).map(([status, n]) => `${status}×${n}`).join(" ");
    console.log(`  ${endpoint.method.padEnd(4)} ${endpoint.route.pattern.padEnd(58)} ${String(sent).padStart(4)} enviados (campos: ${endpoint.required.join(",") || (endpoint.known.length ? `opcionales ${endpoint.known.join(",")}` : "-")}) ${counts}`);
    for (const line of failures) console.log(`      ✗ ${line}`);
    for (const line of accepted) console.log(`      ✗ aceptado (2xx): ${line}`);
    if (tolerated.length) console.log(`      tolerado (actualización parcial vacía, sin cambios): ${tolerated.join("; ")}`);
    if (sent < 200 || failures.length || accepted.length) ok = false;
  }
  const accepted = bad.results.reduce((sum, r) => sum + r.accepted.length, 0);
  console.log(`endpoints ${bad.results.length}, cuerpos enviados ${total}, 5xx/colgados/413 fallidos ${serverErrors}, aceptados con 2xx ${accepted}`);
  console.log(bad.changed.length ? `  ✗ filas cambiadas: ${bad.changed.join("; ")}` : "  filas por tabla: sin cambios");
  ok &&= bad.changed.length === 0;

  console.log(`\n── 3. Cabeceras de seguridad ──`);
  const h = await securityHeaders(creds.admin.cookie);
  console.log(`respuestas ${h.cases}, comprobaciones ${h.checks}, fallidas ${h.failures.length}`);
  for (const line of h.failures) console.log(`  ✗ ${line}`);
  ok &&= h.failures.length === 0;

  console.log(`\n── 4. Nada privado se guarda en caché (Cache-Control: ${NO_STORE}) ──`);
  const pages = await signedInPagesNoStore(ids, creds);
  console.log(`rutas de la API con sesión ${m.privateRoutes} (todas sus respuestas de la matriz), páginas con sesión ${pages.pages}; sin no-store: ${m.cacheable.length + pages.failures.length}`);
  for (const line of [...m.cacheable, ...pages.failures].slice(0, 40)) console.log(`  ✗ ${line}`);
  ok &&= m.cacheable.length === 0 && pages.failures.length === 0;

  console.log(`\n── 5. Server actions: cada acción del build × argumentos hostiles ──`);
  const beforeActions = await rowCounts();
  const sa = await serverActions(ids, users, creds);
  const afterActions = await rowCounts();
  const changedByActions = Object.keys({ ...beforeActions, ...afterActions })
    .filter((table) => !VOLATILE_TABLES.includes(table) && beforeActions[table] !== afterActions[table])
    .map((table) => `${table}: ${beforeActions[table]} → ${afterActions[table]}`);
  const fivexx = Object.entries(sa.statuses).filter(([status]) => Number(status) >= 500 || status === "0").reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `acciones ${sa.actions}, llamadas ${sa.calls} (${Math.floor(sa.calls / Math.max(1, sa.actions))}+ formas por acción), estados ${Object.entries(sa.statuses).map(([status, n]) => `${status}×${n}`).join(" ")}, 5xx ${fivexx}, fallidas ${sa.failures.length}, aceptadas sin cambios ${sa.succeeded}`,
  );
  for (const line of sa.failures.slice(0, 40)) console.log(`  ✗ ${line}`);
  console.log(changedByActions.length ? `  ✗ filas cambiadas: ${changedByActions.join("; ")}` : "  filas por tabla: sin cambios");
  ok &&= sa.failures.length === 0 && changedByActions.length === 0 && sa.actions > 0 && sa.calls >= sa.actions * 20;

  console.log(`\n── 6. Rutas de la API que no existen ──`);
  const unknown = await unknownApiPaths(creds);
  console.log(`casos ${unknown.cases}, estados ${Object.entries(unknown.statuses).map(([status, n]) => `${status}×${n}`).join(" ")}, fallidos ${unknown.failures.length}`);
  for (const line of unknown.failures) console.log(`  ✗ ${line}`);
  ok &&= unknown.failures.length === 0;

  const errorLines = serverLog.split("\n").filter((line) => /\[api\]|error/i.test(line)).slice(0, 20);
  if (errorLines.length) console.log(`\nErrores en el registro del servidor (primeras líneas):\n${errorLines.join("\n")}`);
  console.log(`\nDuración ${((Date.now() - startedAt) / 1000).toFixed(1)} s. ${ok ? "Resultado: OK" : "Resultado: FALLO"}`);
  return ok;
}

process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
main()
  .catch((error) => {
    console.error(error);
    if (serverLog) console.error(serverLog.slice(-4000));
    return false;
  })
  .then(async (ok) => {
    await cleanup();
    process.exit(ok ? 0 : 1);
  });
