import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { expectPhoneCards } from "./helpers/data-table";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// "Gestión de Productos" / "Gestión de Servicios" and their detail views: the lists on the
// seeded catalogue, search / filter / sort in the URL, the features tooltip, bulk status change,
// delete with its exact confirmation question, the CSV export, and every section of the detail
// view; desktop and 375 px, each checked with axe.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;

let admin: SessionUser;

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ context }) => {
  admin = await createThrowawayUser("admin");
  await signInAs(context, BASE_URL, admin);
});

test.afterEach(async () => {
  await deleteThrowawayUser(admin);
});

type Seed = {
  kind: "product" | "service";
  name: string;
  slug: string;
  status?: "active" | "inactive" | "draft";
  category?: string | null;
  price?: string | null;
  features?: string[];
  specifications?: string[];
  faq?: string[];
  benefits?: string[];
  contentHtml?: string | null;
};

/** A throw-away item straight in the database (removed by `removeItems`). */
async function insertItem(item: Seed): Promise<number> {
  const { rows } = await withDb((db) =>
    db.query<{ id: number }>(
      `insert into catalog_items (kind, name, slug, description, status, category, price_from, currency, features, specifications, faq, benefits,
         use_cases, videos, content_html, updated_at)
       values ($1::catalog_kind, $2, $3, $4, $5::catalog_status, $6, $7, 'PEN'::currency, $8, $9, $10, $11, '{}', '{}', $12, now())
       returning id`,
      [
        item.kind,
        item.name,
        item.slug,
        `Descripción de ${item.name}.`,
        item.status ?? "active",
        item.category ?? null,
        item.price ?? null,
        item.features ?? [],
        item.specifications ?? [],
        item.faq ?? [],
        item.benefits ?? [],
        item.contentHtml ?? null,
      ],
    ),
  );
  return rows[0].id;
}

async function removeItems(tag: string) {
  await withDb((db) => db.query("delete from catalog_items where slug like $1", [`%${tag}%`]));
}

async function statusesOf(tag: string): Promise<string[]> {
  const { rows } = await withDb((db) => db.query<{ status: string }>("select status::text as status from catalog_items where slug like $1 order by slug", [`%${tag}%`]));
  return rows.map((row) => row.status);
}

const table = (page: Page) => page.getByRole("table");

