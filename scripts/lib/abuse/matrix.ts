// `npm run test:abuse`, section 1: the authorization matrix. Every route handler × its methods ×
// anonymous, client, admin × bearer token, session cookie: a route's guard lets exactly its callers
// through (401 for the anonymous, 403 for the wrong role), and every answer of a signed-in route
// says `Cache-Control: private, no-store` (printed with section 4).
import { randomBytes } from "node:crypto";
import { bearerFor, cookieFor, type AbuseRun, type Caller, type Kind } from "./callers";
import { fillPath, MISSING_ID, NO_STORE, UNSAFE, type Route } from "./routes";

export type MatrixResult = { ok: boolean; cacheable: string[]; privateRoutes: number };

async function matrix({ client, authSecret, routes, ids, creds, users }: AbuseRun) {
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
  await client.pool(cells, async ({ route, method, caller, kind }) => {
    const unsafe = UNSAFE.has(method);
    const logout = route.pattern.endsWith("/auth/logout");
    let headers: Record<string, string> = {};
    if (caller === "anonymous") headers = kind === "bearer" ? forgedBearer : {};
    else {
      // Logout ends the credential it is given: it gets a throw-away one.
      const credential = logout ? await (kind === "bearer" ? bearerFor(client, users[caller]) : cookieFor(client, authSecret, users[caller])) : creds[caller][kind];
      headers = unsafe ? credential.csrfHeaders : credential.headers;
    }
    // Unsafe methods get a body every JSON endpoint refuses (an array), so nothing changes.
    const body = unsafe ? "[]" : undefined;
    if (unsafe) headers = { ...headers, "content-type": "application/json" };
    const pathname = fillPath(route.pattern, method, ids);
    const response = await client.send(method, pathname, { headers, body });
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

export async function authorizationMatrix(run: AbuseRun, skipped: [string, string][]): Promise<MatrixResult> {
  const { routes } = run;
  console.log(`\n── 1. Matriz de autorización ──`);
  console.log(`${routes.length} archivos de rutas (${routes.filter((r) => r.guard === "public").length} públicas, ${routes.filter((r) => r.guard === "user").length} "user", ${routes.filter((r) => r.guard === "admin").length} "admin"); omitidas:`);
  for (const [pattern, reason] of skipped) console.log(`  ${pattern}: ${reason}`);
  const m = await matrix(run);
  console.log(`celdas ${m.cells}, correctas ${m.cells - m.wrong.length}, incorrectas ${m.wrong.length}`);
  for (const line of m.wrong) console.log(`  ✗ ${line}`);
  return { ok: m.wrong.length === 0, cacheable: m.cacheable, privateRoutes: m.privateRoutes };
}
