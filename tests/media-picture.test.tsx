// @vitest-environment jsdom
// How the public pages draw images of the media library: an upload is a <picture> (AVIF, then
// WebP, then the original's format) whose sizes describe the real box, with its intrinsic size
// (no layout shift), its alt text, lazy loading except the one image above the fold, the focal
// point kept in crops and the placeholder behind it; a site image stays a plain <img>. Then the
// places that show them: catalogue cards, the detail page (hero and gallery), testimonial cards,
// the share image and structured data, and the admin's detail view.
import "./setup/dom";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CatalogDetailView as AdminCatalogDetailView } from "@/components/admin/catalog/catalog-detail-view";
import { CatalogDetail } from "@/components/site/catalog/catalog-detail";
import { catalogItemJsonLd, catalogItemMetadata } from "@/components/site/catalog/seo";
import { ProductCard, ServiceCard } from "@/components/site/catalog-cards";
import { CardCover, GRID_CARD_SIZES, MediaPicture } from "@/components/site/media";
import { TestimonialCard } from "@/components/site/testimonial-card";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import type { MediaImageSet } from "@/lib/media/serialize";
import type { TestimonialContract } from "@/lib/testimonials/serialize";

// The admin view's buttons and history load through the router and server actions.
vi.mock("next/navigation", () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn(), replace: vi.fn() }) }));
vi.mock("@/lib/catalog/actions", () => ({ deleteCatalogItemAction: vi.fn() }));
vi.mock("@/lib/audit/actions", () => ({ loadEntityHistoryAction: vi.fn(async () => ({ ok: true, data: [] })) }));

const PLACEHOLDER = "data:image/webp;base64,UklGRhIAAABXRUJQVlA4IAYAAAAwAQCdASoBAAEAAUAmJaQAA3AA/vuUAAA=";

/** An upload as the serializer gives it: JPEG fallback up to 1024 px for src, every width in the sets. */
function upload(overrides: Partial<MediaImageSet> = {}): MediaImageSet {
  const files = (format: string) => [320, 640, 1024, 1600].map((w) => `/media/k1/erp-${w}-a1b2.${format} ${w}w`).join(", ");
  return {
    id: 7,
    src: "/media/k1/erp-1024-a1b2.jpg",
    srcset: files("jpg"),
    sources: [
      { type: "image/avif", srcset: files("avif") },
      { type: "image/webp", srcset: files("webp") },
    ],
    width: 1600,
    height: 1000,
    alt: "Panel de ventas del ERP en una laptop",
    focal_point: null,
    placeholder: PLACEHOLDER,
    ...overrides,
  };
}

/** One of the repository's own SVGs, imported into the library. */
function siteImage(overrides: Partial<MediaImageSet> = {}): MediaImageSet {
  return {
    id: 3,
    src: "/images/products/lumen-erp-pyme.svg",
    srcset: "",
    sources: [],
    width: null,
    height: null,
    alt: "Ilustración de Lumen ERP Pyme",
    focal_point: null,
    placeholder: null,
    ...overrides,
  };
}

