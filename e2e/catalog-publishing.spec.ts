import { expect, test, type APIRequestContext } from "@playwright/test";
import { AdminApi, bearerFor, type Item } from "./helpers/admin-api";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, waitForSiteCrawlIdle, withDb, type SessionUser } from "./helpers/session";

// Publishing coherence of the catalogue, against the production server:
// (a) a product created and renamed through the admin API shows its new name and slug on its
//     page, /productos, /soluciones, the home, /api/v1/products and /sitemap.xml on the FIRST
//     request after the write (each page is requested once; the delay is measured and logged);
// (b) set to draft, it is a 404 and absent everywhere; (c) deleted, likewise.
// Stored-XSS safety of the same pages: e2e/catalog-xss.spec.ts.

test.describe.configure({ timeout: 180_000 });

/** One anonymous request (no retry, no waiting loop): its status, body and how long after `since` it was answered. */
async function once(request: APIRequestContext, path: string, since: number) {
  const response = await request.get(path, { maxRedirects: 0 });
  const text = await response.text();
  return { status: response.status(), text, ms: Date.now() - since };
}

function logDelays(label: string, rows: { path: string; ms: number }[]) {
  console.log(`[publishing] ${label}: ${rows.map((row) => `${row.path} ${row.ms} ms`).join(" · ")}`);
}

/** The HTML-escaped form of a text, as it appears in server-rendered markup. */
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

test.describe("publishing is immediate", () => {
  let admin: SessionUser;
  let api: AdminApi;
  const created: number[] = [];

  test.beforeEach(async ({ request }) => {
    admin = await createThrowawayUser("admin");
    api = new AdminApi(request, await bearerFor(admin));
    await waitForSiteCrawlIdle();
  });

  test.afterEach(async () => {
    if (created.length) await withDb((db) => db.query("delete from catalog_items where id = any($1::int[])", [created]));
    await deleteThrowawayUser(admin);
  });

  test("create, rename, draft and delete show on every public page on the first request after the write", async ({ request, page }) => {
    const tag = `${Date.now()}`;
    const first = await api.send("POST", "/api/v1/admin/products", {
      name: `Publicación Inmediata ${tag}`,
      slug: `publicacion-inmediata-${tag}`,
      description: "Producto de prueba de publicación inmediata.",
      is_featured: true,
      order_index: 0,
      status: "active",
      category: "ERP",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const product = first.body.data as Item;
    created.push(product.id);

    // Warm every page first (so what follows proves the write expired pre-rendered copies).
    for (const path of [
      `/productos/${product.slug}`,
      "/productos",
      "/productos/ver/erp",
      "/productos?categoria=ERP",
      "/soluciones/ver/productos",
      "/soluciones?tab=productos",
      "/",
      "/api/v1/products",
      "/sitemap.xml",
    ]) {
      const warm = await once(request, path, Date.now());
      expect(warm.status, path).toBe(200);
      expect(warm.text, path).toContain(path === "/sitemap.xml" || path.startsWith("/api") ? product.slug : escapeHtml(product.name));
    }

    // (a) Rename (new name and slug): every page shows it on its first request after the PUT.
    const newName = `Renombrado Inmediato ${tag}`;
    const newSlug = `renombrado-inmediato-${tag}`;
    const renamed = await api.send("PUT", `/api/v1/admin/products/${product.id}`, { name: newName, slug: newSlug });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const writtenAt = Date.now();
    const checks = [
      { path: `/productos/${newSlug}`, expect: escapeHtml(newName) },
      { path: "/productos", expect: escapeHtml(newName) },
      // Pre-rendered variants (lib/public-variants.ts) are expired by the same tags, at their
      // paths (where the site links) and at the legacy query URLs that serve them.
      { path: "/productos/ver/erp", expect: escapeHtml(newName) },
      { path: "/productos?categoria=ERP", expect: escapeHtml(newName) },
      { path: "/soluciones/ver/productos", expect: escapeHtml(newName) },
      { path: "/soluciones?tab=productos", expect: escapeHtml(newName) },
      { path: "/", expect: escapeHtml(newName) },
      { path: "/api/v1/products", expect: `"name":"${newName}"` },
      { path: "/sitemap.xml", expect: `/productos/${newSlug}</loc>` },
    ];
    const delays: { path: string; ms: number }[] = [];
    for (const check of checks) {
      const answer = await once(request, check.path, writtenAt);
      delays.push({ path: check.path, ms: answer.ms });
      expect(answer.status, check.path).toBe(200);
      expect(answer.text, `${check.path} shows the new name/slug on its first request`).toContain(check.expect);
      expect(answer.text, `${check.path} no longer shows the old name`).not.toContain(escapeHtml(product.name));
    }
    logDelays("after rename", delays);
    const sitemap = await once(request, "/sitemap.xml", writtenAt);
    expect(sitemap.text).not.toContain(`/productos/${product.slug}</loc>`);
    expect((await once(request, `/productos/${product.slug}`, writtenAt)).status).toBe(404);
    expect((await once(request, `/api/v1/products/${product.slug}`, writtenAt)).status).toBe(404);

    // The renamed page at 375 px: readable and accessible.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/productos/${newSlug}`);
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();
    await expectNoAxeViolations(page);

    // (b) Draft: 404 and absent everywhere, on the first request.
    expect((await api.send("PUT", `/api/v1/admin/products/${product.id}`, { status: "draft" })).status).toBe(200);
    const draftAt = Date.now();
    const draftDelays: { path: string; ms: number }[] = [];
    const detail = await once(request, `/productos/${newSlug}`, draftAt);
    draftDelays.push({ path: `/productos/${newSlug}`, ms: detail.ms });
    expect(detail.status).toBe(404);
    const apiOne = await once(request, `/api/v1/products/${newSlug}`, draftAt);
    expect(apiOne.status).toBe(404);
    for (const check of checks.slice(1)) {
      const answer = await once(request, check.path, draftAt);
      draftDelays.push({ path: check.path, ms: answer.ms });
      expect(answer.status, check.path).toBe(200);
      expect(answer.text, `${check.path} no longer shows the draft`).not.toContain(check.expect);
      expect(answer.text, check.path).not.toContain(newSlug);
    }
    logDelays("after draft", draftDelays);

    // Back to active, then (c) deleted: gone everywhere on the first request.
    expect((await api.send("PUT", `/api/v1/admin/products/${product.id}`, { status: "active" })).status).toBe(200);
    expect((await once(request, `/productos/${newSlug}`, Date.now())).status).toBe(200);
    expect((await api.send("DELETE", `/api/v1/admin/products/${product.id}`)).status).toBe(200);
    const deletedAt = Date.now();
    const deleteDelays: { path: string; ms: number }[] = [];
    expect((await once(request, `/productos/${newSlug}`, deletedAt)).status).toBe(404);
    expect((await once(request, `/api/v1/products/${newSlug}`, deletedAt)).status).toBe(404);
    for (const check of checks.slice(1)) {
      const answer = await once(request, check.path, deletedAt);
      deleteDelays.push({ path: check.path, ms: answer.ms });
      expect(answer.status, check.path).toBe(200);
      expect(answer.text, `${check.path} no longer shows the deleted product`).not.toContain(newSlug);
    }
    logDelays("after delete", deleteDelays);
  });
});
