import { createHash } from "node:crypto";
import { expect, test, type Page, type Response } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// "Mantenimiento Sitemap": the panel shows the real figures of /sitemap.xml (its <url> count, a
// measured response time, an SEO score from the audit of every URL), measured in the background
// and read from what was stored; "Generar" reads "Generando..." and then toasts, keeping the
// previous generation as the backup; "Actualizar" answers at once, reads "Midiendo..." while the
// server audits the site, then toasts; "Ver XML" opens the public file, the tabs work by keyboard,
// and "Salud" lists a failing check with its URL. Desktop and 375 px, axe on each view. Only the
// desktop test crawls the site for real; the 375-px one reads a stored audit of the current sitemap.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

let admin: SessionUser;

// The first measurement audits every page of the site (rendered on demand) on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async () => {
  admin = await createThrowawayUser("admin");
});

test.afterEach(async () => {
  await deleteThrowawayUser(admin);
});

async function openPanel(page: Page) {
  await page.goto("/admin/sitemap");
  await expect(page.getByRole("heading", { level: 1, name: "Mantenimiento Sitemap" })).toBeVisible();
  // The first measurement crawls the site in the background (the panel polls meanwhile): allow it time.
  await expect(page.getByTestId("sitemap-card-seo-value")).toHaveText(/^\d{1,3}\/100$/, { timeout: 90_000 });
  await expect(page.getByTestId("sitemap-pending")).toBeEmpty({ timeout: 90_000 });
}

type StatusData = { urls_count: number };

/** Collects the body of every status the page reads (GET status), in order. */
function recordStatuses(page: Page) {
  const bodies: Promise<StatusData | null>[] = [];
  page.on("response", (response: Response) => {
    if (response.url().includes("/api/v1/admin/sitemap/status") && response.request().method() === "GET") {
      bodies.push(
        response
          .json()
          .then((body: { data?: StatusData }) => body.data ?? null)
          .catch(() => null),
      );
    }
  });
  return bodies;
}

const decodeXml = (value: string) =>
  value.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

/** The hash the server files an audit under: the sitemap's <loc>s, sorted (lib/sitemap/measure.ts urlsHash). */
const locsHash = (xml: string) =>
  createHash("sha256")
    .update([...xml.matchAll(/<url>[\s\S]*?<loc>([\s\S]*?)<\/loc>/g)].map((match) => decodeXml(match[1].trim())).sort().join("\n"))
    .digest("hex");