function catalogItem(overrides: Partial<CatalogItemContract> = {}): CatalogItemContract {
  return {
    id: 1, name: "Lumen ERP Pyme", slug: "lumen-erp-pyme", description: "ERP en la nube.", long_description: null, content_html: null,
    features: ["Facturación electrónica"], price_from: 149, currency: "USD", billing_period: "monthly", category: "ERP", is_featured: false,
    status: "active", demo_url: null, documentation_url: null, image: null, image_id: null, image_set: null, order_index: 0,
    gallery_images: [], gallery_image_ids: [], gallery_image_sets: [], videos: [], specifications: [], benefits: [], use_cases: [], faq: [],
    contact_email: null, contact_phone: null, meta_title: null, meta_description: null, meta_keywords: null,
    created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

function withImages(main: MediaImageSet | null, gallery: MediaImageSet[] = []) {
  return catalogItem({
    image: main?.src ?? null,
    image_id: main?.id ?? null,
    image_set: main,
    gallery_images: gallery.map((set) => set.src),
    gallery_image_ids: gallery.map((set) => set.id),
    gallery_image_sets: gallery,
  });
}

const img = (name: string) => screen.getByRole("img", { name });

describe("MediaPicture", () => {
  it("an upload is a <picture>: AVIF, then WebP, then an <img> in the original's format, all with the same sizes", () => {
    const set = upload({ sources: [...upload().sources].reverse() });
    const { container } = render(<MediaPicture image={set} sizes="(min-width: 1024px) 33vw, 100vw" width={640} height={360} />);
    const picture = container.querySelector("picture");
    expect(picture).not.toBeNull();
    const sources = [...picture!.querySelectorAll("source")];
    expect(sources.map((source) => source.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0].getAttribute("srcset")).toBe(upload().sources[0].srcset);
    expect(sources[1].getAttribute("srcset")).toBe(upload().sources[1].srcset);
    for (const source of sources) expect(source.getAttribute("sizes")).toBe("(min-width: 1024px) 33vw, 100vw");

    const image = img("Panel de ventas del ERP en una laptop");
    expect(image.parentElement).toBe(picture);
    expect(image.getAttribute("src")).toBe("/media/k1/erp-1024-a1b2.jpg");
    expect(image.getAttribute("srcset")).toBe(set.srcset);
    expect(image.getAttribute("sizes")).toBe("(min-width: 1024px) 33vw, 100vw");
    // The image's own size, not the box's: the browser reserves its ratio before any byte arrives.
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["1600", "1000"]);
  });

  it("is lazy by default; with priority it loads at once and first", () => {
    const { rerender } = render(<MediaPicture image={upload()} sizes="100vw" width={640} height={360} />);
    let image = img("Panel de ventas del ERP en una laptop");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("decoding")).toBe("async");
    expect(image.hasAttribute("fetchpriority")).toBe(false);

    rerender(<MediaPicture image={upload()} sizes="100vw" width={640} height={360} priority />);
    image = img("Panel de ventas del ERP en una laptop");
    expect(image.getAttribute("loading")).toBe("eager");
    expect(image.getAttribute("fetchpriority")).toBe("high");
  });

  it("a crop keeps the focal point in view, and the placeholder sits behind the image", () => {
    render(<MediaPicture image={upload({ focal_point: { x: 30, y: 75 } })} sizes="100vw" width={640} height={360} className="object-cover" />);
    const image = img("Panel de ventas del ERP en una laptop");
    expect(image.style.objectPosition).toBe("30% 75%");
    expect(image.style.backgroundImage).toMatch(/^url\("?data:image\/webp;base64,UklGRhIAAABXRUJQVlA4IAYAAAAwAQCdASoBAAEAAUAmJaQAA3AA\/vuUAAA="?\)$/);
    expect(image.style.backgroundSize).toBe("cover");
    expect(image.style.backgroundPosition).toBe("30% 75%");
  });

  it("without focal point or placeholder there is no inline style at all", () => {
    render(<MediaPicture image={upload({ placeholder: null })} sizes="100vw" width={640} height={360} />);
    expect(img("Panel de ventas del ERP en una laptop").hasAttribute("style")).toBe(false);
  });

  it("a placeholder that is not a small data URL of an image never reaches the style attribute", () => {
    for (const placeholder of ["https://otro.example/p.webp", "data:image/webp;base64,AAAA);background:url(/x", "data:text/html;base64,PGI+", `data:image/webp;base64,${"A".repeat(5000)}`]) {
      const { unmount } = render(<MediaPicture image={upload({ placeholder })} sizes="100vw" width={640} height={360} />);
      expect(img("Panel de ventas del ERP en una laptop").hasAttribute("style"), placeholder.slice(0, 40)).toBe(false);
      unmount();
    }
  });

  it("a site image is a plain <img> without srcset or sizes, sized like its box when it has no size of its own", () => {
    const { container } = render(<MediaPicture image={siteImage()} sizes="100vw" width={640} height={360} />);
    expect(container.querySelector("picture")).toBeNull();
    expect(container.querySelector("source")).toBeNull();
    const image = img("Ilustración de Lumen ERP Pyme");
    expect(image.getAttribute("src")).toBe("/images/products/lumen-erp-pyme.svg");
    expect(image.hasAttribute("srcset")).toBe(false);
    expect(image.hasAttribute("sizes")).toBe(false);
    expect([image.getAttribute("width"), image.getAttribute("height")]).toEqual(["640", "360"]);
    expect(image.getAttribute("loading")).toBe("lazy");
  });

  it("a site image with a known size keeps it", () => {
    render(<MediaPicture image={siteImage({ width: 800, height: 450 })} sizes="100vw" width={640} height={360} />);
    expect([img("Ilustración de Lumen ERP Pyme").getAttribute("width"), img("Ilustración de Lumen ERP Pyme").getAttribute("height")]).toEqual(["800", "450"]);
  });
});

