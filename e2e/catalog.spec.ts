import { expect, test, type APIResponse, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";

// Products and services: list pages with category filters kept in the URL (each
// filter and view its own path: /productos/ver/crm, /servicios/ver/integracion/lista), the
// services grid/list toggle, detail pages by slug (ids redirect), 404s, structured data and
// accessibility. Expectations come from what the pages themselves show, not from seed names.

const PRODUCT_FILTERS = ["Todos", "ERP", "CRM", "E-commerce", "Gestión Documental"];
const SERVICE_FILTERS = ["Todos", "Business Intelligence", "Automatización", "Integración", "Desarrollo", "Consultoría"];
/** The path segment of each category (lib/public-variants.ts segmentOf), spelled out. */
const CATEGORY_SEGMENTS: Record<string, string> = {
  ERP: "erp",
  CRM: "crm",
  "E-commerce": "e-commerce",
  "Gestión Documental": "gestion-documental",
  Integración: "integracion",
};


const filterNav = (page: Page) => page.getByRole("navigation", { name: "Filtrar por categoría" });
const cards = (page: Page) => page.getByRole("main").getByRole("article");
const cardLink = (card: Locator) => card.getByRole("heading", { level: 3 }).getByRole("link");

/** Every card shows the category badge, or the empty text names the category. */
async function expectOnlyCategory(page: Page, category: string, emptyText: string) {
  const count = await cards(page).count();
  if (count === 0) {
    await expect(page.getByRole("main").getByText(`${emptyText}: ${category}`)).toBeVisible();
    return;
  }
  for (let index = 0; index < count; index++) {
    await expect(cards(page).nth(index).getByText(category, { exact: true })).toBeVisible();
  }
}

/**
 * The distinct paths a redirect points to. Next 16 sends the Location header twice (same value)
 * when an ISR route redirects on its first, uncached render (vercel/next.js#82117); browsers
 * accept identical duplicates, so only distinct targets are compared.
 */
function redirectTargets(response: APIResponse): string[] {
  const values = response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "location")
    .map((header) => new URL(header.value, "http://x").pathname);
  return [...new Set(values)];
}

async function cardNames(page: Page): Promise<string[]> {
  return (await cards(page).getByRole("heading", { level: 3 }).allTextContents()).map((name) => name.trim());
}

