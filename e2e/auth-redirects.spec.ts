import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { DASHBOARD, DASHBOARD_HEADING, fillLogin, isSessionCookie, login, sendFromOwnIp } from "./helpers/auth";
import { SEEDED_ADMIN, SEEDED_CLIENT, SESSION_COOKIES } from "./helpers/session";

// The redirect rules (lib/auth/redirects.ts: who lands where), for a visitor, a client and an
// admin, against the server's seeded database: in the browser, and with a plain HTTP client (no
// JavaScript, no redirects followed) carrying the session cookie the browser login produced.

type Who = "visitor" | "client" | "admin";
const loginWith = (path: string) => `/login?callbackUrl=${encodeURIComponent(path)}`;

const RULES: { who: Who; from: string; to: string }[] = [
  { who: "visitor", from: "/admin/dashboard", to: loginWith("/admin/dashboard") },
  { who: "visitor", from: "/admin/users", to: loginWith("/admin/users") },
  { who: "visitor", from: "/admin", to: loginWith("/admin") },
  { who: "visitor", from: "/client/invoices", to: loginWith("/client/invoices") },
  { who: "visitor", from: "/client/tickets?estado=abierto", to: loginWith("/client/tickets?estado=abierto") },
  { who: "visitor", from: "/client", to: loginWith("/client") },
  { who: "visitor", from: "/dashboard", to: loginWith("/client/dashboard") },
  { who: "client", from: "/", to: DASHBOARD.client },
  { who: "client", from: "/dashboard", to: DASHBOARD.client },
  { who: "client", from: "/client", to: DASHBOARD.client },
  { who: "client", from: "/admin", to: DASHBOARD.client },
  { who: "client", from: "/admin/dashboard", to: DASHBOARD.client },
  { who: "client", from: "/admin/users", to: DASHBOARD.client },
  { who: "admin", from: "/", to: DASHBOARD.admin },
  { who: "admin", from: "/dashboard", to: DASHBOARD.admin },
  { who: "admin", from: "/admin", to: DASHBOARD.admin },
  { who: "admin", from: "/client", to: DASHBOARD.admin },
  { who: "admin", from: "/client/dashboard", to: DASHBOARD.admin },
  { who: "admin", from: "/client/tickets", to: DASHBOARD.admin },
];

/** Session cookies from a real browser login, one per role, made once per worker. */
type SessionCookie = { name: string; value: string };
const sessionCookies: Partial<Record<Exclude<Who, "visitor">, SessionCookie>> = {};

async function sessionCookieFor(browser: Browser, who: Exclude<Who, "visitor">): Promise<SessionCookie> {
  if (sessionCookies[who]) return sessionCookies[who];
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  const account = who === "admin" ? SEEDED_ADMIN : SEEDED_CLIENT;
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(DASHBOARD[who]);
  const cookie = (await context.cookies()).find((candidate) => isSessionCookie(candidate.name));
  await context.close();
  if (!cookie) throw new Error(`No session cookie after logging in as ${who}`);
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");
  // Secure (and "__Secure-" named) exactly when the server runs in production.
  expect(cookie.secure).toBe(cookie.name.startsWith("__Secure-"));
  sessionCookies[who] = { name: cookie.name, value: cookie.value };
  return sessionCookies[who];
}

test.describe("Reglas de redirección en el navegador", () => {
  test("un visitante ve la página de inicio pública en /", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Iniciar Sesión" }).first()).toBeVisible();
  });

  for (const rule of RULES) {
    test(`${rule.who} en ${rule.from} → ${rule.to}`, async ({ page, browser, baseURL }) => {
      if (rule.who !== "visitor") {
        const { name, value } = await sessionCookieFor(browser, rule.who);
        const secure = name.startsWith("__Secure-");
        await page.context().addCookies([{ name, value, domain: new URL(baseURL!).hostname, path: "/", secure, httpOnly: true, sameSite: "Lax" }]);
      }
      await page.goto(rule.from);
      await expect(page).toHaveURL(rule.to);
      if (rule.who === "visitor") {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar Sesión");
      } else {
        await expect(page.getByRole("heading", { level: 1, name: DASHBOARD_HEADING[rule.who], exact: true })).toBeVisible();
      }
    });
  }

  test("tras iniciar sesión desde la redirección, el visitante vuelve a donde iba", async ({ page }) => {
    await sendFromOwnIp(page);
    await page.goto("/client/invoices");
    await expect(page).toHaveURL(loginWith("/client/invoices"));
    await fillLogin(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expect(page).toHaveURL("/client/invoices");
  });
});

test.describe("Reglas de redirección con un cliente HTTP sin JavaScript", () => {
  async function location(request: APIRequestContext, path: string, cookie?: SessionCookie) {
    const response = await request.get(path, { maxRedirects: 0, headers: cookie ? { cookie: `${cookie.name}=${cookie.value}` } : {} });
    return { status: response.status(), location: response.headers()["location"] };
  }

  test("un visitante recibe la página de inicio en / (sin redirección)", async ({ request }) => {
    const response = await request.get("/", { maxRedirects: 0 });
    expect(response.status()).toBe(200);
  });

  for (const rule of RULES) {
    test(`${rule.who} en ${rule.from} → 307/308 ${rule.to}`, async ({ request, browser, baseURL }) => {
      const cookie = rule.who === "visitor" ? undefined : await sessionCookieFor(browser, rule.who);
      const answer = await location(request, rule.from, cookie);
      expect([303, 307, 308]).toContain(answer.status);
      expect(answer.location).toBeTruthy();
      const target = new URL(answer.location!, baseURL);
      expect(target.origin).toBe(new URL(baseURL!).origin);
      expect(`${target.pathname}${target.search}`).toBe(rule.to);
    });
  }

  test("un token de sesión falsificado cuenta como visitante", async ({ request }) => {
    for (const name of SESSION_COOKIES) {
      const answer = await location(request, "/admin/dashboard", { name, value: "no-es-un-jwt" });
      expect(`${new URL(answer.location!, "http://x").pathname}`).toBe("/login");
    }
  });
});
