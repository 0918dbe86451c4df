// Titles and descriptions of public pages stay within what search engines show (the sitemap
// panel's SEO audit checks the same bounds on every URL): 60 and 160 characters.
import { describe, expect, it } from "vitest";
import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, pageMetadata, pageTitle, truncateAtWord } from "@/lib/seo";

describe("page titles and descriptions", () => {
  it("adds the site name only when the whole title fits in 60 characters", () => {
    expect(pageTitle("Soluciones")).toBe("Soluciones");
    const long = "Implementación de ERP para pymes manufactureras";
    expect(`${long} | Lumen Consultoría TI`.length).toBeGreaterThan(MAX_TITLE_LENGTH);
    expect(pageTitle(long)).toEqual({ absolute: long });
  });

  it("cuts a title or description that is too long at a word, with an ellipsis", () => {
    const title = pageTitle("Plataforma integral de gestión documental con firma digital y trazabilidad completa");
    expect(title).toEqual({ absolute: "Plataforma integral de gestión documental con firma digital…" });
    const description = "Lorem ipsum dolor sit amet ".repeat(10);
    const metadata = pageMetadata({ title: "X", description, path: "/x" });
    expect(String(metadata.description).length).toBeLessThanOrEqual(MAX_DESCRIPTION_LENGTH);
    expect(String(metadata.description)).toMatch(/amet…$|dolor…$|sit…$|ipsum…$|Lorem…$/);
    expect(metadata.openGraph?.description).toBe(metadata.description);
  });

  it("leaves text that fits untouched", () => {
    expect(truncateAtWord("  Consultoría   TI  ", 60)).toBe("Consultoría TI");
  });
});
