// Reads sanitized rich HTML the way a browser does (jsdom's HTML parser, innerHTML as the public
// page's RichContent sets it) and lists whatever the catalogue's editor could not have made.
// Shared by tests/catalog-sanitize.test.ts and tests/catalog-publishing.test.ts.
// @ts-expect-error -- jsdom (a devDependency) ships no type declarations; only its window is used, typed as the DOM's own.
import { JSDOM } from "jsdom";
import { RICH_TEXT_LINK_REL, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from "@/lib/catalog/rich-text-rules";

const { document, Node } = new JSDOM("<!doctype html><html><body></body></html>").window as Window & typeof globalThis;

/** The HTML parsed as the children of a <div> (innerHTML). */
export function parseRichHtml(html: string): HTMLDivElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host;
}

/** Everything in the parsed HTML that the editor could not have made (empty when clean). */
export function richHtmlProblems(html: string): string[] {
  const found: string[] = [];
  const walk = (node: ParentNode & Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.COMMENT_NODE) found.push("comment");
      else if (child.nodeType === Node.PROCESSING_INSTRUCTION_NODE || child.nodeType === Node.CDATA_SECTION_NODE) found.push("instruction");
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const element = child as Element;
        const tag = element.localName;
        if (element.namespaceURI !== "http://www.w3.org/1999/xhtml") found.push(`foreign element ${tag}`);
        if (!(RICH_TEXT_TAGS as readonly string[]).includes(tag)) found.push(`tag ${tag}`);
        for (const attribute of Array.from(element.attributes)) {
          if (tag !== "a" || !["href", "target", "rel"].includes(attribute.name)) found.push(`attribute ${tag}[${attribute.name}]`);
        }
        if (tag === "a") {
          const href = element.getAttribute("href") ?? "";
          // The browser's own reading of the URL decides the scheme (entities already decoded by the parser).
          const scheme = new URL(href, "https://lumenti.pe/base/").protocol.replace(/:$/, "");
          if (!(RICH_TEXT_LINK_SCHEMES as readonly string[]).includes(scheme)) found.push(`scheme ${scheme}`);
          if (/^\s*[/\\]{2}/.test(href)) found.push(`protocol-relative ${href}`);
          if (element.getAttribute("target") !== "_blank") found.push("target");
          if (element.getAttribute("rel") !== RICH_TEXT_LINK_REL) found.push("rel");
        }
        walk(element);
      }
    }
  };
  walk(parseRichHtml(html));
  return found;
}
