import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CatalogDetail } from "@/components/site/catalog/catalog-detail";
import { CATALOG_PAGES } from "@/components/site/catalog/catalog-kinds";
import { categoryFilterLinks, listHref } from "@/components/site/catalog/list-params";
import { safeExternalUrl, videoSource } from "@/components/site/catalog/media-urls";
import { catalogItemJsonLd, catalogItemMetadata, faqEntries } from "@/components/site/catalog/seo";
import { findPublicCatalogItem, listPublicCatalogItems } from "@/lib/catalog/queries";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { absoluteUrl } from "@/lib/site-url";

// Helpers of the public product and service pages: URL state of the lists, video URLs and the
// structured data / metadata of detail pages (checked against the seeded catalogue).


const KINDS: CatalogKind[] = ["product", "service"];

describe("filtros de las listas", () => {
  it("los filtros son Todos más las categorías públicas; el activo quita el filtro y conserva la vista", () => {
    const page = CATALOG_PAGES.service;
    const category = page.categories[2];
    const links = categoryFilterLinks(page.basePath, page.categories, { category, view: "list" });
    expect(links.map((link) => link.label)).toEqual(["Todos", ...page.categories]);
    expect(links.filter((link) => link.active).map((link) => link.label)).toEqual([category]);

    const active = links.find((link) => link.active)!;
    expect(active.href).toBe(listHref(page.basePath, { category: null, view: "list" }));
    for (const link of links.filter((link) => !link.active && link.label !== "Todos")) {
      expect(link.href).toBe(listHref(page.basePath, { category: link.label, view: "list" }));
    }
  });

  it("la URL de un estado es la ruta de su variante; el estado por defecto es la página misma", () => {
    expect(listHref("/servicios", { category: null, view: "grid" })).toBe("/servicios");
    expect(listHref("/servicios", { category: null, view: "list" })).toBe("/servicios/ver/todas/lista");
    expect(listHref("/servicios", { category: "Integración", view: "grid" })).toBe("/servicios/ver/integracion/grid");
    expect(listHref("/servicios", { category: "Integración", view: "list" })).toBe("/servicios/ver/integracion/lista");
    expect(listHref("/productos", { category: "Gestión Documental", view: "grid" })).toBe("/productos/ver/gestion-documental");
    expect(() => listHref("/productos", { category: "Nube", view: "grid" })).toThrow();
  });
});

describe("videos", () => {
  it("YouTube (cualquier forma de URL) se incrusta desde youtube-nocookie.com con el mismo id", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=Lm3rPq7yT2c&t=42",
      "https://youtu.be/Lm3rPq7yT2c",
      "https://www.youtube.com/embed/Lm3rPq7yT2c",
      "https://youtube.com/shorts/Lm3rPq7yT2c",
      "https://m.youtube.com/watch?v=Lm3rPq7yT2c",
    ]) {
      const source = videoSource(url);
      expect(source, url).toMatchObject({ type: "embed", provider: "YouTube", src: "https://www.youtube-nocookie.com/embed/Lm3rPq7yT2c" });
    }
  });

  it("Vimeo se incrusta desde player.vimeo.com; otras direcciones quedan como enlace; lo demás se descarta", () => {
    const vimeo = videoSource("https://vimeo.com/76979871");
    expect(vimeo).toMatchObject({ type: "embed", provider: "Vimeo" });
    expect(vimeo?.type === "embed" && new URL(vimeo.src).host).toBe("player.vimeo.com");
    expect(videoSource("https://cdn.example.pe/demo.mp4")).toEqual({ type: "link", href: "https://cdn.example.pe/demo.mp4" });
    expect(videoSource("https://www.youtube.com/watch?v=<script>")).toEqual({ type: "link", href: expect.any(String) });
    expect(videoSource("javascript:alert(1)")).toBeNull();
    expect(videoSource("/videos/local.mp4")).toBeNull();
    expect(safeExternalUrl("ftp://docs.lumenti.pe")).toBeNull();
    expect(safeExternalUrl(" https://docs.lumenti.pe/erp ")).toBe("https://docs.lumenti.pe/erp");
  });
});

