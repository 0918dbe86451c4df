import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";
import { createThrowawayUser, deleteThrowawayUser, signInAs, withDb, type SessionUser } from "./helpers/session";

// The product and service forms, the rich editor, "Vista previa" (draft mode) and "Historial".
// Each test uses its own throw-away admin and its own items (unique names), removed at the end.

const BASE_URL = process.env.E2E_BASE_URL || `http://localhost:${process.env.E2E_PORT || 3210}`;
const LINK_ATTRIBUTES = 'target="_blank" rel="noopener noreferrer nofollow"';

let admin: SessionUser;
const slugsToRemove: string[] = [];

// Long flows (several saves, public pages rendered on demand) on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async () => {
  admin = await createThrowawayUser("admin");
});

test.afterEach(async () => {
  const slugs = slugsToRemove.splice(0);
  if (slugs.length) await withDb((db) => db.query("delete from catalog_items where slug = any($1)", [slugs]));
  await deleteThrowawayUser(admin);
});

async function itemId(slug: string): Promise<number> {
  return withDb(async (db) => {
    const result = await db.query<{ id: number }>("select id from catalog_items where slug = $1", [slug]);
    return result.rows[0].id;
  });
}

/** Types into a rich editor (ProseMirror) identified by its label. */
function editorOf(page: Page, label: string) {
  return {
    area: page.getByRole("textbox", { name: label, exact: true }),
    button: (name: string) => page.getByRole("toolbar", { name: `Formato: ${label}` }).getByRole("button", { name, exact: true }),
  };
}