describe("catalogue cards", () => {
  it("a product card shows its library image with the library's alt text and the grid's sizes", () => {
    render(<ProductCard item={withImages(upload())} />);
    const card = screen.getByTestId("product-card");
    const image = within(card).getByRole("img", { name: "Panel de ventas del ERP en una laptop" });
    expect(image.getAttribute("sizes")).toBe(GRID_CARD_SIZES);
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.className).toContain("object-cover");
  });

  it("a service card in the list view describes its narrower cover", () => {
    render(<ServiceCard item={{ ...withImages(upload()), name: "Integración SUNAT", slug: "integracion-sunat" }} layout="list" />);
    const image = img("Panel de ventas del ERP en una laptop");
    expect(image.getAttribute("sizes")).toBe("(min-width: 1024px) 288px, (min-width: 640px) 224px, 100vw");
  });

  it("without an image, or with one not served by this site, the cover is the drawing", () => {
    const { container, rerender } = render(<CardCover image={null} sizes="100vw" />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".cover [aria-hidden='true']")).not.toBeNull();
    rerender(<CardCover image={upload({ src: "https://otro.example/x.jpg", srcset: "", sources: [] })} sizes="100vw" />);
    expect(container.querySelector("img")).toBeNull();
  });
});

describe("the detail page", () => {
  it("the main image is eager and fetched first; the gallery is lazy, in order, with each image's alt text", () => {
    const gallery = [
      upload({ id: 11, alt: "Pantalla de inventario", src: "/media/k2/inv-1024-c3.jpg" }),
      siteImage({ id: 12, alt: "Diagrama de módulos", src: "/images/products/modulos.svg" }),
      upload({ id: 13, alt: "", src: "/media/k3/rep-1024-d4.jpg" }),
    ];
    render(<CatalogDetail kind="product" item={withImages(upload({ focal_point: { x: 60, y: 40 } }), gallery)} />);

    const main = img("Panel de ventas del ERP en una laptop");
    expect(main.getAttribute("loading")).toBe("eager");
    expect(main.getAttribute("fetchpriority")).toBe("high");
    expect(main.getAttribute("sizes")).toBe("(min-width: 1280px) 549px, (min-width: 1024px) 48vw, 100vw");
    expect(main.style.objectPosition).toBe("60% 40%");

    const section = screen.getByRole("region", { name: "Galería" });
    const tiles = within(section).getAllByRole("img");
    // An image without alt text (an old row) still gets a name: the item and its position.
    expect(tiles.map((tile) => tile.getAttribute("alt"))).toEqual(["Pantalla de inventario", "Diagrama de módulos", "Lumen ERP Pyme: imagen 3 de 3"]);
    expect(tiles.map((tile) => tile.getAttribute("loading"))).toEqual(["lazy", "lazy", "lazy"]);
    expect(tiles.some((tile) => tile.hasAttribute("fetchpriority"))).toBe(false);
    expect(tiles[0].getAttribute("sizes")).toBe(GRID_CARD_SIZES);
    expect(tiles[0].closest("picture")).not.toBeNull();
    expect(tiles[1].closest("picture")).toBeNull();
  });

  it("without gallery images the section is not there; without a main image the hero shows the drawing", () => {
    const { container } = render(<CatalogDetail kind="service" item={withImages(null)} />);
    expect(screen.queryByRole("region", { name: "Galería" })).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });

  it("the share image and the structured data point at the widest file, as an absolute URL", () => {
    const item = withImages(upload());
    const metadata = catalogItemMetadata("product", item);
    const shared = (metadata.openGraph?.images as { url: string }[])[0].url;
    expect(shared).toMatch(/^https?:\/\/[^/]+\/media\/k1\/erp-1600-a1b2\.jpg$/);
    const [main] = catalogItemJsonLd("product", item, "Lumen Consultoría TI") as Record<string, unknown>[];
    expect(main.image).toBe(shared);

    // A site SVG: the structured data names it; social networks get the default picture instead.
    const svg = withImages(siteImage());
    const [svgMain] = catalogItemJsonLd("product", svg, "Lumen Consultoría TI") as Record<string, unknown>[];
    expect(String(svgMain.image)).toMatch(/\/images\/products\/lumen-erp-pyme\.svg$/);
    expect((catalogItemMetadata("product", svg).openGraph?.images as { url: string }[])[0].url).toMatch(/\/images\/og-default\.png$/);

    const [bare] = catalogItemJsonLd("product", withImages(null), "Lumen Consultoría TI") as Record<string, unknown>[];
    expect(bare.image).toBeUndefined();
  });
});

