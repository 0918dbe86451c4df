import { expect, test } from "@playwright/test";
import { DASHBOARD, TEXT, expectOnDashboard, isSessionCookie, login, toast } from "./helpers/auth";
import { SEEDED_ADMIN, SEEDED_CLIENT } from "./helpers/session";

// Signing out from the client and admin areas: the toast, the login screen again, and a copy
// of the session cookie taken before that no longer opens anything. Logging out ends only the
// session it came with, so the seeded accounts' other sessions are untouched.

test.describe("Cerrar sesión", () => {
  test("desde el panel de cliente: toast «Sesión cerrada» y el panel vuelve a pedir login", async ({ page }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expectOnDashboard(page, "client");
    await page.getByRole("button", { name: "Cerrar sesión" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, TEXT.signedOut)).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => isSessionCookie(cookie.name))).toBe(false);

    await page.goto(DASHBOARD.client);
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(DASHBOARD.client)}`);
  });

  test("una copia de la cookie tomada antes de cerrar sesión ya no sirve: 401 en la API y /login en el panel", async ({ page, request, baseURL }) => {
    await login(page, SEEDED_CLIENT.email, SEEDED_CLIENT.password);
    await expectOnDashboard(page, "client");
    const copied = (await page.context().cookies()).find((cookie) => isSessionCookie(cookie.name));
    if (!copied) throw new Error("No session cookie after logging in");
    const headers = { cookie: `${copied.name}=${copied.value}` };
    expect((await request.get("/api/v1/auth/me", { headers })).status()).toBe(200);

    await page.getByRole("button", { name: "Cerrar sesión" }).filter({ visible: true }).click();
    await expect(toast(page, TEXT.signedOut)).toBeVisible();

    const me = await request.get("/api/v1/auth/me", { headers });
    expect(me.status()).toBe(401);
    const dashboard = await request.get(DASHBOARD.client, { headers, maxRedirects: 0 });
    expect([303, 307, 308]).toContain(dashboard.status());
    const target = new URL(dashboard.headers()["location"] ?? "", baseURL);
    expect(`${target.pathname}${target.search}`).toBe(`/login?callbackUrl=${encodeURIComponent(DASHBOARD.client)}`);

    // A browser that puts the copy back is sent to the login screen too.
    await page.context().addCookies([copied]);
    await page.goto(DASHBOARD.client);
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(DASHBOARD.client)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iniciar Sesión");
  });

  test("desde el panel de admin", async ({ page }) => {
    await login(page, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expectOnDashboard(page, "admin");
    await page.getByRole("button", { name: "Cerrar sesión" }).filter({ visible: true }).click();
    await expect(toast(page, TEXT.signedOut)).toBeVisible();
    await page.goto(DASHBOARD.admin);
    await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(DASHBOARD.admin)}`);
  });
});