test.describe("Mantenimiento Sitemap", () => {
  test("shows the real figures, generates with a backup, opens the XML and lists an SEO issue with its URL", async ({ page, context, request }) => {
    const stamp = Date.now();
    const slug = `producto-sitemap-e2e-${stamp}`;
    // A product whose SEO title (an admin's meta title is used whole; a name would be cut at 60) is far over 60 characters: the audit must list it.
    const name = `Producto de prueba del sitemap con un nombre larguísimo para la auditoría ${stamp}`;
    await withDb((db) =>
      db.query(
        `insert into catalog_items (kind, name, meta_title, slug, description, features, videos, specifications, benefits, use_cases, faq, updated_at)
         values ('product', $1, $1, $2, 'Producto creado por la prueba del panel de sitemap; se elimina al terminar.', '{}', '{}', '{}', '{}', '{}', '{}', now())`,
        [name, slug],
      ),
    );
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 1280, height: 900 });
    const statuses = recordStatuses(page);
    try {
      await openPanel(page);
      await expectNoAxeViolations(page);

      // "Generar": the button reads "Generando..." until the new status is in (held back a moment here).
      await page.route("**/api/v1/admin/sitemap/status*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      const generateButton = page.getByRole("button", { name: "Generar", exact: true });
      await generateButton.click();
      await expect(page.getByRole("button", { name: "Generando..." })).toBeVisible();
      await expect(page.getByRole("button", { name: /^(Actualizar|Midiendo\.\.\.)$/ })).toBeDisabled();
      await expect(page.getByText(/^Sitemap generado correctamente con \d+ URLs\.$/)).toBeVisible();
      await expect(generateButton).toBeEnabled();
      await page.unroute("**/api/v1/admin/sitemap/status*");

      // The generation expired the cached sitemap: it now lists the product, and the card shows the
      // count of the status read after the generation (the queued reload, never dropped).
      const xml = await (await request.get("/sitemap.xml")).text();
      expect(xml).toContain(`/productos/${slug}</loc>`);
      const latest = await statuses.at(-1);
      expect(latest?.urls_count).toBeGreaterThan(0);
      await expect(page.getByTestId("sitemap-card-urls-value")).toHaveText(new Intl.NumberFormat("es-PE").format(latest!.urls_count));
      await expect(page.getByTestId("sitemap-card-response-value")).toHaveText(/^[\d.,]+ ms$/);
      await expect(page.getByTestId("sitemap-card-state")).toContainText(/Saludable|Advertencia/);

      // A second generation keeps the first as the backup.
      await generateButton.click();
      await expect(page.getByText(/^Sitemap generado correctamente con \d+ URLs\.$/).first()).toBeVisible();
      const general = page.getByRole("tabpanel", { name: "General" });
      await expect(general.getByText("Copia de seguridad").locator("xpath=..")).toContainText("Disponible");

      // "Ver XML" opens the public file in a new tab.
      const viewXml = page.getByRole("link", { name: /Ver XML/ });
      await expect(viewXml).toHaveAttribute("href", "/sitemap.xml");
      await expect(viewXml).toHaveAttribute("target", "_blank");
      const [popup] = await Promise.all([page.waitForEvent("popup"), viewXml.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toMatch(/\/sitemap\.xml$/);
      await popup.close();

      // Tabs by keyboard: arrows move and wrap, Home and End jump.
      const tab = (name: string) => page.getByRole("tab", { name });
      await tab("General").focus();
      await page.keyboard.press("ArrowRight");
      await expect(tab("Estadísticas")).toBeFocused();
      await expect(tab("Estadísticas")).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel", { name: "Estadísticas" })).toContainText("Distribución del contenido");
      await expectNoAxeViolations(page);
      await page.keyboard.press("End");
      await expect(tab("Configuración")).toHaveAttribute("aria-selected", "true");
      const settings = page.getByRole("tabpanel", { name: "Configuración" });
      await expect(settings).toContainText("cada 6 horas");
      await expect(settings.getByRole("cell", { name: "/productos/{slug}" })).toBeVisible();
      await expect(settings.getByRole("cell", { name: "/nosotros", exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press("ArrowRight");
      await expect(tab("General")).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("ArrowLeft");
      await expect(tab("Configuración")).toBeFocused();
      await page.keyboard.press("Home");
      await expect(tab("General")).toBeFocused();

      // "Actualizar" (a POST) answers at once and the server audits every page again in the
      // background: "Midiendo..." until the new audit is stored, then a toast, and "Salud" lists
      // the long title with the product's URL.
      await page.getByRole("button", { name: "Actualizar" }).click();
      await expect(page.getByRole("button", { name: "Midiendo..." })).toBeDisabled();
      await expect(page.getByTestId("sitemap-pending")).toHaveText("Midiendo el sitio... las cifras se actualizarán al terminar.");
      await expect(page.getByText("Medición actualizada.")).toBeVisible({ timeout: 90_000 });
      await expect(page.getByRole("button", { name: "Actualizar" })).toBeEnabled();
      await tab("Salud").click();
      const health = page.getByRole("tabpanel", { name: "Salud" });
      const issue = health.getByTestId("sitemap-issues").getByRole("listitem").filter({ hasText: `/productos/${slug}` });
      await expect(issue).toContainText("Longitud del título");
      await expect(issue).toContainText(/El título tiene \d+ caracteres \(máximo 60\)\./);
      await expect(issue.getByRole("link")).toHaveAccessibleName(`/productos/${slug} (se abre en una pestaña nueva)`);
      await expect(health.getByTestId("sitemap-availability")).toHaveText(/^\d+(\.\d)? %$/);
      await expect(health.getByTestId("sitemap-grade")).toHaveText(/^(A\+|A|B|C|F)$/);
      await expectNoAxeViolations(page);
    } finally {
      await withDb((db) => db.query("delete from catalog_items where slug = $1", [slug]));
      // Expire the cached sitemap again so it no longer lists the removed product.
      await page.unroute("**/api/v1/admin/sitemap/status*").catch(() => {});
      await page.getByRole("button", { name: "Generar", exact: true }).click().catch(() => {});
      await expect(page.getByText(/^Sitemap generado correctamente/).first()).toBeVisible().catch(() => {});
    }
  });

  test("at 375 px the cards, tabs and issue list fit the screen and pass axe", async ({ page, context, request }) => {
    // A stored audit of the current sitemap (as fresh as can be) is reused: no second crawl of the site.
    const xml = await (await request.get("/sitemap.xml")).text();
    const urls = (xml.match(/<url>/g) ?? []).length;
    const origin = xml.match(/<loc>(https?:\/\/[^/<]+)/)?.[1] ?? BASE_URL;
    const longPath = `/productos/una-ruta-de-prueba-muy-larga-para-comprobar-que-cabe-en-un-movil-${Date.now()}`;
    const issues = [{ url: `${origin}${longPath}`, check: "title_length", message: "El título tiene 84 caracteres (máximo 60)." }];
    const auditId = await withDb(async (db) => {
      const result = await db.query<{ id: number }>(
        `insert into sitemap_seo_audits (checked_at, score, passed, total, checked_urls, urls_hash, issues)
         values (now() + interval '1 minute', 99, $1, $2, $3, $4, $5) returning id`,
        [urls * 8 - 1, urls * 8, urls, locsHash(xml), JSON.stringify(issues)],
      );
      return result.rows[0].id;
    });
    try {
      await signInAs(context, BASE_URL, admin);
      await page.setViewportSize({ width: 375, height: 812 });
      await openPanel(page);
      await expect(page.getByTestId("sitemap-card-seo-value")).toHaveText("99/100");
      await expect(page.getByRole("button", { name: "Actualizar" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Generar", exact: true })).toBeVisible();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
      for (const name of ["Estadísticas", "Salud", "Configuración"]) {
        await page.getByRole("tab", { name }).click();
        await expect(page.getByRole("tabpanel", { name })).toBeVisible();
        if (name === "Salud") await expect(page.getByTestId("sitemap-issues")).toContainText(longPath);
        expect(await overflow(), name).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page);
      }
    } finally {
      await withDb((db) => db.query("delete from sitemap_seo_audits where id = $1", [auditId]));
    }
  });
});
