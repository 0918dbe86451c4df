// `npm run test:front`: the production build (`npm start`) on a fresh database (a new
// `front_<random>` database on DATABASE_URL's server, dropped at the end, or the embedded PGlite
// when DATABASE_URL is unset), behind the caching front (deploy/nginx/nginx.conf.template, run
// by scripts/lib/nginx-front.ts from Debian's nginx), then checks through the front:
//   1. every public route: cached (MISS then HIT, same bytes) exactly when the app marks it
//      s-maxage, never otherwise; a burst on a cold or expired entry makes one upstream request;
//   2. gzip and brotli (HTML, JS, CSS, JSON, XML, RSC), cached per encoding, same bytes once decoded;
//      an RSC answer never served for an HTML request of the same URL;
//   3. /_next/static immutable and cached;
//   4. signed-in pages and bearer API answers never cached: two users never see each other's;
//      session or draft-mode cookies and Authorization bypass the cache and are not stored;
//   5. POST never cached; a spoofed X-Forwarded-For never reaches the app (stored address and
//      the contact rate limit see the real peer);
//   6. an admin's edit shows through the front within FRONT_TEST_CACHE_SECONDS (+ refresh);
//   7. security headers on cached answers and on the front's own 502;
//   8. app instances down: another instance answers; with none, cached pages are served stale.
// Prints the counts and exits 1 on any failure.
//
// FRONT_TEST_APP_PORT (3440), FRONT_TEST_PORT (3441; the next five for sections 7 and 8), FRONT_TEST_DB_PORT
// (embedded database, 54369), FRONT_TEST_CACHE_SECONDS (3).
import "./lib/load-env";
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { startFreshApp, type FreshApp } from "./lib/fresh-app";
import { startFront, type Front } from "./lib/nginx-front";

const appPort = Number(process.env.FRONT_TEST_APP_PORT || 3440);
const frontPort = Number(process.env.FRONT_TEST_PORT || 3441);
const embeddedDbPort = Number(process.env.FRONT_TEST_DB_PORT || 54369);
const cacheSeconds = Number(process.env.FRONT_TEST_CACHE_SECONDS || 3);
const appUrl = `http://127.0.0.1:${appPort}`;
const authSecret = process.env.AUTH_SECRET || randomBytes(32).toString("base64");
const startedAt = Date.now();
const tag = randomBytes(4).toString("hex");

let app: FreshApp | null = null;
const fronts: Front[] = [];

let db: pg.Client | null = null;
async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  if (!db) {
    db = new pg.Client({ connectionString: app!.databaseUrl });
    await db.connect();
  }
  return (await db.query<T>(sql, params)).rows;
}

let cleanedUp = false;
async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  await Promise.all(fronts.map((front) => front.stop().catch(() => undefined)));
  await db?.end().catch(() => undefined);
  await app?.stop();
}

// ── HTTP, raw (the compressed bytes as sent) ──
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; cache: string };
/** Answered from the front's cache: fresh (HIT) or, once FRONT_TEST_CACHE_SECONDS have passed, the kept
 * copy while one request refreshes it (STALE, UPDATING). A slow moment of the machine may age an
 * entry between two requests, so "it is in the cache" accepts all three. */
const fromCache = (answer: Answer) => ["HIT", "STALE", "UPDATING"].includes(answer.cache);

