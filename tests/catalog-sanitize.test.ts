// The server-side sanitizer of the catalogue's rich HTML (lib/catalog/sanitize.ts): every OWASP
// filter-evasion vector comes out as HTML that a browser parses into only the editor's elements,
// only href/target/rel on links, only the allowed link schemes; what the editor makes passes
// unchanged; the seeded catalogue holds nothing the editor could not make.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonLd } from "@/components/seo/json-ld";
import { catalogDetailData } from "@/components/site/catalog/catalog-detail";
import type { CatalogItemContract } from "@/lib/catalog/serialize";
import { sanitizeRichHtml } from "@/lib/catalog/sanitize";
import { RICH_TEXT_LINK_REL } from "@/lib/catalog/rich-text-rules";
import { products } from "@/prisma/seed-data/products";
import { services } from "@/prisma/seed-data/services";
import { XSS_VECTORS } from "./fixtures/xss-vectors";
import { parseRichHtml as parse, richHtmlProblems as problems } from "./helpers/rich-html-check";

describe("sanitizeRichHtml against the OWASP XSS filter-evasion vectors", () => {
  it("has a representative set of vectors (60–100)", () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(60);
    expect(XSS_VECTORS.length).toBeLessThanOrEqual(100);
  });

  it.each(XSS_VECTORS.map((vector) => [`${vector.id}. ${vector.name}`, vector] as const))("%s", (_label, vector) => {
    // Alone, wrapped in editor markup, and surrounded by text: the context must not matter.
    for (const html of [vector.html, `<p>Antes ${vector.html} después</p>`, `<ul><li>${vector.html}</li></ul><p>fin</p>`]) {
      const clean = sanitizeRichHtml(html) ?? "";
      expect(problems(clean), `${html}\n→ ${clean}`).toEqual([]);
      // Stable: sanitizing what was stored changes nothing (the stored value is a fixed point).
      expect(sanitizeRichHtml(clean) ?? "").toBe(clean);
      // No payload survives in an attribute but as a harmless relative link (e.g. a backtick-quoted
      // "javascript:" is, to a browser, the path "`javascript:…`"); any other payload left is plain text.
      const parsed = parse(clean);
      for (const element of Array.from(parsed.querySelectorAll("*"))) {
        for (const attribute of Array.from(element.attributes)) {
          if (attribute.name === "href") expect(new URL(attribute.value, "https://lumenti.pe/base/").protocol).toMatch(/^(https?|mailto|tel|sms|ftps?|callto|cid|xmpp):$/);
          else expect(attribute.value).not.toMatch(/__xss|alert|javascript|vbscript|data:/i);
        }
      }
    }
  });

  it("keeps the safe link of a vector and drops only its dangerous parts", () => {
    expect(sanitizeRichHtml('<a href="https://lumenti.pe" onmouseover="__xss(1)">enlace</a>')).toBe(
      `<a href="https://lumenti.pe" target="_blank" rel="${RICH_TEXT_LINK_REL}">enlace</a>`,
    );
    expect(sanitizeRichHtml('<p onclick="__xss(1)">clic</p>')).toBe("<p>clic</p>");
    // A stripped <script> leaves no code behind as text; a refused link keeps its words.
    expect(sanitizeRichHtml("<p>a<script>__xss(1)</script>b</p>")).toBe("<p>ab</p>");
    expect(sanitizeRichHtml('<p><a href="jav&#x09;ascript:__xss(1)">texto</a></p>')).toBe("<p>texto</p>");
    // Encoded markup stays visible text, never becomes markup.
    expect(sanitizeRichHtml("<p>&lt;script&gt;x&lt;/script&gt;</p>")).toBe("<p>&lt;script&gt;x&lt;/script&gt;</p>");
  });
});

describe("what the editor makes passes unchanged", () => {
  const link = (href: string, text: string) => `<a href="${href}" target="_blank" rel="${RICH_TEXT_LINK_REL}">${text}</a>`;
  const benign = [
    "<p>Texto simple con tildes: áéíóú ñ ¿? ¡!</p>",
    "<h1>Título</h1><h2>Subtítulo</h2><h3>Sección</h3>",
    "<p><strong>negrita</strong> <em>cursiva</em> <u>subrayado</u> <s>tachado</s></p>",
    "<ul><li><p>uno</p></li><li><p>dos</p></li></ul>",
    "<ol><li><p>primero</p></li><li><p>segundo</p></li></ol>",
    "<blockquote><p>Una cita de un cliente.</p></blockquote>",
    "<p>línea uno<br>línea dos</p>",
    `<p>${link("https://lumenti.pe/contacto", "web")} ${link("http://example.pe", "http")}</p>`,
    `<p>${link("mailto:ventas@lumenti.pe", "correo")} ${link("tel:+5116402250", "teléfono")} ${link("sms:+51987654321", "sms")}</p>`,
    `<p>${link("ftp://files.lumenti.pe/a.pdf", "ftp")} ${link("ftps://files.lumenti.pe/a.pdf", "ftps")} ${link("callto:lumenti", "callto")} ${link("xmpp:soporte@lumenti.pe", "xmpp")} ${link("cid:logo", "cid")}</p>`,
    `<p>${link("/contacto", "relativo")} ${link("#faq", "ancla")}</p>`,
    "<p>5 &lt; 7 &amp; 8 &gt; 3 \"comillas\" 'simples'</p>",
    "<p><strong><em>anidado</em></strong></p><ul><li><p>lista con <a href=\"https://lumenti.pe\" target=\"_blank\" rel=\"noopener noreferrer nofollow\">enlace</a></p><ul><li><p>anidada</p></li></ul></li></ul>",
  ];
  it.each(benign)("%s", (html) => {
    expect(sanitizeRichHtml(html)).toBe(html);
    expect(problems(html)).toEqual([]);
  });

  it("empty editor content is stored as nothing", () => {
    for (const empty of ["", "   ", "<p></p>", "<p></p><p><br></p>", "<script>x</script>"]) expect(sanitizeRichHtml(empty)).toBeNull();
  });
});

