// `npm run bench`, the signed-in half: every /admin and /client screen and every admin list API
// (with its heaviest filter, search and sort, a page of 20 as the screens read it: without ?page a
// list answers up to its unpaged limit, a bulk read) on the bench's large data set, as one signed-in
// admin (or client) uses them: one request at a time, warm, p50 and p95 of the server's answer
// time, each as a ratio to GET /api/v1/auth/me measured in the same rounds (interleaved, so every
// target sees the same moments of the machine). /auth/me is asked at the start of each round and
// again after every ME_EVERY targets: its p95 is the denominator of every ratio, and from one
// sample a round (60) it was 8.5 ms in one run and 4.8 ms in the next, same build, which alone
// moved 30 targets across the bar. Sampled through the round it also follows the heavy screens as
// the targets do, instead of always the same light one.
//
// Two floors are measured in the same rounds: the in-app empty admin screen
// (app/admin/bench-reference, what every screen pays before its own content) and the bare Next
// app's dynamic page (what Next itself pays to render a page on a request, with no data, proxy or
// layout). Each screen is also read against the empty screen ("÷ vacía"): its own content's cost.
//
// Every page file under app/admin and app/client must be covered by a target: a new screen
// without one fails the run (coverage()), so the bench keeps measuring every screen.
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { percentile } from "../../../lib/stats";
import { INBOX_SEARCH_WORD } from "../bench-targets";
import { mintApiToken, mintSession, seededUser, type Query } from "../session-credentials";
import { BARE_DYNAMIC_PATH } from "./bare-next";
import type { BenchRun } from "./run";

/** How many targets apart /auth/me is measured again within a round. */
const ME_EVERY = 8;

/** Bars: every target's p95 within this many times /auth/me's p95; the sitemap panel under this many ms. */
export const SIGNED_IN_BARS = { maxRatioToMe: 3, sitemapMaxMs: 300 };

/** The in-app floor: the empty admin screen (only on a server started with BENCH_REFERENCE_PAGES=1). */
export const EMPTY_SCREEN_PATH = "/admin/bench-reference";

type Who = "admin" | "client";
type Credentials = { page: Record<string, string>; api: Record<string, string> };

export type SignedInTarget = {
  name: string;
  /** The page file's route (app/admin/invoices/[id] → /admin/invoices/[id]), or "api". */
  route: string;
  path: string;
  who: Who;
  /** "floor": the bare Next app's dynamic page, not this app's (no bar applies to it). */
  kind: "page" | "api" | "floor";
  /** Extra cookies (the preview's draft-mode cookie). */
  cookie?: string;
  /** Another server's origin (the bare Next app's floor); this app's otherwise. */
  origin?: string;
};

export type SignedInResult = SignedInTarget & {
  status: number;
  bytes: number;
  p50: number;
  p95: number;
  ratio50: number;
  ratio95: number;
  /** p95 ÷ the empty admin screen's p95. */
  ratioEmpty95: number | null;
  note?: string;
};

/** Route patterns of every page file under app/<area> (route groups dropped). */
export function screenRoutes(area: "admin" | "client", root = path.join(process.cwd(), "app")): string[] {
  const routes: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name]);
      else if (entry.name === "page.tsx") routes.push(`/${segments.join("/")}`);
    }
  };
  walk(path.join(root, area), [area]);
  return routes.sort();
}

/** The page routes no target covers (each must be measured). */
export function uncovered(targets: SignedInTarget[], routes: string[]): string[] {
  const covered = new Set(targets.filter((target) => target.kind === "page").map((target) => target.route));
  return routes.filter((route) => !covered.has(route));
}

async function one<T extends pg.QueryResultRow>(query: Query, sql: string, label: string): Promise<T> {
  const [row] = await query<T>(sql);
  if (!row) throw new Error(`No hay ${label} en la base del bench`);
  return row;
}

