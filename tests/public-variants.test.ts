import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher";
import { parseUrl } from "next/dist/shared/lib/router/utils/parse-url";
import { describe, expect, it } from "vitest";
import { CATALOG_PAGES } from "@/components/site/catalog/catalog-kinds";
import { categoryFilterLinks, listHref, listStateOfSegments, type ListState } from "@/components/site/catalog/list-params";
import { sectorToggleHref } from "@/components/site/content/sector-accordion";
import { SOLUTION_TABS } from "@/components/site/content/solution-tabs";
import { technologiesHref } from "@/components/site/content/technology-filters";
import { TECHNOLOGY_CATEGORIES } from "@/lib/content/technology-categories";
import {
  LEGACY_QUERY_PARAMS,
  legacyVariantPath,
  PRODUCTS_VARIANTS,
  SECTOR_SLUG,
  sectorHref,
  SERVICES_VARIANTS,
  SOLUTIONS_VARIANTS,
  TECHNOLOGIES_VARIANTS,
  valueOfSegment,
  VARIANT_SEGMENT,
  variantHref,
  variantSegments,
  type VariantPage,
} from "@/lib/public-variants";
import { config as proxyConfig } from "@/proxy";
import { sectors as seededSectors } from "@/prisma/seed-data/sectors";

// The site links to each variant's own path (/servicios/ver/integracion/lista), which nothing
// rewrites; the query URLs it once linked to (/servicios?categoria=Integración&vista=lista) go to
// the same pre-rendered variant routes through proxy.ts. These tests decide whether the proxy runs
// for a URL with Next's own matcher code (what its router calls) on proxy.ts's real matcher, and
// then take the proxy's rewrite (legacyVariantPath, as proxy.ts reads the URL).

/** Next's build compiles proxy.ts's matcher with this (exported by the module, not by its types). */
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers(matcher: unknown, nextConfig: { basePath: string }): Parameters<typeof getMiddlewareRouteMatcher>[0];
};

/** Does Next run proxy.ts for this URL? Its matcher, compiled and tested as Next does. */
const proxyRuns = (() => {
  const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(proxyConfig.matcher, { basePath: "" }));
  return (url: string) => {
    const parsed = parseUrl(url);
    return matches(parsed.pathname, { headers: {} } as never, parsed.query);
  };
})();

/** The path a URL is served from after proxy.ts's rewrites. */
async function servedPath(url: string): Promise<string> {
  const parsed = new URL(url, "http://localhost");
  if (!proxyRuns(url)) return parsed.pathname;
  return legacyVariantPath(parsed.pathname, parsed.searchParams) ?? parsed.pathname;
}

/**
 * The segments of the variant a path serves: the page itself is the one without parameters; null
 * when the path is not one of its pre-rendered variants.
 */
function variantOf(page: VariantPage, path: string): string[] | null {
  if (path === page.basePath) return page.params.map((param) => param.absent);
  const prefix = `${page.basePath}/${VARIANT_SEGMENT}/`;
  if (!path.startsWith(prefix)) return null;
  const segments = path.slice(prefix.length).split("/");
  return variantSegments(page).some((known) => known.join("/") === segments.join("/")) ? segments : null;
}

/** The URL goes to a path no route pre-renders (dynamicParams = false there): a 404. */
async function expectNotFound(page: VariantPage, url: string) {
  const path = await servedPath(url);
  expect(path.startsWith(`${page.basePath}/${VARIANT_SEGMENT}/`), url).toBe(true);
  expect(variantOf(page, path), url).toBeNull();
}

const CATALOG = [
  { variants: PRODUCTS_VARIANTS, page: CATALOG_PAGES.product, withView: false },
  { variants: SERVICES_VARIANTS, page: CATALOG_PAGES.service, withView: true },
];