function send(base: string, method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(pathname, base);
    const req = http.request(url, { method, headers: { ...headers, ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }) }, agent: false, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), cache: String(res.headers["x-cache-status"] ?? "-") }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${pathname}: sin respuesta en 20 s`)));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

let frontUrl = "";
const viaFront = (method: string, pathname: string, headers: Record<string, string> = {}, body?: string) => send(frontUrl, method, pathname, headers, body);
const get = (pathname: string, headers: Record<string, string> = {}) => viaFront("GET", pathname, headers);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const header = (answer: Answer, name: string) => String(answer.headers[name] ?? "");

function decoded(answer: Answer): Buffer {
  const encoding = header(answer, "content-encoding");
  if (encoding === "gzip") return gunzipSync(answer.body);
  if (encoding === "br") return brotliDecompressSync(answer.body);
  return answer.body;
}

// ── Checks ──
let passed = 0;
const failures: string[] = [];
function check(label: string, ok: boolean, detail = "") {
  if (ok) passed += 1;
  else failures.push(`${label}${detail ? `: ${detail}` : ""}`);
  if (!ok) console.log(`  ✗ ${label}${detail ? ` (${detail})` : ""}`);
  return ok;
}

/** Whether the app marked an answer for shared caches (what the front keeps). */
function markedCacheable(answer: Answer) {
  const cc = header(answer, "cache-control");
  return answer.status === 200 && /s-maxage=[1-9]/i.test(cc) && !/private|no-store|no-cache/i.test(cc) && !answer.headers["set-cookie"];
}

// ── Credentials: minted as the server's sign-in and login would ──
const COOKIE_NAME = "__Secure-authjs.session-token"; // production server
type User = { id: string; name: string; email: string; role: string };
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function userByEmail(email: string): Promise<User> {
  const [user] = await query<User>("SELECT id, name, email, role::text AS role FROM users WHERE email = $1", [email]);
  if (!user) throw new Error(`Falta el usuario sembrado ${email}`);
  return user;
}

async function bearerFor(user: User) {
  const secret = randomBytes(30).toString("base64url");
  const [row] = await query<{ id: number }>("INSERT INTO api_tokens (user_id, name, token_hash) VALUES ($1, 'front-test', $2) RETURNING id", [user.id, sha256(secret)]);
  return `Bearer ${row.id}|${secret}`;
}

async function cookieFor(user: User) {
  const sid = randomBytes(32).toString("base64url");
  await query("INSERT INTO sessions (id, session_token, user_id, expires, updated_at) VALUES ($1, $2, $3, now() + interval '8 days', now())", [randomUUID(), sha256(sid), user.id]);
  const jwt = await encode({ secret: authSecret, salt: COOKIE_NAME, maxAge: 3600, token: { sub: user.id, sid, name: user.name, email: user.email, role: user.role } });
  const csrf = createHmac("sha256", authSecret).update(`csrf:${sid}`).digest("base64url");
  return { cookie: `${COOKIE_NAME}=${jwt}`, csrf };
}

// ── 1. Public routes ──
async function publicRoutes(): Promise<void> {
  console.log("\n── 1. Rutas públicas: en caché solo lo que la app marca s-maxage ──");
  const [product] = await query<{ slug: string }>("SELECT slug FROM catalog_items WHERE kind = 'product' AND status = 'active' ORDER BY id LIMIT 1");
  const [service] = await query<{ slug: string }>("SELECT slug FROM catalog_items WHERE kind = 'service' AND status = 'active' ORDER BY id LIMIT 1");
  const routes = [
    "/", "/nosotros", "/terminos", "/privacidad", "/testimonios", "/contacto", "/productos", "/servicios", "/sectores", "/soluciones", "/tecnologias",
    `/productos/${product?.slug ?? "x"}`, `/servicios/${service?.slug ?? "x"}`, "/sitemap.xml", "/robots.txt", "/no-existe-front",
    "/api/v1/products", "/api/v1/services", "/api/v1/testimonials", "/api/v1/settings/public", "/api/health",
  ];
  const cached: string[] = [];
  for (const route of routes) {
    const first = await get(route);
    const second = await get(route);
    const marked = markedCacheable(first);
    const line = `${route.padEnd(44)} ${first.status} ${first.cache.padEnd(6)} → ${second.cache.padEnd(6)} ${header(first, "cache-control") || "(sin Cache-Control)"}`;
    console.log(`  ${line}`);
    if (marked) {
      cached.push(route);
      check(`${route}: marcada s-maxage → MISS y luego HIT`, first.cache === "MISS" && second.cache === "HIT", `${first.cache} → ${second.cache}`);
      check(`${route}: la copia en caché es la misma`, first.body.equals(second.body));
    } else {
      check(`${route}: no marcada → nunca HIT`, first.cache !== "HIT" && second.cache !== "HIT", `${first.cache} → ${second.cache}`);
    }
  }
  console.log(`  ${cached.length} de ${routes.length} rutas en caché (las demás la app no las marca compartibles)`);
  check("la portada y /terminos son de las que se guardan", cached.includes("/") && cached.includes("/terminos"));

  // A burst on a cold entry: one upstream request (proxy_cache_lock), everyone else waits for it.
  const burstPath = `/terminos?rafaga=${tag}`;
  const burst = await Promise.all(Array.from({ length: 40 }, () => get(burstPath)));
  const count = (answers: Answer[], status: string) => answers.filter((answer) => answer.cache === status).length;
  console.log(`  ráfaga de 40 en frío: MISS ${count(burst, "MISS")}, HIT ${count(burst, "HIT")}, otros ${40 - count(burst, "MISS") - count(burst, "HIT")}`);
  check("ráfaga en frío: una sola petición a la app (1 MISS)", count(burst, "MISS") === 1 && burst.every((answer) => answer.status === 200));
  // The same once expired: stale copies served while one background request refreshes it.
  await sleep((cacheSeconds + 1) * 1000);
  const stale = await Promise.all(Array.from({ length: 40 }, () => get(burstPath)));
  const statuses = Object.entries(stale.reduce<Record<string, number>>((all, answer) => ({ ...all, [answer.cache]: (all[answer.cache] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${status} ${n}`)
    .join(", ");
  console.log(`  ráfaga de 40 tras caducar (${cacheSeconds} s): ${statuses}`);
  check("ráfaga tras caducar: nadie espera a la app (sin MISS ni EXPIRED)", count(stale, "MISS") === 0 && count(stale, "EXPIRED") === 0 && stale.every((answer) => answer.status === 200), statuses);
}

