import { describe, expect, it } from "vitest";
import { catalogFormSchema, catalogItemToFormValues, emptyCatalogFormValues, suggestSlug } from "@/components/admin/catalog/catalog-form-values";
import { CATALOG_LIST_SPLITS, joinList, splitList } from "@/lib/catalog/lists";

// How the product and service forms turn a list typed as text into entries.

describe("splitList", () => {
  it("product lists split on commas or newlines, trimmed, blanks dropped", () => {
    const rule = CATALOG_LIST_SPLITS.product.features;
    expect(splitList("Facturación, Inventario\n  Reportes  \r\n\n, ,Planillas", rule)).toEqual(["Facturación", "Inventario", "Reportes", "Planillas"]);
    for (const field of ["features", "videos", "specifications", "benefits", "use_cases"] as const) {
      expect(CATALOG_LIST_SPLITS.product[field]).toBe("commas-or-newlines");
    }
  });

  it("the product FAQ splits on newlines only (answers keep their commas)", () => {
    const rule = CATALOG_LIST_SPLITS.product.faq;
    expect(splitList("¿Incluye soporte?: Sí, 24/7\n\n  ¿Hay demo?: Sí  \r\n", rule)).toEqual(["¿Incluye soporte?: Sí, 24/7", "¿Hay demo?: Sí"]);
  });

  it("service specifications, benefits, use cases and FAQ split on newlines; videos on commas", () => {
    const { service } = CATALOG_LIST_SPLITS;
    for (const field of ["specifications", "benefits", "use_cases", "faq"] as const) {
      expect(splitList("Uno, con coma\n\nDos\r\nTres ", service[field])).toEqual(["Uno, con coma", "Dos", "Tres"]);
    }
    expect(splitList("https://youtu.be/a, https://vimeo.com/1 ,,", service.videos)).toEqual(["https://youtu.be/a", "https://vimeo.com/1"]);
  });

  it("service features split like the product's (commas or newlines)", () => {
    expect(CATALOG_LIST_SPLITS.service.features).toBe("commas-or-newlines");
  });

  it("empty text is an empty list", () => {
    expect(splitList("", "newlines")).toEqual([]);
    expect(splitList(" \n , \n", "commas-or-newlines")).toEqual([]);
    expect(splitList(null, "commas")).toEqual([]);
  });
});

describe("joinList", () => {
  it("shows a stored list one entry per line, and splitting it gives the same list back", () => {
    const faq = ["¿Incluye soporte?: Sí, 24/7", "¿Hay demo?: Sí"];
    const text = joinList(faq, "newlines");
    expect(text).toBe("¿Incluye soporte?: Sí, 24/7\n¿Hay demo?: Sí");
    expect(splitList(text, "newlines")).toEqual(faq);
    expect(splitList(joinList(["A", "B"], "commas-or-newlines"), "commas-or-newlines")).toEqual(["A", "B"]);
  });

  it("comma-only lists are shown comma-separated, so saving them unchanged keeps them", () => {
    const videos = ["https://youtu.be/a", "https://vimeo.com/1"];
    expect(joinList(videos, "commas")).toBe("https://youtu.be/a, https://vimeo.com/1");
    expect(splitList(joinList(videos, "commas"), "commas")).toEqual(videos);
    expect(joinList(null, "commas")).toBe("");
  });
});

describe("the forms' schema (text in, the API's payload out)", () => {
  const base = { ...emptyCatalogFormValues(), name: "ERP Pyme", slug: "erp-pyme", description: "Un ERP." };

  it("splits each list by the kind's rule before the shared schema validates it", () => {
    const text = { features: "A, B\nC", specifications: "CPU: 2, RAM: 4\nDisco: 50", videos: "https://youtu.be/a, https://vimeo.com/1", faq: "¿Soporte?: Sí, 24/7" };
    const product = catalogFormSchema("product").parse({ ...base, ...text });
    expect(product.features).toEqual(["A", "B", "C"]);
    expect(product.specifications).toEqual(["CPU: 2", "RAM: 4", "Disco: 50"]);
    expect(product.faq).toEqual(["¿Soporte?: Sí, 24/7"]);
    const service = catalogFormSchema("service").parse({ ...base, ...text });
    expect(service.specifications).toEqual(["CPU: 2, RAM: 4", "Disco: 50"]);
    expect(service.videos).toEqual(["https://youtu.be/a", "https://vimeo.com/1"]);
  });

  it("price \"\" → null, order \"\" → 0, the defaults, and a bad list entry is an error on that field", () => {
    const parsed = catalogFormSchema("product").parse({ ...base, price_from: "", order_index: "" });
    expect(parsed).toMatchObject({ price_from: null, order_index: 0, status: "active", currency: "USD", billing_period: "monthly", is_featured: false });
    const bad = catalogFormSchema("product").safeParse({ ...base, videos: "https://youtu.be/a\njavascript:alert(1)" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path[0]).toBe("videos");
  });

  it("an item shown in the edit form and saved unchanged gives back the same values", () => {
    const item = catalogFormSchema("service").parse({ ...base, price_from: "99.9", benefits: "Uno, con coma\nDos", videos: "https://youtu.be/a, https://vimeo.com/1" });
    const values = catalogItemToFormValues("service", { ...item, price_from: 99.9, long_description: null, content_html: null, image_id: null, gallery_image_ids: [] } as never);
    expect(values.benefits).toBe("Uno, con coma\nDos");
    expect(values.price_from).toBe("99.90");
    expect(catalogFormSchema("service").parse(values)).toEqual(catalogFormSchema("service").parse({ ...base, price_from: "99.90", benefits: "Uno, con coma\nDos", videos: "https://youtu.be/a, https://vimeo.com/1" }));
  });

  it("the images are library ids, sent as they are and in the gallery's order", () => {
    const parsed = catalogFormSchema("product").parse({ ...base, image: 7, gallery_images: [5, 3, 9] });
    expect(parsed.image).toBe(7);
    expect(parsed.gallery_images).toEqual([5, 3, 9]);
    const values = catalogItemToFormValues("product", { ...parsed, price_from: null, long_description: null, content_html: null, image_id: 7, gallery_image_ids: [5, 3, 9] } as never);
    expect(values.image).toBe(7);
    expect(values.gallery_images).toEqual([5, 3, 9]);
    expect(catalogFormSchema("product").parse({ ...base, image: null }).image).toBeNull();
  });

  it("suggests a slug from the name: lower case, accents removed, hyphens", () => {
    expect(suggestSlug("Gestión Ágil Ñandú 2026")).toBe("gestion-agil-nandu-2026");
    expect(suggestSlug("  ERP -- Pyme!! ")).toBe("erp-pyme");
    expect(suggestSlug("¿?")).toBe("");
  });
});
