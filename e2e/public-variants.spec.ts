import { expect, test, type APIRequestContext } from "@playwright/test";

// Every filter, view, tab and open sector of the public list pages is a pre-rendered page
// (issue 11 point 1): the query URLs people share answer 200 from Next's cache
// (x-nextjs-cache: HIT once warm, also with campaign parameters), show that state in the
// server's HTML (no JavaScript here), keep the page's canonical URL, and unknown values are 404.

type Variant = { url: string; canonical: string; shows: RegExp };

const VARIANTS: Variant[] = [
  { url: "/productos?categoria=ERP", canonical: "/productos", shows: /data-testid="result-count"[^>]*>\d+ productos?(?:<!-- -->|\s)*en <span[^>]*>ERP</ },
  {
    url: "/productos?categoria=Gesti%C3%B3n+Documental",
    canonical: "/productos",
    shows: /data-testid="result-count"[^>]*>\d+ productos?(?:<!-- -->|\s)*en <span[^>]*>Gestión Documental</,
  },
  { url: "/servicios?vista=lista", canonical: "/servicios", shows: /data-view="list"/ },
  {
    url: "/servicios?categoria=Integraci%C3%B3n&vista=lista",
    canonical: "/servicios",
    shows: /data-testid="result-count"[^>]*>\d+ servicios?(?:<!-- -->|\s)*en <span[^>]*>Integración<\/span><\/p><ul[^>]*data-view="list"/,
  },
  { url: "/servicios?categoria=Business%20Intelligence", canonical: "/servicios", shows: /en <span[^>]*>Business Intelligence<\/span><\/p><ul[^>]*data-view="grid"/ },
  { url: "/tecnologias?categoria=DevOps&vista=lista", canonical: "/tecnologias", shows: /data-testid="technology-count"[^>]*>[^<]*tecnologías?<!-- -->[^<]*en DevOps/ },
  { url: "/tecnologias?vista=grid", canonical: "/tecnologias", shows: /data-testid="technology-count"/ },
  { url: "/soluciones?tab=servicios", canonical: "/soluciones", shows: /aria-current="page"[^>]*>Servicios Especializados</ },
  { url: "/soluciones?tab=sectores", canonical: "/soluciones", shows: /aria-current="page"[^>]*>Por Sector</ },
  { url: "/sectores?sector=salud", canonical: "/sectores", shows: /id="sector-salud"[^>]*><article data-testid="sector-card" data-open="true"/ },
];

const NOT_FOUND = [
  "/productos?categoria=erp",
  "/productos?categoria=Nube",
  "/productos?categoria=%25",
  "/servicios?vista=mosaico",
  "/servicios?categoria=Integraci%C3%B3n&vista=tabla",
  "/tecnologias?categoria=Blockchain",
  "/tecnologias?vista=lista&categoria=devops",
  "/soluciones?tab=precios",
  "/sectores?sector=no-existe",
  "/sectores?sector=Salud",
  "/sectores?sector=a%2Fb",
  // The segment a rewrite sends unknown values to.
  "/productos/v/-",
];

/** Two requests: the second one must come from the pre-rendered cache. */
async function warm(request: APIRequestContext, url: string) {
  await request.get(url);
  const response = await request.get(url);
  return { status: response.status(), cache: response.headers()["x-nextjs-cache"], html: await response.text() };
}

/** The path of the page's canonical URL (its origin is SITE_URL as of the build). */
function canonicalOf(html: string): string | undefined {
  const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return href === undefined ? undefined : new URL(href).pathname;
}

test.describe("variantes pre-renderizadas", () => {
  for (const variant of VARIANTS) {
    test(`${variant.url} sale de la caché con su estado y la URL canónica de la página`, async ({ request }) => {
      const answer = await warm(request, variant.url);
      expect(answer.status).toBe(200);
      expect(answer.cache, "x-nextjs-cache").toBe("HIT");
      expect(variant.shows.test(answer.html), `${variant.url} shows ${variant.shows}`).toBe(true);
      expect(canonicalOf(answer.html)).toBe(variant.canonical);

      // Campaign parameters change nothing: the same cached page.
      const tagged = await warm(request, `${variant.url}&utm_source=boletin&utm_medium=correo`);
      expect(tagged.status).toBe(200);
      expect(tagged.cache).toBe("HIT");
      expect(variant.shows.test(tagged.html), `${variant.url} + utm shows ${variant.shows}`).toBe(true);
    });
  }

  test("las páginas base también salen de la caché, con o sin parámetros de campaña", async ({ request }) => {
    for (const url of ["/productos", "/servicios", "/tecnologias", "/soluciones", "/sectores", "/productos?utm_source=x"]) {
      const answer = await warm(request, url);
      expect(answer.status, url).toBe(200);
      expect(answer.cache, url).toBe("HIT");
    }
  });

  test("un valor desconocido es un 404 con la página de error en español", async ({ request }) => {
    for (const url of NOT_FOUND) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(404);
      const html = await response.text();
      expect(html, url).toContain("Página no encontrada");
      expect(html, url).toMatch(/<meta name="robots" content="[^"]*noindex/);
    }
  });

  test("la dirección interna de una variante no es una segunda dirección pública: su canónica es la página", async ({ request }) => {
    const response = await request.get("/productos/v/erp");
    expect(response.status()).toBe(200);
    expect(canonicalOf(await response.text())).toBe("/productos");
  });

  test("con JavaScript, filtros, vistas y pestañas navegan en el cliente hasta su variante", async ({ page }) => {
    await page.goto("/servicios");
    await page.getByRole("navigation", { name: "Filtrar por categoría" }).getByRole("link", { name: "Integración" }).click();
    await expect(page).toHaveURL(/\/servicios\?categoria=Integraci%C3%B3n$/);
    await expect(page.getByTestId("result-count")).toContainText("en Integración");
    await page.getByRole("group", { name: "Vista" }).getByRole("button", { name: "Lista" }).click();
    await expect(page).toHaveURL(/vista=lista/);
    await expect(page.locator('ul[data-view="list"]')).toHaveCount(1);
    await expect(page.getByTestId("result-count")).toContainText("en Integración");

    await page.goto("/soluciones");
    await page.getByRole("link", { name: "Por Sector" }).click();
    await expect(page).toHaveURL(/\?tab=sectores$/);
    await expect(page.getByRole("heading", { level: 2, name: "Por Sector" })).toBeVisible();
    await page.getByRole("link", { name: "Transformación Digital" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Transformación Digital" })).toBeVisible();
  });

  test("sin JavaScript, el filtro y el sector abierto vienen en el HTML y sus enlaces siguen funcionando", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/productos");
    await page.getByRole("link", { name: "CRM", exact: true }).click();
    await expect(page).toHaveURL(/\/productos\?categoria=CRM$/);
    await expect(page.getByTestId("result-count")).toContainText("en CRM");

    await page.goto("/sectores?sector=retail");
    const open = page.locator('[data-testid="sector-card"][data-open="true"]');
    await expect(open).toHaveCount(1);
    await expect(open.getByTestId("sector-panel")).toBeVisible();
    await context.close();
  });
});