// ── 2 and 3. Compression, RSC, static assets ──
async function compression(): Promise<void> {
  console.log("\n── 2. Compresión gzip y brotli, RSC ──");
  const home = (await get("/")).body.toString();
  const js = /\/_next\/static\/[^"' )]+\.js/.exec(home)?.[0];
  const css = /\/_next\/static\/[^"' )]+\.css/.exec(home)?.[0];
  const cases: [string, string, Record<string, string>, RegExp][] = [
    ["HTML", "/", {}, /text\/html/],
    ["RSC", "/terminos?_rsc", { rsc: "1" }, /text\/x-component/],
    ["JSON", "/api/v1/products", {}, /application\/json/],
    ["XML", "/sitemap.xml", {}, /xml/],
  ];
  if (js) cases.push(["JS", js, {}, /javascript/]);
  if (css) cases.push(["CSS", css, {}, /text\/css/]);
  check("la portada enlaza JS y CSS de /_next/static", Boolean(js && css));
  for (const [label, pathname, extra, type] of cases) {
    const plain = await get(pathname, extra);
    check(`${label} ${pathname}: tipo ${type}`, type.test(header(plain, "content-type")), header(plain, "content-type"));
    check(`${label}: sin Accept-Encoding se envía sin comprimir`, !header(plain, "content-encoding"));
    const sizes = [`identidad ${plain.body.length} B`];
    for (const [encoding, accept] of [["gzip", "gzip, deflate"], ["br", "gzip, deflate, br, zstd"]] as const) {
      const first = await get(pathname, { ...extra, "accept-encoding": accept });
      const second = await get(pathname, { ...extra, "accept-encoding": accept });
      sizes.push(`${encoding} ${first.body.length} B (${first.cache}→${second.cache})`);
      check(`${label}: Content-Encoding ${encoding}`, header(first, "content-encoding") === encoding, header(first, "content-encoding") || "ninguno");
      let same = false;
      try {
        same = decoded(first).equals(plain.body) && decoded(second).equals(plain.body);
      } catch (error) {
        same = false;
        console.log(`    ${label} ${encoding}: ${(error as Error).message}`);
      }
      check(`${label}: ${encoding} descomprimido = sin comprimir`, same);
      if (markedCacheable(plain) || pathname.startsWith("/_next/static/")) check(`${label}: la copia ${encoding} queda en caché`, fromCache(second), second.cache);
    }
    console.log(`  ${label.padEnd(4)} ${pathname.slice(0, 50).padEnd(50)} ${sizes.join(", ")}`);
  }

  // The same URL as RSC payload and as HTML (Next accepts "_rsc" empty when no router header is
  // sent): each request gets its own kind (Vary honoured).
  let kinds = 0;
  for (const accept of ["", "gzip, deflate, br, zstd"])
    for (const order of [["rsc", "html"], ["html", "rsc"]]) {
      const pathname = `/nosotros?_rsc&orden=${order.join("-")}-${accept ? "br" : "id"}-${tag}`;
      for (const kind of order) {
        for (let round = 0; round < 2; round++) {
          const answer = await get(pathname, { ...(kind === "rsc" ? { rsc: "1" } : {}), ...(accept ? { "accept-encoding": accept } : {}) });
          const type = header(answer, "content-type");
          kinds += 1;
          check(`${pathname} pedido como ${kind} (vuelta ${round + 1}): recibe ${kind}`, kind === "rsc" ? type.includes("text/x-component") : type.includes("text/html"), `${type} ${answer.cache}`);
        }
      }
    }
  console.log(`  la misma URL pedida como RSC y como HTML, sin y con brotli: ${kinds} respuestas comprobadas`);

  console.log("\n── 3. /_next/static inmutable ──");
  for (const asset of [js, css].filter(Boolean) as string[]) {
    const first = await get(asset);
    const second = await get(asset);
    const cc = header(first, "cache-control");
    console.log(`  ${asset.slice(0, 60).padEnd(60)} ${first.cache}→${second.cache} ${cc}`);
    check(`${asset}: immutable, un año`, /immutable/.test(cc) && /max-age=31536000/.test(cc), cc);
    check(`${asset}: en caché del front`, second.cache === "HIT", second.cache);
  }
}

// ── 4. Signed-in users ──
async function signedIn(): Promise<void> {
  console.log("\n── 4. Sesiones y API privada: nunca en caché ──");
  const users = {
    a: await userByEmail("cliente@lumenti.pe"),
    b: (await query<User>("SELECT id, name, email, role::text AS role FROM users WHERE role = 'client' AND email <> 'cliente@lumenti.pe' ORDER BY email LIMIT 1"))[0],
  };
  const cookies = { a: await cookieFor(users.a), b: await cookieFor(users.b) };
  const bearers = { a: await bearerFor(users.a), b: await bearerFor(users.b) };
  const caches = new Set<string>();

  for (const round of [1, 2]) {
    for (const who of ["a", "b"] as const) {
      const other = who === "a" ? "b" : "a";
      const page = await get("/client/dashboard", { cookie: cookies[who].cookie });
      const text = page.body.toString();
      caches.add(page.cache);
      check(`/client/dashboard (vuelta ${round}) como ${users[who].email}: su propia página`, page.status === 200 && text.includes(users[who].email) && !text.includes(users[other].email), `${page.status} ${page.cache}`);
      check(`/client/dashboard: nunca HIT`, page.cache !== "HIT", page.cache);
      const me = await get("/api/v1/auth/me", { authorization: bearers[who] });
      caches.add(me.cache);
      let email = "";
      try {
        email = (JSON.parse(me.body.toString()) as { user?: { email?: string } }).user?.email ?? "";
      } catch {
        // not JSON
      }
      check(`/api/v1/auth/me (vuelta ${round}) con el token de ${users[who].email}: su usuario`, me.status === 200 && email === users[who].email, `${me.status} ${email} ${me.cache}`);
      const invoices = await get("/api/client/invoices?limit=5", { authorization: bearers[who] });
      caches.add(invoices.cache);
      const ids = (await query<{ id: number }>("SELECT id FROM invoices WHERE user_id = $1", [users[who].id])).map((row) => row.id);
      let listed: number[] = [];
      try {
        listed = ((JSON.parse(invoices.body.toString()) as { data?: { id: number }[] }).data ?? []).map((invoice) => invoice.id);
      } catch {
        // not JSON
      }
      check(`/api/client/invoices (vuelta ${round}) de ${users[who].email}: solo sus facturas`, invoices.status === 200 && listed.every((id) => ids.includes(id)) && invoices.cache !== "HIT", `${invoices.status} ${invoices.cache} ${listed.join(",")}`);
    }
  }
  console.log(`  2 usuarios × 2 vueltas × (página /client, /auth/me, facturas): estados de caché vistos ${[...caches].join(", ")}`);

  // "/" is cached for visitors, but a signed-in user is redirected to the dashboard (proxy.ts).
  await get("/");
  const home = await get("/", { cookie: cookies.a.cookie });
  check("/ con sesión: redirige al panel, no la portada en caché", home.status >= 300 && home.status < 400 && home.cache === "BYPASS", `${home.status} ${home.cache} ${header(home, "location")}`);

  // Any of these skips the cache and is not stored; other cookies do not.
  const skipping: [string, Record<string, string>][] = [
    ["cookie de sesión segura", { cookie: "__Secure-authjs.session-token=x" }],
    ["cookie de sesión de desarrollo", { cookie: "tema=claro; authjs.session-token=x" }],
    ["cookie de sesión en trozos", { cookie: "__Secure-authjs.session-token.0=x" }],
    ["cookie del modo borrador", { cookie: "__prerender_bypass=x" }],
    ["Authorization", { authorization: "Bearer 1|x" }],
  ];
  for (const [label, headers] of skipping) {
    const pathname = `/terminos?saltar=${encodeURIComponent(label)}-${tag}`;
    const skipped = await get(pathname, headers);
    const after = await get(pathname);
    check(`${label}: BYPASS y no se guarda`, skipped.cache === "BYPASS" && after.cache === "MISS", `${skipped.cache} → ${after.cache}`);
  }
  const harmless = `/terminos?otras=${tag}`;
  await get(harmless);
  const withOthers = await get(harmless, { cookie: "XSRF-TOKEN=abc; tema=oscuro; xauthjs.session-token=1" });
  check("otras cookies no evitan la caché", fromCache(withOthers), withOthers.cache);
  const publicWithToken = await get("/api/v1/products", { authorization: bearers.a });
  check("API pública con token: BYPASS", publicWithToken.cache === "BYPASS", publicWithToken.cache);
  const admin = await get("/admin/dashboard");
  check("/admin sin sesión: redirige, sin caché", admin.status >= 300 && admin.status < 400 && admin.cache === "-", `${admin.status} ${admin.cache}`);
}

// ── 5. POST, client address ──
async function postsAndAddresses(): Promise<void> {
  console.log("\n── 5. POST y dirección del cliente ──");
  const body = (n: number) => JSON.stringify({ name: "Prueba Front", email: `front-${tag}@example.com`, message: `Mensaje ${n} a través del front ${tag}` });
  const spoofs = ["203.0.113.7", "203.0.113.8, 198.51.100.1", "::1", "10.0.0.1", "192.0.2.44", "203.0.113.99"];
  const answers: Answer[] = [];
  for (const [index, spoof] of spoofs.entries()) {
    answers.push(await viaFront("POST", "/api/v1/contact", { "content-type": "application/json", "x-forwarded-for": spoof, "x-real-ip": spoof.split(",")[0] }, body(index < 2 ? 0 : index)));
  }
  const stored = await query<{ ip_address: string | null; message: string }>("SELECT ip_address, message FROM contact_messages WHERE email = $1 ORDER BY id", [`front-${tag}@example.com`]);
  console.log(`  6 POST con X-Forwarded-For falsos: ${answers.map((answer) => `${answer.status}${answer.cache === "-" ? "" : ` ${answer.cache}`}`).join(", ")}; guardados ${stored.length}, direcciones ${[...new Set(stored.map((row) => row.ip_address))].join(", ")}`);
  check("dos POST iguales: los dos llegan a la app y se guardan", answers[0].status === 201 && answers[1].status === 201 && stored.filter((row) => row.message === `Mensaje 0 a través del front ${tag}`).length === 2);
  check("POST nunca pasa por la caché", answers.every((answer) => answer.cache === "-"), answers.map((answer) => answer.cache).join(","));
  check("la dirección guardada es la del par TCP del front, no la falsa", stored.length === 5 && stored.every((row) => row.ip_address === "127.0.0.1"), stored.map((row) => row.ip_address).join(","));
  // Server actions: the app compares Origin with the Host it receives, so the front must pass the
  // port the browser used (nginx's $host drops it) or every form on a non-default port is refused.
  const actionHeaders = (origin: string) => ({ "content-type": "text/plain;charset=UTF-8", "next-action": "0".repeat(42), origin });
  const sameSite = await viaFront("POST", "/contacto", actionHeaders(new URL(frontUrl).origin), "[]");
  const foreign = await viaFront("POST", "/contacto", actionHeaders("http://evil.example"), "[]");
  console.log(`  acción de servidor con Origin ${new URL(frontUrl).origin}: ${sameSite.status}; con Origin ajeno: ${foreign.status}`);
  check("una acción de servidor desde el propio sitio (puerto incluido) no se rechaza por origen", !(sameSite.status === 403 && sameSite.body.toString().includes("Solicitud rechazada")), `${sameSite.status} ${sameSite.body.toString().slice(0, 120)}`);
  check("una acción de servidor desde otro origen se rechaza (403)", foreign.status === 403, String(foreign.status));
  check("el límite de contacto (5 cada 10 min) cuenta al cliente real: el 6.º es 429", answers.slice(0, 5).every((answer) => answer.status === 201) && answers[5].status === 429 && Boolean(answers[5].headers["retry-after"]), answers.map((answer) => answer.status).join(","));
  // Without the front, the app believes the header (TRUST_PROXY_HOPS=1): what the front prevents.
  const direct = await send(appUrl, "POST", "/api/v1/contact", { "content-type": "application/json", "x-forwarded-for": "198.51.100.77" }, body(99));
  const [directRow] = await query<{ ip_address: string }>("SELECT ip_address FROM contact_messages WHERE message = $1", [`Mensaje 99 a través del front ${tag}`]);
  console.log(`  control sin el front (TRUST_PROXY_HOPS=1): ${direct.status}, dirección guardada ${directRow?.ip_address ?? "ninguna"}`);
  check("control: sin el front la app sí toma la cabecera (el front es quien la sobrescribe)", directRow?.ip_address === "198.51.100.77", directRow?.ip_address);
}

// ── 6. An admin's edit through the front ──
async function adminEdit(): Promise<void> {
  console.log(`\n── 6. Edición de un admin a través del front (caché del front ${cacheSeconds} s) ──`);
  const admin = await userByEmail("admin@lumenti.pe");
  const token = await bearerFor(admin);
  const watched = ["/terminos", "/", "/api/v1/settings/public"];
  for (const pathname of watched) {
    await get(pathname);
    const cached = await get(pathname);
    check(`${pathname} en caché antes de editar`, fromCache(cached), cached.cache);
  }
  const footer = `Pie de página de prueba ${tag}`;
  const edit = await viaFront("PUT", "/api/v1/admin/settings", { "content-type": "application/json", authorization: token }, JSON.stringify({ footer_text: footer }));
  check("PUT /api/v1/admin/settings a través del front", edit.status === 200, `${edit.status} ${edit.body.toString().slice(0, 200)}`);
  const savedAt = Date.now();
  const limitMs = (2 * cacheSeconds + 10) * 1000;
  await Promise.all(
    watched.map(async (pathname) => {
      let first = "";
      let seenAt = 0;
      while (Date.now() - savedAt < limitMs) {
        const answer = await get(pathname);
        first ||= answer.cache;
        if (answer.body.toString().includes(footer)) {
          seenAt = Date.now();
          break;
        }
        await sleep(250);
      }
      const seconds = seenAt ? ((seenAt - savedAt) / 1000).toFixed(1) : "nunca";
      console.log(`  ${pathname.padEnd(26)} primera respuesta tras editar ${first}; el cambio se ve a los ${seconds} s`);
      check(`${pathname}: el cambio se ve en ≤ ${limitMs / 1000} s`, seenAt > 0, seconds);
    }),
  );
}

// ── 7. Security headers ──
async function securityHeaders(): Promise<void> {
  console.log("\n── 7. Cabeceras de seguridad ──");
  const required = (answer: Answer, label: string, all: boolean) => {
    const csp = header(answer, "content-security-policy");
    check(`${label}: Content-Security-Policy con frame-ancestors 'none'`, csp.includes("frame-ancestors 'none'"), csp);
    check(`${label}: X-Content-Type-Options nosniff`, header(answer, "x-content-type-options") === "nosniff", header(answer, "x-content-type-options"));
    check(`${label}: Referrer-Policy`, Boolean(header(answer, "referrer-policy")));
    check(`${label}: X-Cache-Status`, answer.cache !== "-");
    if (all) {
      check(`${label}: Strict-Transport-Security`, /max-age=\d{7,}/.test(header(answer, "strict-transport-security")));
      check(`${label}: Permissions-Policy`, Boolean(header(answer, "permissions-policy")));
      check(`${label}: una sola Content-Security-Policy`, !Array.isArray(answer.headers["content-security-policy"]) && !csp.includes(", default-src"));
    }
  };
  const cachedPage = await get("/terminos");
  required(cachedPage, `página en caché (${cachedPage.cache})`, true);
  const cachedApi = await get("/api/v1/products");
  required(cachedApi, `API pública en caché (${cachedApi.cache})`, true);
  // The front's own answer when no app instance answers.
  const deadPort = frontPort + 2;
  const orphan = await startFront({ upstreams: [`127.0.0.1:${deadPort}`], port: frontPort + 1, cacheSeconds });
  fronts.push(orphan);
  const down = await send(orphan.url, "GET", "/");
  check("sin la app: 502 del front", down.status === 502, String(down.status));
  required(down, "502 del front", false);
  console.log(`  página en caché ${cachedPage.cache}, API ${cachedApi.cache}, front sin app ${down.status}`);
}

// ── 8. App instances failing ──
/** A pass-through to the app that can be shut, standing for an app instance that goes down. */
function startRelay(port: number) {
  const sockets = new Set<import("node:net").Socket>();
  const relay = http.createServer((req, res) => {
    const upstream = http.request({ host: "127.0.0.1", port: appPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  relay.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise<{ close(): Promise<void> }>((resolve) =>
    relay.listen(port, "127.0.0.1", () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            relay.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      }),
    ),
  );
}

async function appFailures(): Promise<void> {
  console.log("\n── 8. Instancias de la app caídas ──");
  // Two instances, one never up: every request is answered by the other.
  const failover = await startFront({ upstreams: [`127.0.0.1:${frontPort + 2}`, `127.0.0.1:${appPort}`], port: frontPort + 3, cacheSeconds });
  fronts.push(failover);
  const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => send(failover.url, "GET", index % 2 ? "/api/health" : `/terminos?instancias=${index}-${tag}`)));
  const ok = answers.filter((answer) => answer.status === 200).length;
  console.log(`  2 instancias, una caída: ${ok} de ${answers.length} respuestas 200`);
  check("con una instancia caída, la otra responde todo", ok === answers.length, answers.map((answer) => answer.status).join(","));

  // The only instance goes down: cached pages are still served (stale), the rest is a 502.
  const relay = await startRelay(frontPort + 4);
  const lone = await startFront({ upstreams: [`127.0.0.1:${frontPort + 4}`], port: frontPort + 5, cacheSeconds });
  fronts.push(lone);
  const before = await send(lone.url, "GET", "/terminos");
  await relay.close();
  await sleep((cacheSeconds + 1) * 1000);
  const during = await send(lone.url, "GET", "/terminos");
  const uncached = await send(lone.url, "GET", "/productos");
  console.log(`  única instancia caída: /terminos ${during.status} ${during.cache} (antes ${before.status} ${before.cache}), /productos ${uncached.status}`);
  check("app caída: la página en caché se sigue sirviendo (STALE, mismos bytes)", during.status === 200 && during.cache === "STALE" && during.body.equals(before.body), `${during.status} ${during.cache}`);
  check("app caída: lo que no está en caché es 502", uncached.status === 502, String(uncached.status));
}

async function main() {
  app = await startFreshApp({ prefix: "front", port: appPort, embeddedDbPort, env: { TRUST_PROXY_HOPS: "1", AUTH_SECRET: authSecret } });
  console.log(`Prueba del front: npm start en ${appUrl} sobre ${app.database}, nginx en 127.0.0.1:${frontPort} (caché ${cacheSeconds} s)…`);
  const front = await startFront({ upstreams: [`127.0.0.1:${appPort}`], port: frontPort, cacheSeconds });
  fronts.push(front);
  frontUrl = front.url;
  console.log(`App y front listos en ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);

  await publicRoutes();
  await compression();
  await signedIn();
  await postsAndAddresses();
  await adminEdit();
  await securityHeaders();
  await appFailures();

  const errors = front.log().split("\n").filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
  if (errors.length) console.log(`\nErrores de nginx:\n${errors.slice(0, 10).join("\n")}`);
  const ok = failures.length === 0;
  console.log(`\nComprobaciones ${passed + failures.length}, correctas ${passed}, fallidas ${failures.length}. Duración ${((Date.now() - startedAt) / 1000).toFixed(1)} s. ${ok ? "Resultado: OK" : "Resultado: FALLO"}`);
  return ok;
}

process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));
main()
  .catch((error) => {
    console.error(error);
    if (app) console.error(app.log().slice(-4000));
    return false;
  })
  .then(async (ok) => {
    await cleanup();
    process.exit(ok ? 0 : 1);
  });