describe("variantes de las listas del catálogo", () => {
  for (const { variants, page, withView } of CATALOG) {
    it(`${page.basePath}: cada enlace de filtro y de vista es la ruta de su página pre-renderizada, sin reescritura`, async () => {
      const states: ListState[] = [null, ...page.categories].flatMap((category) =>
        withView ? [{ category, view: "grid" as const }, { category, view: "list" as const }] : [{ category, view: "grid" as const }],
      );
      const links = states.flatMap((state) => [listHref(page.basePath, state), ...categoryFilterLinks(page.basePath, page.categories, state).map((link) => link.href)]);
      expect(links.length).toBeGreaterThan(states.length);
      expect(listHref(page.basePath, { category: null, view: "grid" })).toBe(page.basePath);
      for (const state of states) {
        const href = listHref(page.basePath, state);
        expect(await servedPath(href), href).toBe(href);
        const segments = variantOf(variants, href);
        expect(segments, href).not.toBeNull();
        const [categoria, vista] = segments!;
        expect(listStateOfSegments(variants, { categoria, vista })).toEqual(state);
      }
      for (const href of links) {
        expect(await servedPath(href), href).toBe(href);
        expect(variantOf(variants, href), href).not.toBeNull();
      }
    });

    it(`${page.basePath}: las URL con consulta de antes llegan a la misma página que el enlace`, async () => {
      for (const category of [null, ...page.categories]) {
        for (const view of withView ? (["grid", "list"] as const) : (["grid"] as const)) {
          const query = new URLSearchParams();
          if (category) query.set("categoria", category);
          if (view === "list") query.set("vista", "lista");
          const legacy = query.size ? `${page.basePath}?${query}` : page.basePath;
          expect(await servedPath(legacy), legacy).toBe(listHref(page.basePath, { category, view }));
        }
      }
    });

    it(`${page.basePath}: valores desconocidos van a una ruta que no existe (404)`, async () => {
      const first = page.categories[0];
      for (const query of ["categoria=x", `categoria=${encodeURIComponent(first.toLowerCase())}`, "categoria=%25", "categoria=a%2Fb", "categoria=%E0"]) {
        await expectNotFound(variants, `${page.basePath}?${query}`);
      }
      if (withView) {
        for (const query of ["vista=mosaico", `categoria=${encodeURIComponent(first)}&vista=cuadricula`]) {
          await expectNotFound(variants, `${page.basePath}?${query}`);
        }
      }
    });
  }

  it("acentos y espacios: %20, + y la forma sin codificar llegan a la misma variante", async () => {
    const expected = await servedPath("/servicios?categoria=Integraci%C3%B3n&vista=lista");
    expect(expected).toBe("/servicios/ver/integracion/lista");
    expect(await servedPath("/servicios?vista=lista&categoria=Integración")).toBe(expected);
    expect(await servedPath("/productos?categoria=Gesti%C3%B3n+Documental")).toBe("/productos/ver/gestion-documental");
    expect(await servedPath("/productos?categoria=Gesti%C3%B3n%20Documental")).toBe("/productos/ver/gestion-documental");
    // Another Unicode form of "ó" is another value, as before: 404.
    await expectNotFound(PRODUCTS_VARIANTS, "/productos?categoria=Gestio%CC%81n+Documental");
  });

  it("la página sin parámetros es su propia ruta, sin reescritura", async () => {
    for (const path of ["/productos", "/servicios", "/tecnologias", "/soluciones", "/sectores"]) expect(await servedPath(path)).toBe(path);
  });

  it("otros parámetros (campañas) no cambian la página servida", async () => {
    expect(await servedPath("/productos?utm_source=boletin")).toBe("/productos");
    expect(await servedPath("/productos?categoria=ERP&utm_source=boletin&utm_medium=correo")).toBe("/productos/ver/erp");
    expect(await servedPath("/servicios?utm_campaign=x&vista=lista")).toBe("/servicios/ver/todas/lista");
  });

  it("un valor vacío cuenta como ausente y un parámetro repetido vale por su último valor", async () => {
    expect(await servedPath("/productos?categoria=")).toBe("/productos");
    expect(await servedPath("/servicios?categoria=Desarrollo&vista=")).toBe("/servicios/ver/desarrollo/grid");
    expect(await servedPath("/productos?categoria=x&categoria=CRM")).toBe("/productos/ver/crm");
    await expectNotFound(PRODUCTS_VARIANTS, "/productos?categoria=CRM&categoria=x");
  });

  it("los productos no tienen vista de lista: ?vista se ignora", async () => {
    expect(await servedPath("/productos?vista=lista")).toBe("/productos");
  });
});