test.describe("Productos", () => {
  test("los filtros de categoría muestran solo esa categoría y, pulsados de nuevo, la quitan", async ({ page }) => {
    await page.goto("/productos");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const nav = filterNav(page);
    await expect(nav.getByRole("link")).toHaveText(PRODUCT_FILTERS);
    await expect(nav.getByRole("link", { name: "Todos" })).toHaveAttribute("aria-current", "true");

    const allNames = await cardNames(page);
    expect(allNames.length).toBeGreaterThan(0);

    for (const category of PRODUCT_FILTERS.slice(1)) {
      await nav.getByRole("link", { name: category, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/productos/ver/${CATEGORY_SEGMENTS[category]}` && url.search === "");
      const active = nav.getByRole("link", { name: category, exact: true });
      await expect(active).toHaveAttribute("aria-current", "true");
      await expect(nav.getByRole("link", { name: "Todos" })).not.toHaveAttribute("aria-current", /.*/);
      await expectOnlyCategory(page, category, "No se encontraron productos");
      for (const name of await cardNames(page)) expect(allNames).toContain(name);

      // The active filter links to the unfiltered list: clicking it clears the filter.
      await expect(active).toHaveAttribute("href", "/productos");
      await active.click();
      await expect(page).toHaveURL((url) => url.pathname === "/productos" && url.search === "");
      await expect(nav.getByRole("link", { name: "Todos" })).toHaveAttribute("aria-current", "true");
      await expect(cards(page)).toHaveCount(allNames.length);
    }
  });

  test("la ficha de un producto muestra nombre, precio, enlaces y preguntas frecuentes separadas", async ({ page }) => {
    await page.goto("/productos");
    const first = cards(page).first();
    const name = (await cardLink(first).textContent())!.trim();
    const href = (await cardLink(first).getAttribute("href"))!;
    const listPrice = (await first.textContent())!.match(/(S\/|US\$|€) [\d,]+\.\d{2}/)?.[0];
    expect(listPrice).toBeTruthy();
    await cardLink(first).click();

    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    const breadcrumb = page.getByRole("navigation", { name: "Ruta de navegación" });
    await expect(breadcrumb.getByRole("link")).toHaveText(["Inicio", "Productos"]);
    await expect(breadcrumb.getByText(name)).toHaveAttribute("aria-current", "page");

    // Price block: the same amount as on the card, with a period and the currency code.
    const price = page.getByTestId("price-block");
    await expect(price).toContainText(listPrice!);
    await expect(price).toContainText(/\/ mes|\/ año|pago único/);
    await expect(price).toContainText(/Precio en (USD|PEN|EUR)/);

    await expect(page.getByRole("link", { name: "Solicitar Información" }).first()).toHaveAttribute("href", "/contacto");
    for (const label of ["Ver Demo", "Documentación"]) {
      const link = page.getByRole("link", { name: new RegExp(`^${label}`) });
      if ((await link.count()) > 0) {
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer");
        await expect(link).toHaveAccessibleName(`${label} (se abre en una pestaña nueva)`);
      }
    }

    // FAQ: each entry split at its first colon; the answer opens with the question.
    const faq = page.getByRole("region", { name: "Preguntas Frecuentes" });
    const entries = faq.getByTestId("faq-entry");
    const count = await entries.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const entry = entries.nth(index);
      const question = (await entry.getByTestId("faq-question").textContent())!.trim();
      const answer = entry.getByTestId("faq-answer");
      expect(question).not.toBe("");
      expect(question).not.toContain(":");
      await expect(answer).toBeHidden();
      await entry.getByText(question).click();
      await expect(answer).toBeVisible();
      const answerText = (await answer.textContent())!.trim();
      expect(answerText).not.toBe("");
      expect(question).not.toContain(answerText);
    }

    // Videos load nothing until asked; then a titled youtube-nocookie / Vimeo player appears.
    const videos = page.getByTestId("video");
    if ((await videos.count()) > 0) {
      await expect(page.locator("iframe")).toHaveCount(0);
      await videos.first().getByRole("link").click();
      const frame = videos.first().locator("iframe");
      await expect(frame).toHaveAttribute("src", /^https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)/);
      await expect(frame).toHaveAttribute("title", /\S/);
    }

    // Structured data: a Product with its offer, the breadcrumb and the FAQ.
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const product = jsonLd.find((data) => data["@type"] === "Product");
    expect(product.name).toBe(name);
    expect(product.url.endsWith(href)).toBe(true);
    expect(product.offers.priceCurrency).toMatch(/^(USD|PEN|EUR)$/);
    expect(Number(product.offers.price)).toBeGreaterThan(0);
    expect(jsonLd.find((data) => data["@type"] === "BreadcrumbList").itemListElement).toHaveLength(3);
    expect(jsonLd.find((data) => data["@type"] === "FAQPage").mainEntity).toHaveLength(count);
    // The canonical URL as served (what crawlers read): exactly one, the product's. Not checked in
    // the page here: after a client navigation Next 16.4 may leave the list's canonical in the
    // head beside the product's (vercel/next.js#97472, a hydration-timing race; reloads are clean).
    const served = await (await page.request.get(href)).text();
    expect([...served.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((match) => new URL(match[1]).pathname)).toEqual([href]);

    // Closing call to action.
    const cta = page.getByRole("region", { name: `¿Te interesa ${name}?` });
    await expect(cta.getByRole("link", { name: "Contáctanos" })).toHaveAttribute("href", "/contacto");
    await expect(cta.getByRole("link", { name: "Ver todos los productos" })).toHaveAttribute("href", "/productos");
  });

  test("una URL por id redirige (308) a la URL del slug", async ({ page, request }) => {
    await page.goto("/productos");
    const href = (await cardLink(cards(page).first()).getAttribute("href"))!;
    const slug = decodeURIComponent(href.split("/").pop()!);
    const { data } = await (await request.get(`/api/v1/products/${encodeURIComponent(slug)}`)).json();

    const response = await request.get(`/productos/${data.id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(redirectTargets(response)).toEqual([href]);
  });

  test("un producto inexistente muestra «Producto no encontrado» con estado 404", async ({ page }) => {
    const response = await page.goto("/productos/no-existe-este-producto-xyz");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Producto no encontrado");
    await expect(page.getByRole("main").getByRole("link", { name: "Ver todos los productos" })).toHaveAttribute("href", "/productos");
  });

  test("una categoría desconocida muestra la página no encontrada", async ({ page }) => {
    for (const path of ["/productos?categoria=x", "/productos/ver/x"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Página no encontrada");
      await expect(page.locator('meta[name="robots"][content*="noindex"]').first()).toBeAttached();
      await expect(cards(page)).toHaveCount(0);
    }
  });

  test("una categoría desconocida responde con estado 404", async ({ request }) => {
    for (const path of [
      // Legacy query URLs…
      "/productos?categoria=x",
      "/productos?categoria=erp",
      "/servicios?categoria=x",
      "/servicios?vista=mosaico",
      // …and the variants' paths.
      "/productos/ver/x",
      "/productos/ver/ERP",
      "/servicios/ver/x/grid",
      "/servicios/ver/todas/mosaico",
    ]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test("no tiene violaciones de accesibilidad (axe) en la lista", async ({ page }) => {
    await page.goto("/productos");
    await expectNoAxeViolations(page);
  });

  test("no tiene violaciones de accesibilidad (axe) en la ficha", async ({ page }) => {
    await page.goto("/productos");
    await cardLink(cards(page).first()).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("Productos sin JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("un filtro funciona con enlaces normales y se quita al pulsarlo otra vez", async ({ page }) => {
    await page.goto("/productos");
    const total = await cards(page).count();
    const nav = filterNav(page);
    await nav.getByRole("link", { name: "CRM", exact: true }).click();
    await expect(page).toHaveURL(/\/productos\/ver\/crm$/);
    await expect(nav.getByRole("link", { name: "CRM", exact: true })).toHaveAttribute("aria-current", "true");
    await expectOnlyCategory(page, "CRM", "No se encontraron productos");

    await nav.getByRole("link", { name: "CRM", exact: true }).click();
    await expect(page).toHaveURL(/\/productos$/);
    await expect(cards(page)).toHaveCount(total);
  });
});

test.describe("Servicios", () => {
  test("la vista de cuadrícula o lista y el filtro se combinan en la URL", async ({ page }) => {
    await page.goto("/servicios");
    const nav = filterNav(page);
    await expect(nav.getByRole("link")).toHaveText(SERVICE_FILTERS);
    const view = page.getByRole("navigation", { name: "Vista" });
    const grid = view.getByRole("link", { name: "Cuadrícula" });
    const list = view.getByRole("link", { name: "Lista" });
    await expect(grid).toHaveAttribute("aria-current", "true");
    await expect(list).not.toHaveAttribute("aria-current");
    const total = await cards(page).count();
    expect(total).toBeGreaterThan(0);

    // Cards link to /servicios/{slug} and list at most 3 features.
    for (let index = 0; index < total; index++) {
      const card = cards(page).nth(index);
      await expect(cardLink(card)).toHaveAttribute("href", /^\/servicios\/[^/?]+$/);
      expect(await card.getByRole("listitem").count()).toBeLessThanOrEqual(3);
    }

    await list.click();
    await expect(page).toHaveURL((url) => url.pathname === "/servicios/ver/todas/lista" && url.search === "");
    await expect(list).toHaveAttribute("aria-current", "true");
    await expect(grid).not.toHaveAttribute("aria-current");
    await expect(cards(page).first()).toHaveAttribute("data-layout", "list");
    await expect(cards(page)).toHaveCount(total);

    // A filter keeps the list view…
    const category = "Integración";
    await nav.getByRole("link", { name: category }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/servicios/ver/integracion/lista" && url.search === "");
    await expect(list).toHaveAttribute("aria-current", "true");
    await expectOnlyCategory(page, category, "No se encontraron servicios");
    const filtered = await cards(page).count();

    // …and the view toggle keeps the filter.
    await grid.click();
    await expect(page).toHaveURL((url) => url.pathname === "/servicios/ver/integracion/grid" && url.search === "");
    await expect(grid).toHaveAttribute("aria-current", "true");
    await expect(cards(page)).toHaveCount(filtered);
    if (filtered > 0) await expect(cards(page).first()).toHaveAttribute("data-layout", "grid");

    // Clicking the active filter clears it and keeps the view (the filter links carry the view
    // only once the list view's navigation has finished).
    await list.click();
    await expect(page).toHaveURL((url) => url.pathname === "/servicios/ver/integracion/lista" && url.search === "");
    await nav.getByRole("link", { name: category }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/servicios/ver/todas/lista" && url.search === "");
    await expect(cards(page)).toHaveCount(total);

    // Static process section and call to action.
    const process = page.getByRole("region", { name: "Nuestro proceso" });
    await expect(process.getByRole("heading", { level: 3 })).toHaveText(["Análisis", "Diseño", "Implementación", "Soporte"]);
    await expect(page.getByRole("main").getByRole("link", { name: "Contáctanos" })).toHaveAttribute("href", "/contacto");
  });

  test("la ficha de un servicio sigue la especificación y un id redirige al slug", async ({ page, request }) => {
    await page.goto("/servicios");
    const first = cards(page).first();
    const name = (await cardLink(first).textContent())!.trim();
    const href = (await cardLink(first).getAttribute("href"))!;
    await cardLink(first).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByRole("navigation", { name: "Ruta de navegación" }).getByRole("link")).toHaveText(["Inicio", "Servicios"]);
    await expect(page.getByRole("list", { name: "Etiquetas" }).getByRole("listitem").last()).toHaveText(/^(Mensual|Anual|Pago Único)$/);
    const cta = page.getByRole("region", { name: `¿Te interesa ${name}?` });
    await expect(cta.getByRole("link", { name: "Ver todos los servicios" })).toHaveAttribute("href", "/servicios");

    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    const service = jsonLd.find((data) => data["@type"] === "Service");
    expect(service.name).toBe(name);
    expect(service.provider["@type"]).toBe("Organization");
    expect(service.areaServed.name).toBe("Perú");

    const slug = decodeURIComponent(href.split("/").pop()!);
    const { data } = await (await request.get(`/api/v1/services/${encodeURIComponent(slug)}`)).json();
    const response = await request.get(`/servicios/${data.id}`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(redirectTargets(response)).toEqual([href]);
  });

  test("un servicio inexistente muestra «Servicio no encontrado» con estado 404", async ({ page }) => {
    const response = await page.goto("/servicios/no-existe-este-servicio-xyz");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Servicio no encontrado");
  });

  test("una categoría o vista desconocida muestra la página no encontrada", async ({ page }) => {
    for (const path of ["/servicios?categoria=x", "/servicios?vista=mosaico", "/servicios/ver/x/grid", "/servicios/ver/integracion/mosaico"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Página no encontrada");
    }
  });

  test("no tiene violaciones de accesibilidad (axe) en la cuadrícula ni en la lista", async ({ page }) => {
    await page.goto("/servicios");
    await expectNoAxeViolations(page);
    await page.goto("/servicios/ver/todas/lista");
    await expectNoAxeViolations(page);
    await page.goto("/servicios?vista=lista");
    await expectNoAxeViolations(page);
  });

  test("no tiene violaciones de accesibilidad (axe) en la ficha", async ({ page }) => {
    await page.goto("/servicios");
    await cardLink(cards(page).first()).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("Servicios sin JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("la vista y el filtro funcionan con los enlaces, en sus rutas", async ({ page }) => {
    await page.goto("/servicios");
    const view = page.getByRole("navigation", { name: "Vista" });
    await view.getByRole("link", { name: "Lista" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/servicios/ver/todas/lista" && url.search === "");
    await expect(view.getByRole("link", { name: "Lista" })).toHaveAttribute("aria-current", "true");
    await expect(cards(page).first()).toHaveAttribute("data-layout", "list");

    await filterNav(page).getByRole("link", { name: "Integración" }).click();
    await expect(page).toHaveURL(/\/servicios\/ver\/integracion\/lista$/);
    await expectOnlyCategory(page, "Integración", "No se encontraron servicios");
    await view.getByRole("link", { name: "Cuadrícula" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/servicios/ver/integracion/grid" && url.search === "");
    await expect(view.getByRole("link", { name: "Cuadrícula" })).toHaveAttribute("aria-current", "true");
  });
});

test.describe("Servicios en móvil", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("la ficha no se desborda horizontalmente", async ({ page }) => {
    await page.goto("/servicios");
    await cardLink(cards(page).first()).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