/** The targets, with ids taken from the bench's database (the heaviest record of each kind where it matters). */
async function targets(query: Query, clientId: string, bareNextUrl: string): Promise<{ list: SignedInTarget[]; previewProductId: number }> {
  const product = await one<{ id: number; slug: string }>(query, "SELECT id, slug FROM catalog_items WHERE kind = 'product' AND status = 'active' ORDER BY order_index, id LIMIT 1", "productos");
  const service = await one<{ id: number }>(query, "SELECT id FROM catalog_items WHERE kind = 'service' AND status = 'active' ORDER BY order_index, id LIMIT 1", "servicios");
  const invoice = await one<{ id: number }>(query, "SELECT i.id FROM invoices i ORDER BY (SELECT count(*) FROM invoice_lines l WHERE l.invoice_id = i.id) DESC, i.id DESC LIMIT 1", "facturas");
  const ticket = await one<{ id: number }>(query, "SELECT t.id FROM tickets t ORDER BY (SELECT count(*) FROM ticket_replies r WHERE r.ticket_id = t.id) DESC, t.id DESC LIMIT 1", "tickets");
  const message = await one<{ id: number }>(query, "SELECT id FROM contact_messages WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1", "mensajes");
  const complaint = await one<{ id: number }>(query, "SELECT id FROM complaints ORDER BY id LIMIT 1", "hojas de reclamación");
  const statementUser = await one<{ user_id: string }>(query, "SELECT user_id FROM invoices GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1", "clientes con facturas");
  const clientInvoice = await one<{ id: number }>(query, `SELECT id FROM invoices WHERE user_id = '${clientId}' ORDER BY id DESC LIMIT 1`, "facturas del cliente");
  const clientSubscription = await one<{ id: number }>(query, `SELECT id FROM subscriptions WHERE user_id = '${clientId}' ORDER BY id LIMIT 1`, "suscripciones del cliente");
  const clientTicket = await one<{ id: number }>(query, `SELECT id FROM tickets WHERE user_id = '${clientId}' ORDER BY id LIMIT 1`, "tickets del cliente");

  const admin = (name: string, route: string, pathname = route): SignedInTarget => ({ name, route, path: pathname, who: "admin", kind: "page" });
  const client = (name: string, route: string, pathname = route): SignedInTarget => ({ name, route, path: pathname, who: "client", kind: "page" });
  const api = (name: string, pathname: string, who: Who = "admin"): SignedInTarget => ({ name, route: "api", path: pathname, who, kind: "api" });
  const q = INBOX_SEARCH_WORD;
  const list: SignedInTarget[] = [
    { name: "Next mínimo: página dinámica", route: "floor", path: BARE_DYNAMIC_PATH, origin: bareNextUrl, who: "admin", kind: "floor" },
    admin("pantalla vacía", EMPTY_SCREEN_PATH),
    admin("admin (índice)", "/admin"),
    admin("panel", "/admin/dashboard"),
    admin("bandeja", "/admin/contact-messages"),
    admin(`bandeja: búsqueda "${q}"`, "/admin/contact-messages", `/admin/contact-messages?q=${q}`),
    admin("bandeja: leídos", "/admin/contact-messages", "/admin/contact-messages?status=read"),
    admin("plantillas de respuesta", "/admin/contact-messages/templates"),
    admin("usuarios: búsqueda por nombre", "/admin/users", "/admin/users?q=quispe&sort=name&dir=asc"),
    admin("testimonios", "/admin/testimonials"),
    admin("productos: búsqueda", "/admin/products", "/admin/products?q=sistema"),
    admin("producto nuevo", "/admin/products/new"),
    admin("producto: editar", "/admin/products/edit/[id]", `/admin/products/edit/${product.id}`),
    admin("producto: ver", "/admin/products/view/[id]", `/admin/products/view/${product.id}`),
    admin("servicios", "/admin/services"),
    admin("servicio nuevo", "/admin/services/new"),
    admin("servicio: editar", "/admin/services/edit/[id]", `/admin/services/edit/${service.id}`),
    admin("servicio: ver", "/admin/services/view/[id]", `/admin/services/view/${service.id}`),
    admin("facturas", "/admin/invoices"),
    admin("facturas: búsqueda, pendientes, por vencimiento", "/admin/invoices", "/admin/invoices?q=empresa&status=pending&sort=due_date"),
    admin("factura nueva", "/admin/invoices/new"),
    admin("factura", "/admin/invoices/[id]", `/admin/invoices/${invoice.id}`),
    admin("pagos: búsqueda", "/admin/payments", "/admin/payments?q=OP-1&method=yape"),
    admin("suscripciones: búsqueda, activas", "/admin/subscriptions", "/admin/subscriptions?q=sistema&status=active"),
    admin("pagos reportados", "/admin/payment-reports"),
    admin("estado de cuenta", "/admin/statement", `/admin/statement?user_id=${statementUser.user_id}`),
    admin("tickets: búsqueda por actividad", "/admin/tickets", "/admin/tickets?q=error&sort=activity&dir=asc"),
    admin("ticket", "/admin/tickets/[id]", `/admin/tickets/${ticket.id}`),
    admin("libro de reclamaciones", "/admin/complaints"),
    admin("hoja de reclamación", "/admin/complaints/[id]", `/admin/complaints/${complaint.id}`),
    admin("solicitudes de datos", "/admin/data-requests"),
    admin("biblioteca de medios", "/admin/media"),
    admin("auditoría", "/admin/audit-logs"),
    admin("auditoría: facturas desde 2025", "/admin/audit-logs", "/admin/audit-logs?entity=invoice&from=2025-01-01"),
    admin("mapa del sitio", "/admin/sitemap"),
    admin("configuración", "/admin/settings"),
    admin("perfil", "/admin/profile"),
    // The preview: the product's public page in draft mode with the admin's session (rendered on
    // each request). Its draft-mode cookie is added once the preview route has set it.
    { ...admin("vista previa de producto", "preview", `/productos/${product.slug}`), cookie: "draft" },

    client("cliente (índice)", "/client"),
    client("cliente: panel", "/client/dashboard"),
    client("cliente: facturas", "/client/invoices"),
    client("cliente: factura", "/client/invoices/[id]", `/client/invoices/${clientInvoice.id}`),
    client("cliente: pagos", "/client/payments"),
    client("cliente: productos", "/client/products"),
    client("cliente: perfil", "/client/profile"),
    client("cliente: estado de cuenta", "/client/statement"),
    client("cliente: suscripciones", "/client/subscriptions"),
    client("cliente: suscripción", "/client/subscriptions/[id]", `/client/subscriptions/${clientSubscription.id}`),
    client("cliente: tickets", "/client/tickets"),
    client("cliente: ticket", "/client/tickets/[id]", `/client/tickets/${clientTicket.id}`),
    client("cliente: ticket nuevo", "/client/tickets/new"),

    api("API panel: estadísticas", "/api/v1/admin/dashboard/stats"),
    api("API mapa del sitio: estado", "/api/v1/admin/sitemap/status"),
    api("API bandeja", "/api/v1/admin/contact-messages?page=1&per_page=20"),
    api(`API bandeja: búsqueda "${q}"`, `/api/v1/admin/contact-messages?q=${q}&page=1&per_page=20`),
    api("API bandeja: leídos", "/api/v1/admin/contact-messages?status=read&page=1&per_page=20"),
    api("API mensaje", `/api/v1/admin/contact-messages/${message.id}`),
    api("API usuarios: búsqueda por nombre", "/api/v1/admin/users?q=quispe&sort=name&dir=asc&page=1&per_page=20"),
    api("API facturas: búsqueda, pendientes, por vencimiento", "/api/v1/admin/invoices?q=empresa&status=pending&sort=due_date&page=1&per_page=20"),
    api("API pagos: búsqueda", "/api/v1/admin/payments?q=OP-1&method=yape&page=1&per_page=20"),
    api("API suscripciones: búsqueda, activas", "/api/v1/admin/subscriptions?q=sistema&status=active&page=1&per_page=20"),
    api("API pagos reportados", "/api/v1/admin/payment-reports?page=1&per_page=20"),
    api("API tickets: búsqueda por actividad", "/api/v1/admin/tickets?q=error&sort=activity&dir=asc&page=1&per_page=20"),
    api("API libro de reclamaciones: búsqueda", "/api/v1/admin/complaints?q=servicio&page=1&per_page=20"),
    api("API solicitudes de datos", "/api/v1/admin/data-requests?page=1&per_page=20"),
    api("API medios", "/api/v1/admin/media?page=1&per_page=20"),
    api("API testimonios", "/api/v1/admin/testimonials?page=1&per_page=20"),
    api("API auditoría: facturas desde 2025", "/api/v1/admin/audit-logs?entity=invoice&from=2025-01-01&page=1&per_page=20"),
    api("API estado de cuenta", `/api/v1/admin/statement?user_id=${statementUser.user_id}`),
    api("API cliente: facturas", "/api/v1/client/invoices?page=1&per_page=20", "client"),
    api("API cliente: pagos", "/api/v1/client/payments?page=1&per_page=20", "client"),
    api("API cliente: tickets", "/api/v1/client/tickets?page=1&per_page=20", "client"),
    api("API cliente: suscripciones", "/api/v1/client/subscriptions", "client"),
  ];
  return { list, previewProductId: product.id };
}