test.describe("Gestión de Productos", () => {
  test("loads the seeded catalogue; search, status, category and sort live in the URL; tooltip; CSV export; 375 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/products");
    await expect(page.getByRole("heading", { level: 1, name: "Gestión de Productos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Nuevo Producto" })).toHaveAttribute("href", "/admin/products/new");
    const erpRow = table(page).getByRole("row", { name: /Lumen ERP Pyme/ });
    await expect(erpRow).toBeVisible();
    await expect(erpRow).toContainText("lumen-erp-pyme");
    await expect(erpRow).toContainText("US$ 149.00");
    await expect(erpRow).toContainText("ERP");
    await expect(erpRow).toContainText("Activo");
    // Drafts and inactive items are the admin's to see, with their own badge colours.
    await expect(table(page).getByRole("row", { name: /Lumen Planillas/ })).toContainText("Borrador");
    await expect(table(page).getByRole("row", { name: /Lumen CRM Inmobiliario/ })).toContainText("Inactivo");
    await expectNoAxeViolations(page);

    // The features tooltip opens on keyboard focus, under "Características:", and Escape closes it.
    const nameLink = erpRow.getByRole("link", { name: "Lumen ERP Pyme", exact: true });
    await nameLink.focus();
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText("Características:");
    await page.keyboard.press("Escape");
    await expect(tooltip).toBeHidden();

    // Search.
    await page.getByLabel("Buscar productos").fill("planillas");
    await expect(page).toHaveURL(/[?&]q=planillas/);
    await expect(table(page).locator("tbody tr")).toHaveCount(1);
    await expect(table(page)).toContainText("Lumen Planillas");
    await page.getByLabel("Buscar productos").fill("");
    await expect(page).not.toHaveURL(/[?&]q=/);

    // Status filter.
    await page.getByRole("group", { name: "Filtrar por estado" }).getByRole("button", { name: "Borrador" }).click();
    await expect(page).toHaveURL(/[?&]status=draft/);
    await expect(table(page).getByRole("row", { name: /Lumen ERP Pyme/ })).toHaveCount(0);
    await expect(table(page).getByRole("row", { name: /Lumen Planillas/ })).toBeVisible();
    await page.getByRole("group", { name: "Filtrar por estado" }).getByRole("button", { name: "Todos" }).click();
    await expect(page).not.toHaveURL(/status=/);

    // Category filter.
    await page.getByLabel("Categoría").selectOption("CRM");
    await expect(page).toHaveURL(/[?&]category=CRM/);
    await expect(table(page).getByRole("row", { name: /Lumen ERP Pyme/ })).toHaveCount(0);
    await expect(table(page).getByRole("row", { name: /Lumen CRM Ventas/ })).toBeVisible();

    // Sorting by a column header: first click descending.
    await table(page).getByRole("button", { name: /Precio/ }).click();
    await expect(page).toHaveURL(/sort=price_from&dir=desc/);
    await expect(table(page).getByRole("columnheader", { name: /Precio/ })).toHaveAttribute("aria-sort", "descending");
    const firstName = await table(page).locator("tbody tr").first().getByRole("link").first().textContent();
    expect(firstName).toBe("Lumen CRM Inmobiliario"); // EUR 990.00, the highest CRM price
    await table(page).getByRole("button", { name: /Precio/ }).click();
    await expect(page).toHaveURL(/sort=price_from&dir=asc/);

    // Export with the current filters.
    const exportLink = page.getByRole("link", { name: "Exportar CSV" });
    await expect(exportLink).toHaveAttribute("href", /\/api\/v1\/admin\/products\/export\?.*category=CRM/);
    const downloadPromise = page.waitForEvent("download");
    await exportLink.click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('"ID","Nombre","Slug"');
    expect(csv).toContain("Lumen CRM Ventas");
    expect(csv).not.toContain('"lumen-erp-pyme"'); // an ERP product's slug cell

    // 375 px: the rows as cards.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/admin/products");
    await expect(await expectPhoneCards(page, "Productos")).toContainText("Lumen ERP Pyme");
    await expectNoAxeViolations(page);
  });

  test("empty search shows the empty-list text", async ({ page }) => {
    await page.goto("/admin/products?q=nada-coincide-con-esto-xyz");
    await expect(table(page)).toContainText("No hay productos disponibles");
  });

  test("bulk status change, then delete with the exact confirmation question", async ({ page }) => {
    const tag = `lst${Date.now()}`;
    await insertItem({ kind: "product", name: `Prueba Uno ${tag}`, slug: `prueba-uno-${tag}`, features: ["Rápido"] });
    await insertItem({ kind: "product", name: `Prueba Dos ${tag}`, slug: `prueba-dos-${tag}`, status: "inactive" });
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/admin/products?q=${tag}`);
      await expect(table(page).locator("tbody tr")).toHaveCount(2);
      await page.getByLabel("Seleccionar todas las filas de esta página").check();
      const bulkBar = page.getByRole("region", { name: "Acciones en lote" });
      await expect(bulkBar).toContainText("2 seleccionados");
      await expectNoAxeViolations(page);
      await bulkBar.getByRole("button", { name: "Borrador" }).click();
      await expect(page.getByText("2 productos pasaron a Borrador")).toBeVisible();
      await expect(table(page).locator("tbody tr", { hasText: "Borrador" })).toHaveCount(2);
      expect(await statusesOf(tag)).toEqual(["draft", "draft"]);

      // One row's delete asks exactly "¿Seguro que deseas eliminar este producto?"; cancelling keeps it.
      const row = table(page).getByRole("row", { name: new RegExp(`Prueba Uno ${tag}`) });
      await row.getByRole("button", { name: `Eliminar Prueba Uno ${tag}` }).click();
      const dialog = page.getByRole("alertdialog");
      await expect(dialog).toContainText("¿Seguro que deseas eliminar este producto?");
      await dialog.getByRole("button", { name: "Cancelar" }).click();
      await expect(dialog).toHaveCount(0);
      expect(await statusesOf(tag)).toHaveLength(2);

      await row.getByRole("button", { name: `Eliminar Prueba Uno ${tag}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
      await expect(page.getByText("Producto eliminado correctamente")).toBeVisible();
      await expect(table(page).locator("tbody tr")).toHaveCount(1);
      expect(await statusesOf(tag)).toHaveLength(1);
    } finally {
      await removeItems(tag);
    }
  });

  test("the detail view shows every section, es-ES long dates, 'Sin categoría' and 'No especificado'; deletes back to the list", async ({ page }) => {
    const tag = `det${Date.now()}`;
    const id = await insertItem({
      kind: "product",
      name: `Detalle ${tag}`,
      slug: `detalle-${tag}`,
      status: "draft",
      features: ["Multiempresa", "Reportes"],
      specifications: ["Usuarios: ilimitados: sí", "Nube"],
      faq: ["¿Incluye soporte?: Sí, 24/7: todo el año"],
      benefits: ["Ahorra tiempo"],
      contentHtml: "<h2>Contenido rico</h2><p>Con <strong>negrita</strong>.</p>",
    });
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/admin/products/view/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: `Detalle ${tag}` })).toBeVisible();
      await expect(page.getByText("Borrador", { exact: true })).toBeVisible();
      await expect(page.getByText("No destacado")).toBeVisible();
      for (const title of ["Información básica", "Precio", "Contenido", "Características", "Beneficios", "Casos de uso", "Especificaciones", "Preguntas frecuentes", "Multimedia", "Enlaces", "Contacto", "SEO", "Fechas"]) {
        await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
      }
      await expect(page.getByTestId("section-basic")).toContainText("Sin categoría");
      await expect(page.getByTestId("section-price")).toContainText("No especificado");
      await expect(page.getByTestId("section-content").getByRole("heading", { name: "Contenido rico" })).toBeVisible();
      // Split at the FIRST colon.
      const spec = page.getByTestId("section-specifications");
      await expect(spec.locator("dt").first()).toHaveText("Usuarios");
      await expect(spec.locator("dd").first()).toHaveText("ilimitados: sí");
      const faq = page.getByTestId("section-faq");
      await expect(faq.locator("dt")).toHaveText("¿Incluye soporte?");
      await expect(faq.locator("dd")).toHaveText("Sí, 24/7: todo el año");
      await expect(page.getByTestId("section-dates")).toContainText(/\d{1,2} de [a-záéíóú]+ de \d{4}, \d{2}:\d{2}/);
      await expect(page.getByRole("link", { name: "Vista previa" })).toHaveAttribute("href", `/admin/preview/product/${id}`);
      await expect(page.getByRole("link", { name: `Editar Detalle ${tag}` })).toHaveAttribute("href", `/admin/products/edit/${id}`);
      await expect(page.getByRole("heading", { name: "Historial de cambios" })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.setViewportSize({ width: 375, height: 812 });
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: `Detalle ${tag}` })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: `Eliminar Detalle ${tag}` }).click();
      await expect(page.getByRole("alertdialog")).toContainText("¿Seguro que deseas eliminar este producto?");
      await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      await expect(page.getByText("Producto eliminado correctamente")).toBeVisible();
      expect(await statusesOf(tag)).toHaveLength(0);

      // Gone: the not-found text with a way back.
      await page.goto(`/admin/products/view/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Producto no encontrado" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/admin/products");
    } finally {
      await removeItems(tag);
    }
  });
});

test.describe("Gestión de Servicios", () => {
  test("loads the seeded services, filters and sorts in the URL, deletes with its own question; detail and 375 px pass axe", async ({ page }) => {
    const tag = `svc${Date.now()}`;
    const id = await insertItem({ kind: "service", name: `Servicio ${tag}`, slug: `servicio-${tag}`, category: "Desarrollo", price: "1200.00", features: ["Ágil"] });
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/admin/services");
      await expect(page.getByRole("heading", { level: 1, name: "Gestión de Servicios" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Nuevo Servicio" })).toHaveAttribute("href", "/admin/services/new");
      await expect(table(page).locator("tbody tr").first()).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel("Categoría").selectOption("Desarrollo");
      await expect(page).toHaveURL(/category=Desarrollo/);
      await table(page).getByRole("button", { name: /Nombre/ }).click();
      await expect(page).toHaveURL(/sort=name&dir=desc/);
      await page.getByLabel("Buscar servicios").fill(tag);
      await expect(page).toHaveURL(new RegExp(`q=${tag}`));
      const row = table(page).getByRole("row", { name: new RegExp(`Servicio ${tag}`) });
      await expect(row).toContainText("S/ 1,200.00");
      await expect(table(page).locator("tbody tr")).toHaveCount(1);

      await page.getByRole("link", { name: `Ver Servicio ${tag}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/services/view/${id}$`));
      await expect(page.getByRole("heading", { level: 1, name: `Servicio ${tag}` })).toBeVisible();
      await expect(page.getByTestId("section-price")).toContainText("S/ 1,200.00");
      await expect(page.getByTestId("section-price")).toContainText("Mensual");
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: "Volver" }).click();
      await expect(page).toHaveURL(/\/admin\/services$/);

      await page.goto(`/admin/services?q=${tag}`);
      await table(page).getByRole("button", { name: `Eliminar Servicio ${tag}` }).click();
      await expect(page.getByRole("alertdialog")).toContainText("Seguro que deseas eliminar este servicio?");
      await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
      await expect(page.getByText("Servicio eliminado correctamente")).toBeVisible();
      await expect(table(page)).toContainText("No hay servicios disponibles");

      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto("/admin/services");
      await expectPhoneCards(page, "Servicios");
      await expectNoAxeViolations(page);

      await page.goto("/admin/services/view/999999999");
      await expect(page.getByRole("heading", { level: 1, name: "Servicio no encontrado" })).toBeVisible();
    } finally {
      await removeItems(tag);
    }
  });
});