describe("the seeded catalogue holds only what the editor could make", () => {
  const rich = [...products, ...services].flatMap((item) =>
    (["contentHtml", "longDescription"] as const).flatMap((field) => {
      const value: unknown = item[field];
      return typeof value === "string" && value ? [[`${item.slug}.${field}`, value] as const] : [];
    }),
  );
  it("has rich content to check", () => expect(rich.length).toBeGreaterThan(10));
  it.each(rich)("%s is unchanged by the sanitizer", (_label, html) => {
    expect(sanitizeRichHtml(html)).toBe(html);
  });
});

function catalogItemFixture(): CatalogItemContract {
  return {
    id: 1, name: "Lumen ERP Pyme", slug: "lumen-erp-pyme", description: "ERP en la nube.", long_description: null, content_html: null,
    features: [], price_from: 149, currency: "USD", billing_period: "monthly", category: "ERP", is_featured: false, status: "active",
    demo_url: null, documentation_url: null, image: null, image_id: null, image_set: null, order_index: 0, gallery_images: [], gallery_image_ids: [], gallery_image_sets: [], videos: [], specifications: [], benefits: [],
    use_cases: [], faq: [], contact_email: null, contact_phone: null, meta_title: null, meta_description: null, meta_keywords: null,
    created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z",
  };
}

describe("public rendering renders stored values as text, and HTML only when sanitized", () => {
  it("only the known, sanitized values reach dangerouslySetInnerHTML on public pages", () => {
    const publicCode = ["app/(site)", "app/layout.tsx", "app/document.tsx", "app/global-not-found.tsx", "app/not-found.tsx", "components/site", "components/seo", "components/ui", "lib"];
    const files = execFileSync("git", ["grep", "-l", "dangerouslySetInnerHTML", "--", ...publicCode], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .sort();
    // JsonLd (JSON with "<" escaped), RichHtml (sanitized HTML only: RichContent and the detail
    // page's catalogDetailData sanitize content_html / long_description, already sanitized on every
    // write), the sectors' accordion (safeRichText at render), Latin1Text (plain text, escaped by
    // latin1TextHtml). A new one needs a look at what it renders.
    expect(files).toEqual([
      "components/seo/json-ld.tsx",
      "components/site/catalog/rich-html.tsx",
      "components/site/content/sector-accordion.tsx",
      "components/site/latin1-text.tsx",
    ]);
    const users = execFileSync("git", ["grep", "-l", "<RichHtml", "--", ...publicCode, "components"], { encoding: "utf8" }).split("\n").filter(Boolean).sort();
    expect(users).toEqual(["components/site/catalog/detail-view.tsx", "components/site/catalog/rich-content.tsx"]);
    const view = readFileSync("components/site/catalog/detail-view.tsx", "utf8");
    expect(view.match(/<RichHtml html=\{[^}]+\}/g)).toEqual(["<RichHtml html={content.html}", "<RichHtml html={content.html}"]);
  });

  it("the detail page's rich content is sanitized on the server, whichever field it comes from", () => {
    const dirty = XSS_VECTORS.map((vector) => vector.html).join("");
    const item = { ...catalogItemFixture(), content_html: dirty, long_description: null };
    expect(catalogDetailData("product", item).content).toEqual({ html: sanitizeRichHtml(dirty) ?? "", titled: false });
    const described = { ...catalogItemFixture(), content_html: null, long_description: dirty };
    expect(catalogDetailData("service", described).content).toEqual({ html: sanitizeRichHtml(dirty) ?? "", titled: true });
    expect(catalogDetailData("product", { ...catalogItemFixture(), content_html: "  ", long_description: null }).content).toBeNull();
  });

  it("JSON-LD built from text fields full of vectors cannot close its script tag", () => {
    const data = { name: XSS_VECTORS.map((vector) => vector.html).join(" "), description: "</script><script>__xss(1)</script><!--" };
    const html = renderToStaticMarkup(createElement(JsonLd, { data }));
    expect(html.startsWith('<script type="application/ld+json">')).toBe(true);
    const body = html.slice('<script type="application/ld+json">'.length, -"</script>".length);
    expect(body).not.toMatch(/<\/script|<!--|<script/i);
    expect(JSON.parse(body)).toEqual(data);
  });
});
