import "server-only";
import sanitizeHtml from "sanitize-html";
import {
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_MAX_LIST_START,
  RICH_TEXT_ORDERED_LIST_TYPES,
  RICH_TEXT_TAGS,
  isAllowedRichTextHref,
} from "./rich-text-rules";

// The rich HTML of products and services (content_html, long_description) is sanitized here on
// every write. The allow-list equals what the editor can make (rich-text-rules.ts):
// its elements, links with an allowed scheme, nothing else — no attributes but a link's
// href/target/rel, no styles, no classes, no comments. What is stored is this output, and the
// public pages render only it.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ["href", "target", "rel"], ol: ["start", "type"] },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside these never shows as text either (a stripped <script> must not leave its code on the page).
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template", "iframe", "object", "embed", "svg", "math"],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // Same markup the editor's Link mark writes; a link whose target is not allowed keeps its text only.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? "";
      if (!isAllowedRichTextHref(href)) return { tagName: "", attribs: {} as sanitizeHtml.Attributes };
      return { tagName: "a", attribs: { href: href.trim(), target: "_blank", rel: RICH_TEXT_LINK_REL } };
    },
    // An ordered list keeps a start number and a letter/roman type as the editor writes them (start first).
    ol: (_tagName, attribs): sanitizeHtml.Tag => {
      const kept: sanitizeHtml.Attributes = {};
      const start = /^\d{1,6}$/.test(attribs.start ?? "") ? Number(attribs.start) : 1;
      if (start !== 1 && start <= RICH_TEXT_MAX_LIST_START) kept.start = String(start);
      if ((RICH_TEXT_ORDERED_LIST_TYPES as readonly string[]).includes(attribs.type ?? "")) kept.type = attribs.type;
      return { tagName: "ol", attribs: kept };
    },
    // Older markup for the same marks becomes the editor's elements.
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
};

/**
 * Sanitized rich HTML, or null for empty content (blank, or only empty paragraphs as the editor
 * leaves them: "<p></p>").
 */
export function sanitizeRichHtml(html: string | null | undefined): string | null {
  if (!html) return null;
  // sanitize-html writes void elements XHTML-style ("<br />"); the editor writes "<br>". Text never
  // holds a raw "<" after sanitizing, so this only touches the tag: editor output stays unchanged.
  const clean = sanitizeHtml(html, OPTIONS).replace(/<br \/>/g, "<br>").trim();
  const visible = clean.replace(/<(?:p|br|\/p)\s*\/?>/g, "").trim();
  return visible ? clean : null;
}
