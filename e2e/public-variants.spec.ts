import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";

// Every filter, view, tab and open sector of the public list pages is a pre-rendered page
// with its own path under <page>/ver/… (lib/public-variants.ts), where the site's links go:
// it answers 200 from Next's cache (x-nextjs-cache: HIT once warm, also with
// campaign parameters), shows that state in the server's HTML (no JavaScript here) and keeps the
// page's canonical URL. The query URLs earlier versions linked to (and people shared) still work:
// each one is the very same page as its path. Unknown values, in either form, are 404.

type Variant = { url: string; path: string; canonical: string; shows: RegExp };

const VARIANTS: Variant[] = [
  { url: "/productos?categoria=ERP", path: "/productos/ver/erp", canonical: "/productos", shows: /data-testid="result-count"[^>]*>\d+ productos?(?:<!-- -->|\s)*en <span[^>]*>ERP</ },
  {
    url: "/productos?categoria=Gesti%C3%B3n+Documental",
    path: "/productos/ver/gestion-documental",
    canonical: "/productos",
    shows: /data-testid="result-count"[^>]*>\d+ productos?(?:<!-- -->|\s)*en <span[^>]*>Gestión Documental</,
  },
  { url: "/servicios?vista=lista", path: "/servicios/ver/todas/lista", canonical: "/servicios", shows: /data-view="list"/ },
  {
    url: "/servicios?categoria=Integraci%C3%B3n&vista=lista",
    path: "/servicios/ver/integracion/lista",
    canonical: "/servicios",
    shows: /data-testid="result-count"[^>]*>\d+ servicios?(?:<!-- -->|\s)*en <span[^>]*>Integración<\/span><\/p><ul[^>]*data-view="list"/,
  },
  {
    url: "/servicios?categoria=Business%20Intelligence",
    path: "/servicios/ver/business-intelligence/grid",
    canonical: "/servicios",
    shows: /en <span[^>]*>Business Intelligence<\/span><\/p><ul[^>]*data-view="grid"/,
  },
  {
    url: "/tecnologias?categoria=DevOps&vista=lista",
    path: "/tecnologias/ver/devops/lista",
    canonical: "/tecnologias",
    shows: /data-testid="technology-count"[^>]*>[^<]*tecnologías?<!-- -->[^<]*en DevOps/,
  },
  { url: "/tecnologias?vista=grid", path: "/tecnologias/ver/todas/grid", canonical: "/tecnologias", shows: /data-testid="technology-count"/ },
  { url: "/soluciones?tab=servicios", path: "/soluciones/ver/servicios", canonical: "/soluciones", shows: /aria-current="page"[^>]*>Servicios Especializados</ },
  { url: "/soluciones?tab=sectores", path: "/soluciones/ver/sectores", canonical: "/soluciones", shows: /aria-current="page"[^>]*>Por Sector</ },
  { url: "/sectores?sector=salud", path: "/sectores/ver/salud", canonical: "/sectores", shows: /id="sector-salud"[^>]*><article data-testid="sector-card" data-open="true"/ },
];

const NOT_FOUND = [
  // Legacy query URLs with a value the page does not know.
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
  // The same in path form: unknown segments, labels instead of segments, missing or extra segments.
  "/productos/ver/x",
  "/productos/ver/ERP",
  "/productos/ver/crm/grid",
  "/productos/ver",
  "/servicios/ver/todas/mosaico",
  "/servicios/ver/integracion/tabla",
  "/servicios/ver/integracion",
  "/servicios/ver/Integraci%C3%B3n/lista",
  "/tecnologias/ver/blockchain/grid",
  "/tecnologias/ver/devops",
  "/soluciones/ver/precios",
  "/sectores/ver/no-existe",
  "/sectores/ver/Salud",
  // The segment a rewrite sends unknown values to, and the old internal folder (now "ver").
  "/productos/ver/-",
  "/productos/v/-",
  "/productos/v/erp",
];

/**
 * Requests the page until the cache answers it (10 s at most), then once more: that answer must
 * come from the pre-rendered cache. An earlier spec's write leaves the copy stale or expired, and
 * on a slow machine its new render outlasts a request (answered STALE meanwhile).
 */
