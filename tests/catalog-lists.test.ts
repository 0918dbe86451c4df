import { describe, expect, it } from "vitest";
import { CATALOG_LIST_SPLITS, joinList, splitList } from "@/lib/catalog/lists";

// Spec §5: how the product and service forms turn a list typed as text into entries.

describe("splitList", () => {
  it("product lists split on commas or newlines, trimmed, blanks dropped", () => {
    const rule = CATALOG_LIST_SPLITS.product.features;
    expect(splitList("Facturación, Inventario\n  Reportes  \r\n\n, ,Planillas", rule)).toEqual(["Facturación", "Inventario", "Reportes", "Planillas"]);
    for (const field of ["features", "gallery_images", "videos", "specifications", "benefits", "use_cases"] as const) {
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

  it("service features and gallery split like the product's (commas or newlines)", () => {
    expect(CATALOG_LIST_SPLITS.service.features).toBe("commas-or-newlines");
    expect(CATALOG_LIST_SPLITS.service.gallery_images).toBe("commas-or-newlines");
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
