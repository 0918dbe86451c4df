// `npm run test:abuse`, sections 3 and 4: the security headers on every kind of response, and
// `Cache-Control: private, no-store` on every answer of a signed-in route (from the authorization
// matrix) and on every signed-in page.
import type { AbuseRun, Credential } from "./callers";
import type { AbuseClient } from "./client";
import type { MatrixResult } from "./matrix";
import { NO_STORE, signedInPages } from "./routes";

async function securityHeaders({ send }: AbuseClient, adminCookie: Credential) {
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

export async function securityHeadersSection({ client, creds }: AbuseRun): Promise<boolean> {
  console.log(`\n── 3. Cabeceras de seguridad ──`);
  const h = await securityHeaders(client, creds.admin.cookie);
  console.log(`respuestas ${h.cases}, comprobaciones ${h.checks}, fallidas ${h.failures.length}`);
  for (const line of h.failures) console.log(`  ✗ ${line}`);
  return h.failures.length === 0;
}

async function signedInPagesNoStore({ client, ids, creds }: AbuseRun) {
  const pages = signedInPages(ids);
  const failures: string[] = [];
  await client.pool(pages, async ({ pathname, area }) => {
    const response = await client.send("GET", pathname, { headers: creds[area].cookie.headers });
    const cacheControl = response.headers.get("cache-control");
    // /admin and /client themselves redirect to the dashboard; a redirect carries no content.
    const redirect = response.status >= 300 && response.status < 400;
    if (response.status === 0 || response.status >= 500) failures.push(`${pathname} → ${response.status || response.error}`);
    else if (!redirect && cacheControl !== NO_STORE) failures.push(`${pathname} → ${response.status}: Cache-Control ${JSON.stringify(cacheControl)}`);
  });
  return { pages: pages.length, failures };
}

export async function noStoreSection(run: AbuseRun, m: MatrixResult): Promise<boolean> {
  console.log(`\n── 4. Nada privado se guarda en caché (Cache-Control: ${NO_STORE}) ──`);
  const pages = await signedInPagesNoStore(run);
  console.log(`rutas de la API con sesión ${m.privateRoutes} (todas sus respuestas de la matriz), páginas con sesión ${pages.pages}; sin no-store: ${m.cacheable.length + pages.failures.length}`);
  for (const line of [...m.cacheable, ...pages.failures].slice(0, 40)) console.log(`  ✗ ${line}`);
  return m.cacheable.length === 0 && pages.failures.length === 0;
}
