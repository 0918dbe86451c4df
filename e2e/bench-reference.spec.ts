import { expect, test } from "@playwright/test";
import { SEEDED_ADMIN, signInAs } from "./helpers/session";

// The reference pages of `npm run bench` (app/bench-reference/[kb]) exist only in a build made
// with BENCH_REFERENCE_PAGES=1, and the bench's empty admin screen (app/admin/bench-reference)
// only on a server started with it. The e2e server is neither: nothing there may answer.
test.describe("bench reference pages in a normal build", () => {
  test("every reference URL is a 404, and nothing lists them", async ({ request }) => {
    for (const path of ["/bench-reference/10", "/bench-reference/100", "/bench-reference/250", "/bench-reference/2000", "/bench-reference/7", "/bench-reference/abc"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).not.toContain("Página de referencia");
    }
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Disallow: \/bench-reference$/m);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("<urlset");
    expect(sitemap).not.toContain("bench-reference");
  });

  test("the empty admin screen is a 404, even for an admin: the admin area's own, inside its shell", async ({ context, baseURL, page }) => {
    await signInAs(context, baseURL!, SEEDED_ADMIN.email);
    const response = await context.request.get("/admin/bench-reference", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    // The page as served (after hydration Next 16 puts the page's own title back: vercel/next.js#95836).
    const html = await response.text();
    expect(html).not.toContain("Una pantalla sin contenido");
    expect(html).toContain("<title>Página no encontrada · Administración | Lumen Consultoría TI</title>");
    expect(html).not.toContain("Pantalla de referencia");

    expect((await page.goto("/admin/bench-reference"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
    await expect(page.getByRole("navigation", { name: "Menú de administración" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al panel" })).toHaveAttribute("href", "/admin/dashboard");
  });
});