async function warm(request: APIRequestContext, url: string) {
  const deadline = Date.now() + 10_000;
  while ((await request.get(url)).headers()["x-nextjs-cache"] !== "HIT" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const response = await request.get(url);
  return { status: response.status(), cache: response.headers()["x-nextjs-cache"], html: await response.text() };
}

/** The path of the page's canonical URL (its origin is SITE_URL as of the build). */
function canonicalOf(html: string): string | undefined {
  const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  return href === undefined ? undefined : new URL(href).pathname;
}

/** The href attribute of each matched link, in order, as written in the HTML. */
function hrefsOf(links: Locator): Promise<(string | null)[]> {
  return links.evaluateAll((items) => items.map((link) => link.getAttribute("href")));
}

/** The path of a link or form target, failing on a query: the site links to the variants' paths. */
function pathOnly(href: string | null): string {
  expect(href, "href/action").not.toBeNull();
  expect(href!, `${href} has no query`).not.toContain("?");
  return href!;
}

test.describe("variantes pre-renderizadas", () => {
  for (const variant of VARIANTS) {
    test(`${variant.path} sale de la caché con su estado y la URL canónica de la página`, async ({ request }) => {
      const answer = await warm(request, variant.path);
      expect(answer.status).toBe(200);
      expect(answer.cache, "x-nextjs-cache").toBe("HIT");
      expect(variant.shows.test(answer.html), `${variant.path} shows ${variant.shows}`).toBe(true);
      expect(canonicalOf(answer.html)).toBe(variant.canonical);

      // Campaign parameters change nothing: the same cached page.
      const tagged = await warm(request, `${variant.path}?utm_source=boletin&utm_medium=correo`);
      expect(tagged.status).toBe(200);
      expect(tagged.cache).toBe("HIT");
      expect(variant.shows.test(tagged.html), `${variant.path} + utm shows ${variant.shows}`).toBe(true);
    });

    test(`${variant.url} (URL antigua) sigue sirviendo la misma página que ${variant.path}`, async ({ request }) => {
      const legacy = await warm(request, variant.url);
      expect(legacy.status).toBe(200);
      expect(legacy.cache, "x-nextjs-cache").toBe("HIT");
      expect(variant.shows.test(legacy.html), `${variant.url} shows ${variant.shows}`).toBe(true);
      expect(canonicalOf(legacy.html)).toBe(variant.canonical);
      // Not a look-alike: the very same pre-rendered document.
      const current = await warm(request, variant.path);
      expect(legacy.html === current.html, `${variant.url} serves the same HTML as ${variant.path}`).toBe(true);

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

  test("la ruta de una variante sin filtro no es una segunda dirección pública: su canónica es la página", async ({ request }) => {
    for (const [path, canonical] of [
      ["/productos/ver/todas", "/productos"],
      ["/servicios/ver/todas/grid", "/servicios"],
      ["/tecnologias/ver/todas/grid", "/tecnologias"],
      ["/soluciones/ver/transformacion", "/soluciones"],
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(canonicalOf(await response.text()), path).toBe(canonical);
    }
  });

  test("los enlaces de /servicios (filtros y vista) apuntan a rutas, sin «?»", async ({ page }) => {
    await page.goto("/servicios");
    const filters = page.getByRole("navigation", { name: "Filtrar por categoría" }).getByRole("link");
    const hrefs = await hrefsOf(filters);
    expect(hrefs.map(pathOnly)).toEqual([
      "/servicios",
      "/servicios/ver/business-intelligence/grid",
      "/servicios/ver/automatizacion/grid",
      "/servicios/ver/integracion/grid",
      "/servicios/ver/desarrollo/grid",
      "/servicios/ver/consultoria/grid",
    ]);
    // The view toggle: one link per view, to the list in that view.
    const toggle = page.getByRole("navigation", { name: "Vista" }).getByRole("link");
    const toggleHrefs = await hrefsOf(toggle);
    expect(toggleHrefs).toEqual(["/servicios", "/servicios/ver/todas/lista"]);

    // With a filter and the list view, the links keep both, still as paths.
    await page.goto("/servicios/ver/integracion/lista");
    const filtered = await hrefsOf(filters);
    expect(filtered.map(pathOnly)).toEqual([
      "/servicios/ver/todas/lista",
      "/servicios/ver/business-intelligence/lista",
      "/servicios/ver/automatizacion/lista",
      // The active filter clears itself.
      "/servicios/ver/todas/lista",
      "/servicios/ver/desarrollo/lista",
      "/servicios/ver/consultoria/lista",
    ]);
    const filteredToggle = await hrefsOf(toggle);
    expect(filteredToggle).toEqual(["/servicios/ver/integracion/grid", "/servicios/ver/integracion/lista"]);
  });

  // A link to a query URL would cost a rewrite per request and, followed on the client, show the
  // unfiltered list (Next reuses a loaded route-file page for another query string of its path).
  test("ninguna página pública enlaza a las URL con consulta de las listas", async ({ request }) => {
    const pages = ["/", "/productos", "/servicios", "/tecnologias", "/soluciones", "/sectores", "/nosotros", "/contacto", ...VARIANTS.map((variant) => variant.path)];
    // An attribute (href="/productos?…") or a prop in the inline RSC payload (\"href\":\"/productos?…).
    const queryLink = /(?:href|action)\\?"?[=:]\\?"\/(?:productos|servicios|tecnologias|soluciones|sectores)\?/;
    for (const url of pages) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      expect(html.match(queryLink)?.[0], url).toBeUndefined();
    }
  });

  test("con JavaScript, filtros, vistas y pestañas navegan en el cliente hasta su variante", async ({ page }) => {
    await page.goto("/servicios");
    // A marker that a full page load would wipe: each step below is a client-side navigation.
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1));
    const marker = () => page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker);
    await page.getByRole("navigation", { name: "Filtrar por categoría" }).getByRole("link", { name: "Integración" }).click();
    await expect(page).toHaveURL(/\/servicios\/ver\/integracion\/grid$/);
    await expect(page.getByTestId("result-count")).toContainText("en Integración");
    await page.getByRole("navigation", { name: "Vista" }).getByRole("link", { name: "Lista" }).click();
    await expect(page).toHaveURL(/\/servicios\/ver\/integracion\/lista$/);
    await expect(page.locator('ul[data-view="list"]')).toHaveCount(1);
    await expect(page.getByTestId("result-count")).toContainText("en Integración");
    expect(await marker(), "filter and view navigated on the client").toBe(1);

    await page.goto("/soluciones");
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1));
    await page.getByRole("link", { name: "Por Sector" }).click();
    await expect(page).toHaveURL(/\/soluciones\/ver\/sectores$/);
    await expect(page.getByRole("heading", { level: 2, name: "Por Sector" })).toBeVisible();
    await page.getByRole("link", { name: "Transformación Digital" }).click();
    await expect(page).toHaveURL(/\/soluciones$/);
    await expect(page.getByRole("heading", { level: 2, name: "Transformación Digital" })).toBeVisible();
    expect(await marker(), "tabs navigated on the client").toBe(1);
  });

  test("sin JavaScript, el filtro y el sector abierto vienen en el HTML y sus enlaces siguen funcionando", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/productos");
    await page.getByRole("link", { name: "CRM", exact: true }).click();
    await expect(page).toHaveURL(/\/productos\/ver\/crm$/);
    await expect(page.getByTestId("result-count")).toContainText("en CRM");

    await page.goto("/sectores/ver/retail");
    const open = page.locator('[data-testid="sector-card"][data-open="true"]');
    await expect(open).toHaveCount(1);
    await expect(open.getByTestId("sector-panel")).toBeVisible();
    // The open card links back to the page with every card closed, the others to their own path.
    await expect(open.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", "/sectores#sector-retail");
    await expect(page.locator("#sector-salud").getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", "/sectores/ver/salud#sector-salud");
    await context.close();
  });
});
