/**
 * Why public pages write characters above U+00FF (€, “ ”, —, …) as HTML character references:
 * Next keeps a pre-rendered page's HTML as a JavaScript string and encodes it to UTF-8 on every
 * request. One such character anywhere makes the whole string two-byte, and that encoding costs
 * about a fifth of the page's throughput (npm run bench: /productos 0.79 of its reference with a
 * "€" in a price, 0.97 without). `npm run budgets` fails on a pre-rendered page that has one.
 */

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Replaces every character above U+00FF in a piece of HTML by its numeric character reference. */
export function latin1Html(html: string): string {
  return html.replace(/[^\u0000-\u00ff]/gu, (char) => `&#x${char.codePointAt(0)!.toString(16)};`);
}

/** Plain text as raw HTML for React (components/site/latin1-text.tsx): escaped, and Latin-1 only (see above). */
export function latin1TextHtml(text: string): { __html: string } {
  return { __html: latin1Html(text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char])) };
}

/** The first character above U+00FF in `text`, or null when there is none. */
export function firstNonLatin1(text: string): string | null {
  return /[^\u0000-\u00ff]/u.exec(text)?.[0] ?? null;
}
