// `npm run test:abuse`: starts the production build (`npm start`) on its own port and a fresh
// database (a new `abuse_<random>` database on DATABASE_URL's server, dropped at the end, or
// the embedded PGlite when DATABASE_URL is unset), then:
//   1. the authorization matrix: every route handler found under app/ (route.ts) × its exported
//      methods × anonymous, client, admin × bearer token, session cookie (+ XSRF pair);
//   2. malformed bodies (≥ 200 per JSON write endpoint, as a caller the route allows): never a
//      5xx nor a hung request, and no table gains or loses rows;
//   3. security headers on every kind of response.
// Prints the counts and exits 1 on any failure.
//
// ABUSE_PORT (default 3430), ABUSE_DB_PORT (embedded database, default 54359),
// ABUSE_CONCURRENCY (default 8).
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

async function send(method: string, pathname: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Sent> {
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { "x-forwarded-for": nextAddress(), ...options.headers },
      body: options.body,
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

function discoverRoutes() {
  const routes: Route[] = [];
  const skipped: [string, string][] = [];
  for (const file of walk(path.join(root, "app")).sort()) {
    const pattern =
      "/" +
      path
        .relative(path.join(root, "app"), path.dirname(file))
        .split(path.sep)
        .filter((segment) => !/^\(.*\)$/.test(segment))
        .join("/");
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
  });
  return { cells: cells.length, wrong };
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
 * On a partial update (no required field) an empty body is `{}` by contract (lib/api/request.ts)
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