describe("variantes de tecnologías, soluciones y sectores", () => {
  it("/tecnologias: cada categoría y vista llega a su página con esa categoría y esa vista", async () => {
    for (const category of [undefined, ...TECHNOLOGY_CATEGORIES]) {
      for (const view of ["grid", "lista"] as const) {
        const href = technologiesHref(category, view);
        expect(await servedPath(href), href).toBe(href);
        const segments = variantOf(TECHNOLOGIES_VARIANTS, href);
        expect(segments, href).not.toBeNull();
        expect(valueOfSegment(TECHNOLOGIES_VARIANTS, "categoria", segments![0]) ?? undefined).toBe(category);
        expect(segments![1]).toBe(view);
        const query = new URLSearchParams({ ...(category ? { categoria: category } : {}), vista: view });
        expect(await servedPath(`/tecnologias?${query}`), query.toString()).toBe(variantHref(TECHNOLOGIES_VARIANTS, { categoria: category, vista: view }) === "/tecnologias" ? "/tecnologias/ver/todas/grid" : href);
      }
    }
    expect(await servedPath("/tecnologias?vista=grid")).toBe("/tecnologias/ver/todas/grid");
    for (const query of ["categoria=Nube", "vista=mosaico", "categoria=DevOps&vista=tabla"]) {
      await expectNotFound(TECHNOLOGIES_VARIANTS, `/tecnologias?${query}`);
    }
  });

  it("/soluciones: cada pestaña llega a su página; otra pestaña es 404", async () => {
    expect(SOLUTION_TABS[0].href).toBe("/soluciones");
    for (const tab of SOLUTION_TABS) {
      expect(await servedPath(tab.href)).toBe(tab.href);
      expect(variantOf(SOLUTIONS_VARIANTS, tab.href)).toEqual([tab.key]);
      if (tab.key !== "transformacion") expect(await servedPath(`/soluciones?tab=${tab.key}`)).toBe(tab.href);
    }
    expect(await servedPath("/soluciones?tab=transformacion")).toBe("/soluciones/ver/transformacion");
    await expectNotFound(SOLUTIONS_VARIANTS, "/soluciones?tab=precios");
  });

  it("/sectores: cada sector abierto llega a su página; lo que no es un slug, a una ruta inexistente", async () => {
    for (const sector of seededSectors) {
      const item = { slug: sector.slug, openHref: sectorHref(sector.slug) };
      expect(sectorToggleHref(item, false, sectorHref(null))).toBe(`/sectores/ver/${sector.slug}#sector-${sector.slug}`);
      expect(sectorToggleHref(item, true, sectorHref(null))).toBe(`/sectores#sector-${sector.slug}`);
      expect(await servedPath(item.openHref)).toBe(item.openHref);
      expect(await servedPath(`/sectores?sector=${sector.slug}`)).toBe(item.openHref);
    }
    // Slug-shaped but unknown: the page looks it up and answers 404.
    expect(await servedPath("/sectores?sector=mineria")).toBe("/sectores/ver/mineria");
    for (const query of ["sector=Retail", "sector=a%2Fb", "sector=%25", `sector=${"a".repeat(141)}`]) {
      const path = await servedPath(`/sectores?${query}`);
      expect(path, query).toBe("/sectores/ver/-");
      expect(SECTOR_SLUG.test(path.split("/").pop()!)).toBe(false);
    }
  });

  it("las demás rutas no se tocan", async () => {
    for (const path of ["/", "/productos/erp-nube", "/servicios/tableros-power-bi", "/contacto", "/api/v1/products"]) {
      expect(await servedPath(`${path}?categoria=ERP&tab=productos&sector=retail`)).toBe(path);
    }
  });
});

describe("proxy.ts y las URL con consulta", () => {
  it("corre para cada página y parámetro de las URL antiguas, y para ninguna página sin ellos", () => {
    for (const { path, key } of LEGACY_QUERY_PARAMS) {
      expect(proxyRuns(`${path}?${key}=x`), `${path}?${key}`).toBe(true);
      expect(proxyRuns(path), path).toBe(false);
      expect(proxyRuns(`${path}?utm_source=boletin`), `${path}?utm_source`).toBe(false);
    }
    for (const path of ["/", "/nosotros", "/productos/ver/erp", "/servicios/ver/todas/lista", "/productos/lumen-erp-pyme"]) expect(proxyRuns(path), path).toBe(false);
  });

  it("corre para toda ruta con un escape %, y la ruta sin escape no lo paga", () => {
    for (const path of ["/productos/%zz", "/x%C0%AF", "/api/v1/%FF", "/admin/%E0%A4", "/nosotros%20"]) expect(proxyRuns(path), path).toBe(true);
    expect(proxyRuns("/contacto")).toBe(false);
  });

  it("corre para las áreas privadas y sus rutas", () => {
    for (const path of ["/admin", "/admin/dashboard", "/admin/invoices/12", "/client", "/client/tickets/new", "/dashboard"]) expect(proxyRuns(path), path).toBe(true);
    for (const path of ["/administracion", "/clientes", "/api/v1/admin/users"]) expect(proxyRuns(path), path).toBe(false);
  });
});
