import "server-only";
import sanitizeHtml from "sanitize-html";

/**
 * Sector long descriptions are HTML. They are sanitized when written; this render-time pass
 * is a second, stricter allow-list (text formatting and safe links only), so a row edited by
 * hand can never inject script into a public page.
 */
export function safeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "a", "h3", "h4", "blockquote", "code"],
    allowedAttributes: { a: ["href", "title"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
      // Headings inside a card sit below its h3.
      h3: "h4",
    },
  }).trim();
}
