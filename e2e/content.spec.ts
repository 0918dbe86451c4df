import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers/axe";

// Company and content pages: /soluciones, /tecnologias, /sectores, /nosotros,
// /privacidad, /terminos and /testimonios. Expected counts come from the public REST API
// (the same data layer), never from seed literals.

type Json = Record<string, unknown>;

async function apiList(request: APIRequestContext, path: string): Promise<Json[]> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: Json[] }).data;
}


async function expectNotFoundPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
  expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBeGreaterThan(0);
}

/** The path segment of each technology category (lib/public-variants.ts segmentOf), spelled out. */
const TECHNOLOGY_SEGMENTS: Record<string, string> = {
  "Inteligencia Artificial": "inteligencia-artificial",
  "Desarrollo Web": "desarrollo-web",
  "Desarrollo Móvil": "desarrollo-movil",
  "Base de Datos": "base-de-datos",
  "Cloud Computing": "cloud-computing",
  DevOps: "devops",
};

const TECHNOLOGY_CATEGORIES = [
  "Inteligencia Artificial",
  "Desarrollo Web",
  "Desarrollo Móvil",
  "Base de Datos",
  "Cloud Computing",
  "DevOps",
];

test.describe("Soluciones", () => {
  test("la pestaña por defecto es Transformación Digital, con 6 características, 6 beneficios y 4 pasos", async ({ page }) => {
    await page.goto("/soluciones");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Secciones de soluciones" });
    for (const [name, href] of [
      ["Transformación Digital", "/soluciones"],
      ["Productos Integrados", "/soluciones/ver/productos"],
      ["Servicios Especializados", "/soluciones/ver/servicios"],
      ["Por Sector", "/soluciones/ver/sectores"],
    ]) {
      await expect(tabs.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(tabs.getByRole("link", { name: "Transformación Digital" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.locator('[aria-current="page"]')).toHaveCount(1);

    const panel = page.getByTestId("solutions-panel");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Transformación Digital");
    await expect(panel.getByTestId("transformation-features").getByRole("listitem")).toHaveCount(6);
    await expect(panel.getByTestId("transformation-benefits").getByRole("listitem")).toHaveCount(6);
    const steps = panel.getByTestId("transformation-steps").getByRole("listitem");
    await expect(steps).toHaveCount(4);
    const stepNames = await steps.getByRole("heading").allTextContents();
    expect(stepNames.map((text) => text.replace(/^Paso \d: /, ""))).toEqual(["Diagnóstico", "Estrategia", "Implementación", "Optimización"]);
  });

  test("Productos Integrados: precio, periodo, Destacado y Ver Detalles como la API", async ({ page, request }) => {
    const products = await apiList(request, "/api/v1/products");
    await page.goto("/soluciones");
    await page.getByRole("navigation", { name: "Secciones de soluciones" }).getByRole("link", { name: "Productos Integrados" }).click();
    await expect(page).toHaveURL(/\/soluciones\/ver\/productos$/);
    await expect(page.getByRole("link", { name: "Productos Integrados" })).toHaveAttribute("aria-current", "page");
    const panel = page.getByTestId("solutions-panel");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Productos Integrados");

    const cards = panel.getByTestId("solution-product");
    await expect(cards).toHaveCount(products.length);
    if (products.length === 0) {
      await expect(panel.getByText("No hay productos disponibles en este momento.")).toBeVisible();
    }
    for (const product of products) {
      const card = cards.filter({ has: page.getByRole("heading", { name: String(product.name), exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card.getByText("Destacado", { exact: true })).toHaveCount(product.is_featured ? 1 : 0);
      if (product.price_from !== null) {
        await expect(card).toContainText({ monthly: "/ mes", yearly: "/ año" }[product.billing_period as string] ?? "pago único");
      }
      const details = card.getByRole("link", { name: /^Ver Detalles/ });
      if (product.documentation_url) {
        await expect(details).toHaveAttribute("href", String(product.documentation_url));
        await expect(details).toHaveAttribute("target", "_blank");
      } else {
        await expect(details).toHaveAttribute("href", `/productos/${product.id}`);
      }
    }
  });

  test("Servicios Especializados y Por Sector listan lo que da la API", async ({ page, request }) => {
    const [services, sectors] = await Promise.all([apiList(request, "/api/v1/services"), apiList(request, "/api/v1/sectors")]);
    // The legacy query URL still opens the tab; the tab links then go to the tabs' paths.
    await page.goto("/soluciones?tab=servicios");
    const panel = page.getByTestId("solutions-panel");
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Servicios Especializados");
    const serviceCards = panel.getByTestId("solution-service");
    await expect(serviceCards).toHaveCount(services.length);
    for (const service of services) {
      const card = serviceCards.filter({ has: page.getByRole("heading", { name: String(service.name), exact: true }) });
      await expect(card.getByRole("link")).toHaveAttribute("href", `/servicios/${service.id}`);
      if (service.category) await expect(card.getByText(String(service.category), { exact: true })).toBeVisible();
    }

    await page.getByRole("link", { name: "Por Sector" }).click();
    await expect(page).toHaveURL(/\/soluciones\/ver\/sectores$/);
    const sectorCards = panel.getByTestId("solution-sector");
    await expect(sectorCards).toHaveCount(sectors.length);
    await expect(sectorCards.getByText("Especialidad", { exact: true })).toHaveCount(sectors.length);
    for (const link of await sectorCards.getByRole("link").all()) {
      await expect(link).toHaveAttribute("href", "/contacto");
    }
  });

  test("las pestañas funcionan sin JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/soluciones");
    await page.getByRole("link", { name: "Servicios Especializados" }).click();
    await expect(page).toHaveURL(/\/soluciones\/ver\/servicios$/);
    await expect(page.getByTestId("solutions-panel").getByRole("heading", { level: 2 })).toHaveText("Servicios Especializados");
    await expect(page.getByRole("link", { name: "Servicios Especializados" })).toHaveAttribute("aria-current", "page");
    await context.close();
  });

  test("una pestaña desconocida muestra la página 404", async ({ page }) => {
    await expectNotFoundPage(page, "/soluciones?tab=desconocida");
    await expectNotFoundPage(page, "/soluciones/ver/desconocida");
  });
});

test.describe("Tecnologías", () => {
  test("filtro por categoría, limpiar al pulsar la activa y vista cuadrícula/lista", async ({ page, request }) => {
    const all = await apiList(request, "/api/v1/technologies");
    await page.goto("/tecnologias");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nuestro stack principal" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Metodologías" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tendencias tecnológicas" })).toBeVisible();

    const filters = page.getByRole("navigation", { name: "Filtrar por categoría" });
    await expect(filters.getByRole("link")).toHaveText(["Todas", ...TECHNOLOGY_CATEGORIES]);
    await expect(filters.getByRole("link", { name: "Todas" })).toHaveAttribute("aria-current", "true");
    const cards = page.getByTestId("technology-card");
    await expect(cards).toHaveCount(all.length);
    await expect(page.locator('[data-view="grid"]')).toBeVisible();

    // Never more than 3 use cases per card, and exactly min(3, what the technology has).
    for (const technology of all) {
      const card = cards.filter({ has: page.getByRole("heading", { name: String(technology.name), exact: true }) });
      const useCases = (technology.use_cases as string[]).filter((entry) => entry.trim() !== "");
      await expect(card.getByTestId("use-cases").getByRole("listitem")).toHaveCount(Math.min(3, useCases.length));
      await expect(card.getByText("Destacado", { exact: true })).toHaveCount(technology.is_featured ? 1 : 0);
    }

    // Pick a category that has technologies, filter, then clear by clicking it again.
    const category = TECHNOLOGY_CATEGORIES.find((name) => all.some((technology) => technology.category === name));
    test.skip(!category, "no hay tecnologías en ninguna categoría");
    const inCategory = await apiList(request, `/api/v1/technologies?category=${encodeURIComponent(category!)}`);
    await filters.getByRole("link", { name: category! }).click();
    const segment = TECHNOLOGY_SEGMENTS[category!];
    await expect(page).toHaveURL(new RegExp(`/tecnologias/ver/${segment}/grid$`));
    await expect(filters.getByRole("link", { name: category! })).toHaveAttribute("aria-current", "true");
    await expect(filters.getByRole("link", { name: "Todas" })).not.toHaveAttribute("aria-current");
    await expect(cards).toHaveCount(inCategory.length);

    // List view keeps the filter.
    const view = page.getByRole("navigation", { name: "Vista" });
    await view.getByRole("link", { name: "Lista" }).click();
    await expect(page).toHaveURL(new RegExp(`/tecnologias/ver/${segment}/lista$`));
    await expect(view.getByRole("link", { name: "Lista" })).toHaveAttribute("aria-current", "true");
    await expect(page.locator('[data-view="lista"]')).toBeVisible();
    await expect(cards).toHaveCount(inCategory.length);
    for (const card of await cards.all()) {
      expect(await card.getByTestId("use-cases").getByRole("listitem").count()).toBeLessThanOrEqual(3);
    }

    // Clicking the active category clears it (the view stays).
    await filters.getByRole("link", { name: category! }).click();
    await expect(page).toHaveURL(/\/tecnologias\/ver\/todas\/lista$/);
    await expect(cards).toHaveCount(all.length);
    await view.getByRole("link", { name: "Cuadrícula" }).click();
    await expect(page).toHaveURL(/\/tecnologias$/);
    await expect(page.locator('[data-view="grid"]')).toBeVisible();
  });

  test("una categoría sin tecnologías muestra el texto vacío con la categoría", async ({ page, request }) => {
    const all = await apiList(request, "/api/v1/technologies");
    const empty = TECHNOLOGY_CATEGORIES.find((name) => !all.some((technology) => technology.category === name));
    test.skip(!empty, "todas las categorías tienen tecnologías en estos datos");
    // The variant's path, and the legacy query URL that still serves it.
    for (const path of [`/tecnologias/ver/${TECHNOLOGY_SEGMENTS[empty!]}/grid`, `/tecnologias?categoria=${encodeURIComponent(empty!)}`]) {
      await page.goto(path);
      await expect(page.getByText(`No se encontraron tecnologías en la categoría ${empty}`), path).toBeVisible();
    }
  });

  test("categoría o vista desconocidas muestran la página 404", async ({ page }) => {
    await expectNotFoundPage(page, "/tecnologias?categoria=Blockchain");
    await expectNotFoundPage(page, "/tecnologias?vista=mosaico");
    await expectNotFoundPage(page, "/tecnologias/ver/blockchain/grid");
    await expectNotFoundPage(page, "/tecnologias/ver/todas/mosaico");
  });
});

test.describe("Sectores", () => {
  async function checkAccordion(page: Page) {
    await page.goto("/sectores");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Beneficios por sector" })).toBeVisible();
    const cards = page.getByTestId("sector-card");
    const toggles = cards.getByRole("heading", { level: 3 }).getByRole("link");
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    await expect(page.locator('[data-testid="sector-card"] a[aria-expanded="true"]')).toHaveCount(0);
    await expect(page.getByTestId("sector-panel").first()).toBeHidden();

    // Open the first card: its own path, scrolled to the card.
    const firstSlug = (await cards.nth(0).locator("xpath=..").getAttribute("id"))!.replace(/^sector-/, "");
    await expect(toggles.nth(0)).toHaveAttribute("href", `/sectores/ver/${firstSlug}#sector-${firstSlug}`);
    await toggles.nth(0).click();
    await expect(page).toHaveURL(new RegExp(`/sectores/ver/${firstSlug}#sector-${firstSlug}$`));
    await expect(toggles.nth(0)).toHaveAttribute("aria-expanded", "true");
    const firstPanel = cards.nth(0).getByTestId("sector-panel");
    await expect(firstPanel).toBeVisible();
    await expect(firstPanel.getByRole("link", { name: /Solicitar una consulta/ })).toHaveAttribute("href", "/contacto");

    // Opening the second closes the first.
    const secondSlug = (await cards.nth(1).locator("xpath=..").getAttribute("id"))!.replace(/^sector-/, "");
    await toggles.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/sectores/ver/${secondSlug}#sector-${secondSlug}$`));
    await expect(toggles.nth(1)).toHaveAttribute("aria-expanded", "true");
    await expect(toggles.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(firstPanel).toBeHidden();
    await expect(cards.nth(1).getByTestId("sector-panel")).toBeVisible();
    await expect(page.locator('[data-testid="sector-card"] a[aria-expanded="true"]')).toHaveCount(1);

    // Clicking the open one collapses it.
    await expect(toggles.nth(1)).toHaveAttribute("href", `/sectores#sector-${secondSlug}`);
    await toggles.nth(1).click();
    await expect(toggles.nth(1)).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator('[data-testid="sector-card"] a[aria-expanded="true"]')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/sectores#sector-${secondSlug}$`));
  }

  test("un solo sector abierto a la vez; pulsar el abierto lo cierra (con JavaScript)", async ({ page, request }) => {
    const sectors = await apiList(request, "/api/v1/sectors");
    await page.goto("/sectores");
    await expect(page.getByTestId("sector-card")).toHaveCount(sectors.length);
    await checkAccordion(page);
  });

  test("el acordeón funciona sin JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await checkAccordion(await context.newPage());
    await context.close();
  });

  test("un sector desconocido en la URL muestra la página 404", async ({ page }) => {
    await expectNotFoundPage(page, "/sectores?sector=no-existe");
    await expectNotFoundPage(page, "/sectores/ver/no-existe");
  });
});

test.describe("Páginas de empresa", () => {
  test("/nosotros muestra misión, visión, valores, casos de éxito y datos de la empresa", async ({ page, request }) => {
    const [caseStudies, settingsResponse] = await Promise.all([
      apiList(request, "/api/v1/case-studies"),
      request.get("/api/v1/settings/public"),
    ]);
    const settings = ((await settingsResponse.json()) as { data: Json }).data;
    await page.goto("/nosotros");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(String(settings.company_name));
    for (const name of ["Misión", "Visión", "Compromiso", "Innovación", "Excelencia", "Casos de éxito"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("value")).toHaveCount(3);
    await expect(page.getByTestId("case-study")).toHaveCount(caseStudies.length);
    if (settings.company_tax_id) await expect(page.getByTestId("company-facts")).toContainText(String(settings.company_tax_id));
  });

  test("/privacidad sigue la ley peruana y usa los datos de la empresa", async ({ page, request }) => {
    const settings = ((await (await request.get("/api/v1/settings/public")).json()) as { data: Json }).data;
    await page.goto("/privacidad");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de privacidad");
    const text = page.getByTestId("legal-text");
    for (const phrase of ["Ley N.° 29733", "016-2024-JUS", "ARCO", "ANPD", "Cookies", "estrictamente necesarias"]) {
      await expect(text).toContainText(phrase);
    }
    await expect(page.getByText(/^Última actualización:/)).toBeVisible();
    for (const field of ["company_legal_name", "company_tax_id", "contact_email"]) {
      if (settings[field]) await expect(text).toContainText(String(settings[field]));
    }
  });

  test("/terminos menciona Lima y Perú y no México", async ({ page, request }) => {
    const settings = ((await (await request.get("/api/v1/settings/public")).json()) as { data: Json }).data;
    await page.goto("/terminos");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Términos y condiciones");
    const text = page.getByTestId("legal-text");
    await expect(text).toContainText("Lima");
    await expect(text).toContainText("Perú");
    await expect(page.getByText(/^Última actualización:/)).toBeVisible();
    expect(await page.locator("body").innerText()).not.toMatch(/m[ée]xico/i);
    if (settings.company_legal_name) await expect(text).toContainText(String(settings.company_legal_name));
  });
});

test.describe("Testimonios", () => {
  test("muestra lo mismo que la API, destacados primero, con calificación accesible", async ({ page, request }) => {
    const testimonials = await apiList(request, "/api/v1/testimonials");
    await page.goto("/testimonios");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("alert")).toHaveCount(0);
    const cards = main.getByRole("figure");
    await expect(cards).toHaveCount(testimonials.length);
    if (testimonials.length === 0) {
      await expect(page.getByText("No hay testimonios disponibles en este momento.", { exact: true })).toBeVisible();
      return;
    }
    // One accessible rating per card, matching the API's rating for that client.
    await expect(main.getByRole("img", { name: /^Calificación: [1-5] de 5$/ })).toHaveCount(testimonials.length);
    for (const testimonial of testimonials) {
      const card = cards.filter({ hasText: String(testimonial.client_name) });
      await expect(card.getByRole("img", { name: `Calificación: ${testimonial.rating} de 5` })).toBeVisible();
    }
    // Featured first, each marked.
    const featuredCount = testimonials.filter((testimonial) => testimonial.is_featured).length;
    const flags = await main.locator("li[data-featured]").evaluateAll((items) => items.map((item) => item.getAttribute("data-featured")));
    expect(flags).toEqual([...Array(featuredCount).fill("true"), ...Array(testimonials.length - featuredCount).fill("false")]);
    await expect(main.getByText("Destacado", { exact: true })).toHaveCount(featuredCount);
  });
});

test.describe("Accesibilidad de las páginas de contenido", () => {
  for (const path of [
    "/soluciones",
    "/soluciones/ver/productos",
    "/soluciones/ver/servicios",
    "/soluciones/ver/sectores",
    "/soluciones?tab=productos",
    "/soluciones?tab=servicios",
    "/soluciones?tab=sectores",
    "/tecnologias",
    "/tecnologias/ver/todas/lista",
    "/tecnologias?vista=lista",
    "/sectores",
    "/nosotros",
    "/privacidad",
    "/terminos",
    "/testimonios",
  ]) {
    test(`${path} no tiene violaciones (axe)`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  test("/sectores con un sector abierto no tiene violaciones (axe)", async ({ page }) => {
    await page.goto("/sectores");
    await page.getByTestId("sector-card").first().getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page.locator('[data-testid="sector-card"] a[aria-expanded="true"]')).toHaveCount(1);
    await expectNoAxeViolations(page);
  });
});

test.describe("Contenido en móvil", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const path of ["/soluciones", "/tecnologias", "/sectores", "/terminos"]) {
    test(`${path} no se desborda horizontalmente y pasa axe`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page);
    });
  }
});