describe("testimonial cards", () => {
  const testimonial: TestimonialContract = {
    id: 4, client_name: "María Quispe", client_position: "Gerente", client_company: "Textiles Andinos", content: "Excelente servicio.",
    rating: 5, image: null, image_id: null, image_set: null, sector_id: null, is_active: true, is_featured: true, status: "published",
    created_at: "2026-01-01T00:00:00.000Z",
  };

  it("the client's photo is a small lazy picture beside the name (decorative: the name is the text next to it)", () => {
    const { container } = render(<TestimonialCard testimonial={{ ...testimonial, image: "/media/k9/foto-1024-e5.jpg", image_id: 9, image_set: upload({ id: 9, focal_point: { x: 50, y: 20 } }) }} />);
    const photo = container.querySelector("figcaption img")!;
    expect(photo.getAttribute("alt")).toBe("");
    expect(photo.getAttribute("sizes")).toBe("44px");
    expect(photo.getAttribute("loading")).toBe("lazy");
    expect((photo as HTMLImageElement).style.objectPosition).toBe("50% 20%");
    expect(photo.closest("picture")).not.toBeNull();
    expect(screen.getByText("María Quispe")).toBeTruthy();
  });

  it("without a photo the initials stand in", () => {
    const { container } = render(<TestimonialCard testimonial={testimonial} />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("MQ")).toBeTruthy();
  });
});

describe("the admin's detail view", () => {
  it("shows the main image and the gallery as thumbnails (their smallest file) with their alt text written out", () => {
    const gallery = [upload({ id: 11, alt: "Pantalla de inventario" }), siteImage({ id: 12, alt: "Diagrama de módulos" })];
    render(<AdminCatalogDetailView kind="product" item={withImages(upload(), gallery)} />);
    const media = screen.getByTestId("section-media");

    const main = within(media).getByRole("img", { name: "Panel de ventas del ERP en una laptop" });
    expect(main.getAttribute("src")).toBe("/media/k1/erp-320-a1b2.jpg");
    expect(main.closest("figure")?.querySelector("figcaption")?.textContent).toBe("Texto alternativo: Panel de ventas del ERP en una laptop");

    const list = within(media).getByRole("list", { name: "Galería de Lumen ERP Pyme" });
    const thumbs = within(list).getAllByRole("img");
    expect(thumbs.map((thumb) => [thumb.getAttribute("src"), thumb.getAttribute("alt")])).toEqual([
      ["/media/k1/erp-320-a1b2.jpg", "Pantalla de inventario"],
      ["/images/products/lumen-erp-pyme.svg", "Diagrama de módulos"],
    ]);
    expect([...list.querySelectorAll("figcaption")].map((caption) => caption.textContent)).toEqual([
      "Texto alternativo: Pantalla de inventario",
      "Texto alternativo: Diagrama de módulos",
    ]);
  });
});