describe("datos estructurados y metadatos de las fichas", () => {
  for (const kind of KINDS) {
    it(`${kind}: cada ítem activo da su tipo schema.org, su oferta, sus migas y su FAQ`, async () => {
      const items = await listPublicCatalogItems(kind);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const [main, breadcrumb, faq] = catalogItemJsonLd(kind, item, "Lumen Consultoría TI") as Record<string, never>[];
        const path = `${CATALOG_PAGES[kind].basePath}/${item.slug}`;

        expect(main["@type"]).toBe(kind === "product" ? "Product" : "Service");
        // The image is the widest file of the main image (an upload's 1600 px size, or the site's own SVG).
        if (item.image_set) {
          const widest = item.image_set.srcset ? item.image_set.srcset.split(", ").at(-1)!.split(" ")[0] : item.image_set.src;
          expect(main["image"]).toBe(absoluteUrl(widest));
        } else {
          expect(main["image"]).toBeUndefined();
        }
        expect(main["name"]).toBe(item.name);
        expect(String(main["url"]).endsWith(path)).toBe(true);
        if (item.price_from === null) expect(main["offers"]).toBeUndefined();
        else expect(main["offers"]).toMatchObject({ price: item.price_from.toFixed(2), priceCurrency: item.currency });
        if (kind === "service") {
          expect(main["provider"]).toMatchObject({ "@type": "Organization", name: "Lumen Consultoría TI" });
          expect(main["areaServed"]).toMatchObject({ name: "Perú" });
        }

        const trail = (breadcrumb["itemListElement"] as { name: string; item: string }[]).map((entry) => entry.name);
        expect(trail).toEqual(["Inicio", CATALOG_PAGES[kind].listLabel, item.name]);

        // FAQ: split at the FIRST colon, so question + ":" + answer gives the stored entry back.
        const answered = item.faq.filter((entry) => entry.indexOf(":") > 0 && entry.slice(entry.indexOf(":") + 1).trim() !== "");
        if (answered.length === 0) {
          expect(faq).toBeUndefined();
        } else {
          const questions = faq["mainEntity"] as { name: string; acceptedAnswer: { text: string } }[];
          expect(questions).toHaveLength(answered.length);
          questions.forEach((question, index) => {
            expect(`${question.name}:${question.acceptedAnswer.text}`.replace(/\s/g, "")).toBe(answered[index].replace(/\s/g, ""));
            expect(question.name).not.toContain(":");
          });
        }
        expect(faqEntries(item).length).toBeGreaterThanOrEqual(answered.length);
      }
    });

    it(`${kind}: los metadatos usan el SEO del ítem o, si falta, su nombre y descripción, con la URL del slug como canónica`, async () => {
      for (const item of await listPublicCatalogItems(kind)) {
        const metadata = catalogItemMetadata(kind, item);
        const title = typeof metadata.title === "object" && metadata.title && "absolute" in metadata.title ? metadata.title.absolute : metadata.title;
        expect(title).toBe(item.meta_title || item.name);
        expect(metadata.description).toBe(item.meta_description || item.description);
        expect(String(metadata.alternates?.canonical).endsWith(`${CATALOG_PAGES[kind].basePath}/${item.slug}`)).toBe(true);
      }
    });
  }

  it("una pregunta cuya respuesta contiene dos puntos se parte solo en el primero", () => {
    const [entry] = faqEntries({ faq: ["¿Horario?: De 9:00 a 18:00"] });
    expect(entry).toEqual({ question: "¿Horario?", answer: "De 9:00 a 18:00" });
  });
});

describe("la ficha que mide Lighthouse", () => {
  it("lumen-erp-pyme tiene imágenes subidas en su galería: <picture> perezosos, y la principal se pide primero", async () => {
    const item = await findPublicCatalogItem("product", "lumen-erp-pyme");
    expect(item).not.toBeNull();
    const uploads = item!.gallery_image_sets.filter((image) => image.srcset !== "");
    expect(uploads.length).toBeGreaterThan(0);
    const html = renderToStaticMarkup(createElement(CatalogDetail, { kind: "product", item: item! }));
    const gallery = html.slice(html.indexOf('id="detalle-galeria"'));
    expect(gallery.match(/<picture>/g)?.length).toBe(uploads.length);
    expect(gallery).not.toContain('fetchPriority="high"');
    for (const image of uploads) expect(gallery).toContain(`src="${image.src}"`);
    // Only the main image is fetched first (React adds a preload for it when it is a plain <img>).
    expect(html.match(/<img [^>]*fetchPriority="high"/g)?.length ?? 0).toBe(item!.image_set ? 1 : 0);
  });
});