async function credentialsOf(query: Query, email: string, authSecret: string): Promise<Credentials> {
  const user = await seededUser(query, email);
  const { cookie } = await mintSession(query, user, authSecret);
  return { page: { cookie }, api: { authorization: await mintApiToken(query, user, "bench") } };
}

/** The draft-mode cookie the preview route sets for the admin (its redirect carries it). */
async function previewCookie(baseUrl: string, admin: Credentials, kind: string, id: number): Promise<string> {
  const response = await fetch(`${baseUrl}/admin/preview/${kind}/${id}`, { headers: admin.page, redirect: "manual" });
  const bypass = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__prerender_bypass="));
  if (!bypass) throw new Error(`la vista previa respondió ${response.status} sin la cookie de borrador`);
  return bypass.split(";")[0];
}

/**
 * Asked as the caching front asks (deploy/nginx: "the app is asked for identity"): in production
 * nginx compresses for the browser, so the app's answer time excludes compression. fetch would
 * otherwise ask for gzip, which Next then compresses itself (2–4 ms on a 150–230 kB list page).
 */
const AS_THE_FRONT_ASKS = { "accept-encoding": "identity" };

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...AS_THE_FRONT_ASKS, ...headers }, redirect: "manual" });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, bytes: body.byteLength };
}

export async function measureSignedIn(
  { baseUrl, log, failures }: BenchRun,
  options: { databaseUrl: string; authSecret: string; adminEmail: string; clientEmail: string; rounds: number; warmup: number; bareNextUrl: string },
): Promise<SignedInResult[]> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const query: Query = async (sql, params) => (await client.query(sql, params)).rows;
  let list: SignedInTarget[];
  const credentials: Record<Who, Credentials> = { admin: { page: {}, api: {} }, client: { page: {}, api: {} } };
  try {
    credentials.admin = await credentialsOf(query, options.adminEmail, options.authSecret);
    credentials.client = await credentialsOf(query, options.clientEmail, options.authSecret);
    const clientId = (await seededUser(query, options.clientEmail)).id;
    const found = await targets(query, clientId, options.bareNextUrl);
    const draft = await previewCookie(baseUrl, credentials.admin, "product", found.previewProductId);
    list = found.list.map((target) => (target.cookie === "draft" ? { ...target, cookie: draft } : target));
  } finally {
    await client.end();
  }

  const missing = uncovered(list, [...screenRoutes("admin"), ...screenRoutes("client")]);
  if (missing.length > 0) failures.push({ target: "pantallas sin medir", error: missing.join(", ") });

  const headersOf = (target: SignedInTarget): Record<string, string> => {
    if (target.kind === "floor") return {};
    const own = target.kind === "page" ? { ...credentials[target.who].page } : { ...credentials[target.who].api };
    if (target.cookie) own.cookie = `${own.cookie}; ${target.cookie}`;
    return own;
  };
  const me = { url: `${baseUrl}/api/v1/auth/me`, headers: credentials.admin.api };
  const samples = list.map(() => [] as number[]);
  const meSamples: number[] = [];
  const last = list.map(() => ({ status: 0, bytes: 0 }));
  log(`área privada: ${list.length} destinos, ${options.warmup} rondas de calentamiento y ${options.rounds} medidas, una petición a la vez; /auth/me al empezar cada ronda y tras cada ${ME_EVERY} destinos`);
  for (let round = 0; round < options.warmup + options.rounds; round += 1) {
    const measured = round >= options.warmup;
    for (const [index, target] of list.entries()) {
      if (index % ME_EVERY === 0) {
        const meRun = await timed(me.url, me.headers);
        if (meRun.status !== 200) throw new Error(`/api/v1/auth/me respondió ${meRun.status}`);
        if (measured) meSamples.push(meRun.ms);
      }
      const run = await timed(`${target.origin ?? baseUrl}${target.path}`, headersOf(target));
      last[index] = { status: run.status, bytes: run.bytes };
      if (measured) samples[index].push(run.ms);
    }
    if ((round + 1) % 10 === 0) log(`área privada: ronda ${round + 1} de ${options.warmup + options.rounds}`);
  }

  const stat = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const reference = stat(meSamples);
  const results: SignedInResult[] = [
    { name: "GET /api/v1/auth/me", route: "api", path: "/api/v1/auth/me", who: "admin", kind: "api", status: 200, bytes: 0, ...reference, ratio50: 1, ratio95: 1, ratioEmpty95: null },
  ];
  const emptyIndex = list.findIndex((target) => target.path === EMPTY_SCREEN_PATH);
  const emptyScreen = emptyIndex >= 0 && samples[emptyIndex].length > 0 ? stat(samples[emptyIndex]) : null;
  for (const [index, target] of list.entries()) {
    const { status, bytes } = last[index];
    // The two index pages are redirects to their dashboards; every other answer must be a 200.
    const expected = target.route === "/admin" || target.route === "/client" ? status === 307 || status === 308 : status === 200;
    if (!expected) failures.push({ target: `${target.name} (${target.path})`, error: `respondió ${status}` });
    const { p50, p95 } = stat(samples[index]);
    const ratioEmpty95 = emptyScreen && target.kind !== "floor" ? p95 / emptyScreen.p95 : null;
    results.push({ ...target, status, bytes, p50, p95, ratio50: p50 / reference.p50, ratio95: p95 / reference.p95, ratioEmpty95 });
  }
  return results;
}
