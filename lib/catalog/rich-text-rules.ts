// What the catalogue's rich editor can produce. Pure data shared by
// the TipTap editor (components/editor) and the server-side sanitizer (lib/catalog/sanitize.ts),
// so the allow-list is exactly what the editor makes: nothing more is stored or rendered.

/** Link schemes the editor accepts. Relative links ("/contacto", "#faq") are allowed too. */
export const RICH_TEXT_LINK_SCHEMES = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"] as const;

/** Elements of the toolbar: bold, italic, underline, strike, lists, paragraph, blockquote, H1–H3, links, line breaks. */
export const RICH_TEXT_TAGS = ["p", "br", "strong", "em", "u", "s", "ul", "ol", "li", "blockquote", "h1", "h2", "h3", "a"] as const;

/**
 * An ordered list may start at another number or count with letters or roman numerals: TipTap's
 * ordered list keeps both from pasted HTML and from typing "3. " (it writes `start` and `type`).
 */
export const RICH_TEXT_ORDERED_LIST_TYPES = ["a", "A", "i", "I"] as const;
export const RICH_TEXT_MAX_LIST_START = 999_999;

/** Heading levels of the toolbar. */
export const RICH_TEXT_HEADING_LEVELS = [1, 2, 3] as const;

/** Undo history: 100 steps, typing within 500 ms is one step. */
export const RICH_TEXT_HISTORY = { depth: 100, newGroupDelay: 500 } as const;

/** Links open in a new tab without giving the target page access to ours (TipTap's default attributes). */
export const RICH_TEXT_LINK_REL = "noopener noreferrer nofollow";

/** Whether a link target uses an allowed scheme (or is relative). Control characters and blanks never pass. */
export function isAllowedRichTextHref(href: string): boolean {
  const value = href.trim();
  if (!value || /[\u0000-\u001F\u007F\s]/.test(value)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  if (!scheme) return !value.startsWith("//") && !value.startsWith("\\");
  return (RICH_TEXT_LINK_SCHEMES as readonly string[]).includes(scheme[1].toLowerCase());
}
