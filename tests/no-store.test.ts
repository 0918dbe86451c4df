// Private answers are never cacheable: every answer of a signed-in route handler (data, CSV,
// PDF, and its errors: 401, 403, 404, 419, 422) carries `Cache-Control: private, no-store`, so no
// shared cache (the nginx front, a corporate proxy) keeps one user's answer for another. Routes
// are discovered on disk, so a route added later is checked too. Public answers keep their own
// caching (s-maxage), which the front relies on.
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "@/lib/http/public";
import { db } from "@/lib/db";
import { call, createTestUser, tokenFor, type TestUser } from "./helpers/auth";
import { discoverRoutes, routeHandlers, type HttpMethod } from "./helpers/routes";

const NO_STORE = "private, no-store";
const MISSING = "999999999";

let admin: TestUser;
let client: TestUser;
let adminToken: string;
let clientToken: string;

beforeAll(async () => {
  admin = await createTestUser({ role: "admin" });
  client = await createTestUser({ role: "client" });
  adminToken = await tokenFor(admin);
  clientToken = await tokenFor(client);
});

/** Route handlers Next serves outside the REST contract's wrappers (Auth.js's own; the admin preview redirects). */
const OUTSIDE = /\/api\/auth\/\[\.\.\.nextauth\]|\/admin\/preview\//;

describe("Cache-Control of signed-in route handlers", () => {
  it("every answer (success or error, any method, any role) is private, no-store", async () => {
    const routes = discoverRoutes("", () => MISSING).filter((route) => !OUTSIDE.test(route.file));
    const missing: string[] = [];
    let checked = 0;
    let guarded = 0;
    for (const route of routes) {
      const handlers = await routeHandlers(route.file);
      for (const [method, handler] of Object.entries(handlers) as [HttpMethod, NonNullable<(typeof handlers)[HttpMethod]>][]) {
        if (method === "HEAD") continue;
        const unsafe = method !== "GET";
        // An array body is refused by every JSON endpoint; the ids do not exist: nothing changes.
        const options = { method, params: route.params, ...(unsafe ? { body: "[]" } : {}) };
        const anonymous = await call(handler, route.path, options);
        if (anonymous.status !== 401) continue; // a public route
        guarded += 1;
        const logout = route.path.endsWith("/auth/logout");
        const answers = [
          ["anonymous", anonymous],
          ["client", await call(handler, route.path, { ...options, bearer: logout ? await tokenFor(client) : clientToken })],
          ["admin", await call(handler, route.path, { ...options, bearer: logout ? await tokenFor(admin) : adminToken })],
        ] as const;
        for (const [who, answer] of answers) {
          checked += 1;
          const header = answer.response.headers.get("cache-control");
          if (header !== NO_STORE) missing.push(`${method} ${route.path} as ${who} → ${answer.status}: Cache-Control ${JSON.stringify(header)}`);
        }
      }
    }
    expect(guarded).toBeGreaterThan(40);
    expect(checked).toBe(guarded * 3);
    expect(missing).toEqual([]);
  }, 120_000); // every route file imported and called three times: about 7 s on a quiet machine

  it("a client's own data (profile with the tax id, tickets, invoices) is private, no-store when it succeeds", async () => {
    await db.user.update({ where: { id: client.id }, data: { taxId: "20131312955" } });
    for (const path of ["client/profile", "client/tickets", "client/invoices", "client/subscriptions", "client/payments", "notifications", "auth/me"]) {
      const [route] = discoverRoutes(`api/v1/${path}`).filter((found) => found.path === `/api/v1/${path}`);
      const { GET } = await routeHandlers(route.file);
      const answer = await call(GET!, route.path, { bearer: clientToken });
      expect([path, answer.status, answer.response.headers.get("cache-control")]).toEqual([path, 200, NO_STORE]);
    }
  });

  it("an admin's CSV export is private, no-store", async () => {
    const [route] = discoverRoutes("api/v1/admin/invoices/export");
    const { GET } = await routeHandlers(route.file);
    const answer = await call(GET!, route.path, { bearer: adminToken });
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(answer.response.headers.get("cache-control")).toBe(NO_STORE);
  });

  it("public answers keep their shared-cache policy", async () => {
    const [route] = discoverRoutes("api/v1/products").filter((found) => found.path === "/api/v1/products");
    const { GET } = await routeHandlers(route.file);
    const answer = await call(GET!, route.path);
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  });
});