test.describe("Product form", () => {
  test("create through the four tabs with the editor (bold, list, link): on the list and on its public page with that HTML", async ({ page, context, request }) => {
    const stamp = Date.now();
    const name = `Gestión Ágil Ñandú ${stamp}`;
    const slug = `gestion-agil-nandu-${stamp}`;
    slugsToRemove.push(slug);
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto("/admin/products/new");
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo Producto" })).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "Secciones del producto" });
    await expect(tabs.getByRole("tab")).toHaveText(["Información Básica", "Contenido", "Multimedia", "SEO y Contacto"]);
    await expect(page.getByRole("tab", { name: "Información Básica" })).toHaveAttribute("aria-selected", "true");
    // The defaults. A new product has no "Estado" select: it is saved as a draft or published.
    await expect(page.getByLabel("Estado")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Guardar borrador" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publicar" })).toBeVisible();
    await expect(page.getByLabel("Moneda")).toHaveValue("USD");
    await expect(page.getByLabel("Periodo de facturación")).toHaveValue("monthly");
    await expect(page.getByLabel("Precio desde")).toHaveAttribute("step", "0.01");
    await expect(page.getByLabel("URL de demo")).toHaveAttribute("type", "url");
    await expectNoAxeViolations(page);

    // An error on another tab is findable: saving from the last tab shows the first tab with the error.
    await page.getByRole("tab", { name: "SEO y Contacto" }).click();
    await expect(page.getByLabel("Correo de contacto")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Teléfono de contacto")).toHaveAttribute("type", "tel");
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByRole("tab", { name: /Información Básica/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("El nombre es obligatorio.")).toBeVisible();
    await expect(page.getByText("Revisa los campos marcados.")).toBeVisible();
    await expect(page.getByLabel("Nombre")).toBeFocused();

    // The slug follows the name (lower case, no accents, hyphens) until the admin edits it; the
    // slug's error from the failed save goes once the suggestion fills it.
    await expect(page.getByText("El slug es obligatorio.")).toBeVisible();
    await page.getByLabel("Nombre").fill(name);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await expect(page.getByText("El slug es obligatorio.")).toHaveCount(0);
    await expect(page.getByLabel("Slug")).not.toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Descripción", { exact: true }).fill("ERP en la nube para pymes que crecen.");
    await page.getByLabel("Características").fill("Facturación electrónica, Inventario\nReportes");
    await page.getByLabel("Precio desde").fill("149.9");
    await page.getByLabel("Moneda").selectOption("PEN");
    await page.getByLabel("Categoría").selectOption("ERP");

    await page.getByRole("tab", { name: "Contenido" }).click();
    const content = editorOf(page, "Contenido (editor HTML)");
    // The headings sit together, the link after them.
    const toolbarNames = await page.getByRole("toolbar", { name: "Formato: Contenido (editor HTML)" }).getByRole("button").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    const at = (label: string) => toolbarNames.indexOf(label);
    expect([at("Título 2") - at("Título 1"), at("Título 3") - at("Título 2"), at("Enlace") - at("Título 3")]).toEqual([1, 1, 1]);
    await content.area.click();
    await page.keyboard.type("Introducción con ");
    await content.button("Negrita").click();
    await expect(content.button("Negrita")).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("negrita");
    await content.button("Negrita").click();
    await page.keyboard.press("Enter");
    await content.button("Lista con viñetas").click();
    await page.keyboard.type("Primer punto");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Segundo punto");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Lee la guía");
    for (let i = 0; i < 4; i += 1) await page.keyboard.press("Shift+ArrowLeft");
    await content.button("Enlace").click();
    const linkDialog = page.getByRole("dialog", { name: "Enlace" });
    // A javascript: link cannot be set.
    await linkDialog.getByLabel("URL del enlace").fill("javascript:alert(1)");
    await linkDialog.getByRole("button", { name: "Aplicar" }).click();
    await expect(linkDialog.getByRole("alert")).toContainText("no está permitido");
    await linkDialog.getByLabel("URL del enlace").fill("https://example.com/guia");
    await linkDialog.getByRole("button", { name: "Aplicar" }).click();
    await expect(linkDialog).toHaveCount(0);
    await expect(content.area.locator("a")).toHaveText("guía");
    // The toolbar is one tab stop with arrow-key navigation.
    await content.button("Negrita").focus();
    await page.keyboard.press("ArrowRight");
    await expect(content.button("Cursiva")).toBeFocused();
    await page.keyboard.press("End");
    await expect(content.button("Rehacer")).toBeFocused();
    await page.getByLabel("Preguntas frecuentes").fill("¿Incluye soporte?: Sí, 24/7\n¿Hay demo?: Sí");
    // (the error toast of the first attempt has gone by now: axe reads the page at rest)
    await expect(page.getByText("Revisa los campos marcados.")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The images are chosen in the media library, never typed (e2e/media-library.spec.ts picks them).
    await page.getByRole("tab", { name: "Multimedia" }).click();
    await expect(page.getByRole("group", { name: "Imagen principal" }).getByRole("button", { name: /Elegir imagen/ })).toBeVisible();
    await expect(page.getByRole("group", { name: "Galería de imágenes" }).getByRole("button", { name: /Añadir imágenes/ })).toBeVisible();

    await page.getByRole("tab", { name: "SEO y Contacto" }).click();
    await page.getByLabel("Correo de contacto").fill("Ventas@Lumenti.pe");
    await page.getByRole("button", { name: "Publicar" }).click();
    await expect(page.getByText("Producto creado correctamente")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products$/);

    // On the admin list…
    const list = await page.request.get(`/api/v1/admin/products?q=${encodeURIComponent(name)}`);
    expect(list.status()).toBe(200);
    expect(JSON.stringify(await list.json())).toContain(slug);

    // …and on its public page with the editor's HTML (anonymous visitor).
    const response = await request.get(`/productos/${slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("<p>Introducción con <strong>negrita</strong></p><ul><li><p>Primer punto</p></li><li><p>Segundo punto</p></li></ul>");
    expect(html).toContain(`<p>Lee la <a href="https://example.com/guia" ${LINK_ATTRIBUTES}>guía</a></p>`);
    expect(html).toContain("¿Incluye soporte?");

    // The edit form shows the lists one entry per line.
    await page.goto(`/admin/products/edit/${await itemId(slug)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Editar Producto" })).toBeVisible();
    await expect(page.getByLabel("Características")).toHaveValue("Facturación electrónica\nInventario\nReportes");
    await expect(page.getByLabel("Precio desde")).toHaveValue("149.90");
    // Published with "Publicar"; an existing product keeps its "Estado" select.
    await expect(page.getByLabel("Estado")).toHaveValue("active");
    await expect(page.getByRole("button", { name: "Actualizar Producto" })).toBeVisible();
  });

  test("a duplicate slug shows on the slug field; an edited slug no longer follows the name; 375 px with axe", async ({ page, context }) => {
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/admin/products/new");
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo Producto" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Descripción larga", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Nombre").fill("Otro ERP");
    await expect(page.getByLabel("Slug")).toHaveValue("otro-erp");
    await page.getByLabel("Slug").fill("lumen-erp-pyme");
    await page.getByLabel("Nombre").fill("Otro ERP distinto");
    await expect(page.getByLabel("Slug")).toHaveValue("lumen-erp-pyme");
    await page.getByLabel("Descripción", { exact: true }).fill("Una descripción.");
    await page.getByRole("button", { name: "Publicar" }).click();
    const slugField = page.getByLabel("Slug");
    await expect(slugField).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Ya existe otro elemento con ese slug. Elige uno distinto.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await expectNoAxeViolations(page);

    // Cancelar with unsaved edits asks first; "Salir sin guardar" goes back to the list.
    await page.getByRole("link", { name: "Cancelar" }).click();
    const leave = page.getByRole("alertdialog", { name: "Cambios sin guardar" });
    await expect(leave).toContainText("Tienes cambios sin guardar");
    await leave.getByRole("button", { name: "Salir sin guardar" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  });

  test("an unknown id shows “Producto no encontrado” with a way back", async ({ page, context }) => {
    await signInAs(context, BASE_URL, admin);
    expect((await page.goto("/admin/products/edit/999999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Producto no encontrado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver" })).toHaveAttribute("href", "/admin/products");
    expect((await page.goto("/admin/services/edit/abc"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Servicio no encontrado" })).toBeVisible();
  });
});

test.describe("Service form, preview and history", () => {
  test("a draft is 404 publicly but visible through “Vista previa” for the admin only; edit, history and restore", async ({ page, context, browser, request }) => {
    const stamp = Date.now();
    const name = `Auditoría de datos ${stamp}`;
    const slug = `auditoria-de-datos-${stamp}`;
    slugsToRemove.push(slug);
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto("/admin/services/new");
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo Servicio" })).toBeVisible();
    for (const section of ["Información básica", "Contenido HTML", "Multimedia", "Información detallada", "Enlaces y contacto", "SEO", "Configuración"]) {
      await expect(page.getByRole("heading", { level: 2, name: section, exact: true })).toBeVisible();
    }
    // Service errors show in a red banner (and on the field).
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Revisa los campos marcados." })).toBeVisible();
    await expect(page.getByText("La descripción es obligatoria.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Nombre").fill(name);
    await expect(page.getByLabel("Slug")).toHaveValue(slug);
    await page.getByLabel("Descripción", { exact: true }).fill("Primera descripción del servicio.");
    const content = editorOf(page, "Contenido (editor HTML)");
    await content.area.click();
    await content.button("Título 2").click();
    await page.keyboard.type("Qué incluye");
    await page.getByLabel("Videos").fill("https://youtu.be/abc, https://vimeo.com/1");
    await page.getByLabel("Beneficios").fill("Menos errores, más control\nDatos confiables");
    await expect(page.getByLabel("Estado")).toHaveCount(0);
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page.getByText("Servicio guardado como borrador: no se muestra en el sitio")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/services$/);
    const id = await itemId(slug);

    // A draft is not public.
    expect((await request.get(`/servicios/${slug}`)).status()).toBe(404);
    // The preview route is the admin's only: a visitor is sent to sign in.
    const anonymousPreview = await request.get(`/admin/preview/service/${id}`, { maxRedirects: 0 });
    expect(anonymousPreview.status()).toBeGreaterThanOrEqual(300);
    expect(anonymousPreview.status()).toBeLessThan(400);
    expect(anonymousPreview.headers()["location"]).toContain("/login");

    // Edit: the lists one per line (videos comma-separated, as the service splits them), history v1.
    await page.goto(`/admin/services/edit/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Editar Servicio" })).toBeVisible();
    await expect(page.getByLabel("Beneficios")).toHaveValue("Menos errores, más control\nDatos confiables");
    await expect(page.getByLabel("Videos")).toHaveValue("https://youtu.be/abc, https://vimeo.com/1");
    const versions = page.getByTestId("catalog-version");
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText("Versión 1");
    await expect(versions.first()).toContainText(admin.name);

    // "Vista previa": the real public page with a banner, for this admin.
    await expect(page.getByRole("link", { name: /Vista previa/ })).toHaveAttribute("href", `/admin/preview/service/${id}`);
    await page.goto(`/admin/preview/service/${id}`);
    await expect(page).toHaveURL(new RegExp(`/servicios/${slug}$`));
    await expect(page.getByText("Vista previa: este contenido no es público")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Qué incluye" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Nobody else: an anonymous browser carrying the admin's draft-mode cookie still gets 404.
    const bypass = (await context.cookies()).find((cookie) => cookie.name === "__prerender_bypass");
    expect(bypass).toBeTruthy();
    const stranger = await browser.newContext();
    try {
      await stranger.addCookies([bypass!]);
      const strangerPage = await stranger.newPage();
      const strangerResponse = await strangerPage.goto(`${BASE_URL}/servicios/${slug}`);
      expect(strangerResponse?.status()).toBe(404);
      await expect(strangerPage.getByText("Vista previa: este contenido no es público")).toHaveCount(0);
    } finally {
      await stranger.close();
    }

    // Leaving the preview goes back to the edit page; the page is 404 again for this browser.
    await page.getByRole("link", { name: "Salir de la vista previa" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/services/edit/${id}$`));
    expect((await context.cookies()).some((cookie) => cookie.name === "__prerender_bypass" && cookie.value)).toBe(false);

    // An edit is a new version, shown with what changed.
    await page.getByLabel("Descripción", { exact: true }).fill("Descripción revisada del servicio.");
    await page.getByRole("button", { name: "Actualizar", exact: true }).click();
    await expect(page.getByText("Servicio actualizado correctamente")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/services$/);
    await page.goto(`/admin/services/edit/${id}`);
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText("Versión 2");
    await expect(versions.first()).toContainText("Descripción");
    await expect(versions.first()).toContainText("Primera descripción del servicio.");
    await expect(versions.first()).toContainText("Descripción revisada del servicio.");

    // "Restaurar" brings version 1 back (as version 3) and the form shows it.
    await versions.nth(1).getByRole("button", { name: "Restaurar la versión 1" }).click();
    const confirm = page.getByTestId("confirm-dialog");
    await expect(confirm).toContainText("¿Restaurar la versión 1?");
    await confirm.getByRole("button", { name: "Restaurar" }).click();
    await expect(page.getByText("Versión 1 restaurada")).toBeVisible();
    await expect(page.getByLabel("Descripción", { exact: true })).toHaveValue("Primera descripción del servicio.");
    await expect(versions).toHaveCount(3);
    await expect(versions.first()).toContainText("Restaurada desde la versión 1");
  });

  test("the service form at 375 px passes axe; a signed-in client cannot open a preview", async ({ page, context, browser }) => {
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/admin/services/new");
    await expect(page.getByRole("heading", { level: 1, name: "Nuevo Servicio" })).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "Formato: Contenido (editor HTML)" })).toBeVisible();
    await expectNoAxeViolations(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);

    const client = await createThrowawayUser("client");
    const clientContext = await browser.newContext();
    try {
      await signInAs(clientContext, BASE_URL, client);
      const clientPage = await clientContext.newPage();
      const id = await itemId("lumen-erp-pyme");
      await clientPage.goto(`${BASE_URL}/admin/preview/product/${id}`);
      await expect(clientPage).toHaveURL(/\/client\/dashboard/);
      expect((await clientContext.cookies()).some((cookie) => cookie.name === "__prerender_bypass")).toBe(false);
    } finally {
      await clientContext.close();
      await deleteThrowawayUser(client);
    }
  });

  test("the seeded product's history has two versions; the edit page at 375 px passes axe", async ({ page, context }) => {
    await signInAs(context, BASE_URL, admin);
    await page.setViewportSize({ width: 375, height: 812 });
    const id = await itemId("lumen-erp-pyme");
    await page.goto(`/admin/products/edit/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Editar Producto" })).toBeVisible();
    const versions = page.getByTestId("catalog-version");
    await expect(versions.first()).toBeVisible();
    expect(await versions.count()).toBeGreaterThanOrEqual(2);
    await expect(versions.last()).toContainText("Versión 1");
    await expect(page.getByRole("textbox", { name: "Descripción larga", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("tab", { name: "Contenido" }).click();
    await expect(page.getByRole("toolbar", { name: "Formato: Contenido (editor HTML)" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
