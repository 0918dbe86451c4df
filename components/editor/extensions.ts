import type { Extensions } from "@tiptap/core";
import Link from "@tiptap/extension-link";
import StarterKit from "@tiptap/starter-kit";
import {
  RICH_TEXT_HEADING_LEVELS,
  RICH_TEXT_HISTORY,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_SCHEMES,
  isAllowedRichTextHref,
} from "@/lib/catalog/rich-text-rules";

// The catalogue editor's extensions. Pure: the React editor
// (rich-editor.tsx) and the headless test (tests/rich-editor-output.test.ts) build the same
// editor from here, so what the test proves about the output is what admins can produce.
// lib/catalog/rich-text-rules.ts is the single source of what is allowed; everything StarterKit
// offers that the toolbar does not (code, code blocks, horizontal rules) is switched off so the
// editor cannot make markup the server's sanitizer would drop.

/**
 * TipTap's link, written exactly as the sanitizer writes links (href first, then target="_blank"
 * and rel), so stored HTML and editor output are the same string.
 */
const CatalogLink = Link.extend({
  renderHTML(props) {
    const [tag, attributes, hole] = this.parent?.(props) as [string, Record<string, unknown>, 0];
    return [tag, { href: attributes.href, target: "_blank", rel: RICH_TEXT_LINK_REL }, hole];
  },
});

/** The extensions of the catalogue's rich editor. */
export function richEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      horizontalRule: false,
      heading: { levels: [...RICH_TEXT_HEADING_LEVELS] },
      undoRedo: { depth: RICH_TEXT_HISTORY.depth, newGroupDelay: RICH_TEXT_HISTORY.newGroupDelay },
      link: false,
    }),
    CatalogLink.configure({
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: "https",
      protocols: RICH_TEXT_LINK_SCHEMES.filter((scheme) => scheme !== "http" && scheme !== "https"),
      isAllowedUri: (url) => isAllowedRichTextHref(url),
      shouldAutoLink: (url) => isAllowedRichTextHref(url),
      HTMLAttributes: { target: "_blank", rel: RICH_TEXT_LINK_REL, class: null },
    }),
  ];
}
