// Every admin REST route (app/api/v1/admin/** and app/api/admin/**, found on disk, so routes
// added later are covered too) refuses callers without credentials (401) and signed-in clients
// (403), whether they come with a bearer token or with the session cookie.
import { describe, expect, it } from "vitest";
import { call, createTestUser, fakeIp, sessionCookieFor, tokenFor, type TestUser } from "./helpers/auth";
import { discoverRoutes, routeHandlers } from "./helpers/routes";

const adminRoutes = [...discoverRoutes("api/v1/admin"), ...discoverRoutes("api/admin")];

describe("admin API access", () => {
  it("route discovery finds route files and fills dynamic segments (checked on the notification routes)", () => {
    const found = discoverRoutes("api/v1/notifications");
    expect(found.map((route) => route.path).sort()).toEqual(
      ["/api/v1/notifications", "/api/v1/notifications/1/read", "/api/v1/notifications/mark-all-read"].sort(),
    );
    expect(found.find((route) => route.path.endsWith("/1/read"))?.params).toEqual({ id: "1" });
  });

  it(`no credentials → 401; a client's token or session → 403 (${adminRoutes.length} admin route files)`, async () => {
    let client: TestUser | null = null;
    let clientToken = "";
    let clientCookie = "";
    const csrf = "token-csrf-de-prueba-0123456789";
    const checked: string[] = [];

    for (const route of adminRoutes) {
      const handlers = await routeHandlers(route.file);
      for (const [method, handler] of Object.entries(handlers)) {
        if (!client) {
          client = await createTestUser({ role: "client" });
          clientToken = await tokenFor(client);
          clientCookie = await sessionCookieFor(client);
        }
        const label = `${method} ${route.path}`;
        const body = method === "GET" || method === "HEAD" ? undefined : {};
        const base = { method, params: route.params, body, ip: fakeIp() };

        const anonymous = await call(handler, route.path, base);
        expect(anonymous.status, `${label} without credentials`).toBe(401);
        if (method !== "HEAD") expect(typeof anonymous.body.message, label).toBe("string");

        const withToken = await call(handler, route.path, { ...base, bearer: clientToken });
        expect(withToken.status, `${label} with a client's token`).toBe(403);
        if (method !== "HEAD") expect(typeof withToken.body.message, label).toBe("string");

        const withCookie = await call(handler, route.path, {
          ...base,
          cookie: `${clientCookie}; XSRF-TOKEN=${csrf}`,
          headers: { "x-xsrf-token": csrf },
        });
        expect(withCookie.status, `${label} with a client's session`).toBe(403);
        checked.push(label);
      }
    }
    // Every discovered file exports at least one method that was checked.
    for (const route of adminRoutes) {
      expect(checked.some((label) => label.endsWith(` ${route.path}`)), route.file).toBe(true);
    }
  });
});
