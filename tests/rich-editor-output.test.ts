// @vitest-environment jsdom
import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it } from "vitest";
import { richEditorExtensions } from "@/components/editor/extensions";
import { RICH_TEXT_HISTORY, RICH_TEXT_LINK_SCHEMES, RICH_TEXT_TAGS } from "@/lib/catalog/rich-text-rules";
import { sanitizeRichHtml } from "@/lib/catalog/sanitize";

// The catalogue editor's output survives the server's sanitizer unchanged (allow-list = what the
// editor makes), the editor cannot make what the sanitizer would drop, and a javascript: link
// cannot be set. The editor is built headless from the same extension list as the admin screens.

const editors: Editor[] = [];
function makeEditor(content = "") {
  const editor = new Editor({ extensions: richEditorExtensions(), content });
  editors.push(editor);
  return editor;
}
afterEach(() => {
  while (editors.length) editors.pop()?.destroy();
});

/** Selects the text `word` inside the document (first occurrence). */
function select(editor: Editor, word: string) {
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    if (from !== -1 || !node.isText || !node.text) return;
    const index = node.text.indexOf(word);
    if (index !== -1) from = pos + index;
  });
  if (from === -1) throw new Error(`"${word}" not found`);
  editor.commands.setTextSelection({ from, to: from + word.length });
}

/** Puts the cursor inside the paragraph that contains `word`. */
function cursorIn(editor: Editor, word: string) {
  select(editor, word);
  const { from } = editor.state.selection;
  editor.commands.setTextSelection(from);
}

describe("rich editor output", () => {
  it("every toolbar mark and node comes out as the sanitizer keeps it", () => {
    const editor = makeEditor(
      "<p>negrita cursiva subrayado tachado enlace correo</p><p>vinetas</p><p>numerada</p><p>cita</p><p>uno</p><p>dos</p><p>tres</p><p>linea</p>",
    );
    select(editor, "negrita");
    expect(editor.commands.toggleBold()).toBe(true);
    select(editor, "cursiva");
    editor.commands.toggleItalic();
    select(editor, "subrayado");
    editor.commands.toggleUnderline();
    select(editor, "tachado");
    editor.commands.toggleStrike();
    select(editor, "enlace");
    expect(editor.commands.setLink({ href: "https://example.com/a?b=1&c=2" })).toBe(true);
    select(editor, "correo");
    expect(editor.commands.setLink({ href: "mailto:ventas@example.com" })).toBe(true);
    cursorIn(editor, "vinetas");
    editor.commands.toggleBulletList();
    cursorIn(editor, "numerada");
    editor.commands.toggleOrderedList();
    cursorIn(editor, "cita");
    editor.commands.toggleBlockquote();
    cursorIn(editor, "uno");
    editor.commands.toggleHeading({ level: 1 });
    cursorIn(editor, "dos");
    editor.commands.toggleHeading({ level: 2 });
    cursorIn(editor, "tres");
    editor.commands.toggleHeading({ level: 3 });
    cursorIn(editor, "linea");
    editor.commands.setHardBreak();

    const html = editor.getHTML();
    for (const tag of RICH_TEXT_TAGS) expect(html, `<${tag}> missing`).toContain(`<${tag}`);
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it("an ordered list typed as \"3. \" or pasted with letters keeps its numbering through the sanitizer", () => {
    const editor = makeEditor("<p>inicio</p>");
    editor.commands.setContent('<ol start="3"><li><p>tres</p></li></ol><ol type="a"><li><p>a</p></li></ol><ol start="2" type="I"><li><p>II</p></li></ol>');
    const html = editor.getHTML();
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<ol type="a">');
    expect(sanitizeRichHtml(html)).toBe(html);
    // What the editor never writes is dropped: a bogus start or type, any other attribute.
    expect(sanitizeRichHtml('<ol start="-2" type="disc" onclick="x()" style="color:red"><li>x</li></ol>')).toBe("<ol><li>x</li></ol>");
  });

  it("text with characters HTML escapes, nested lists and marks round-trips unchanged", () => {
    const editor = makeEditor(
      '<h2>Precios &amp; planes &lt;2026&gt; "Pyme"</h2><ul><li><p><strong><em>a</em></strong> y <a href="/contacto">contacto</a></p><ul><li><p>anidado</p></li></ul></li></ul><blockquote><p>«Cita» con ñ y tildes: áéíóú</p></blockquote><ol><li><p>uno</p></li></ol><p>tel <a href="tel:+51987654321">llamar</a></p>',
    );
    const html = editor.getHTML();
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it("code, code blocks, horizontal rules, images and H4 cannot be produced", () => {
    const editor = makeEditor('<pre><code>x = 1</code></pre><p><code>y</code></p><hr><h4>cuatro</h4><img src="https://example.com/a.png"><p style="color:red" class="x">z</p>');
    const html = editor.getHTML();
    expect(html).not.toMatch(/<(pre|code|hr|h4|img)\b/);
    expect(html).not.toMatch(/style=|class=/);
    expect(editor.can().toggleHeading({ level: 4 as 1 })).toBe(false);
    expect(sanitizeRichHtml(html)).toBe(html);
    const commands = editor.commands as unknown as Record<string, unknown>;
    expect(commands.toggleCode).toBeUndefined();
    expect(commands.toggleCodeBlock).toBeUndefined();
    expect(commands.setHorizontalRule).toBeUndefined();
  });

  it("a javascript: link cannot be set, typed in or pasted as HTML", () => {
    const editor = makeEditor("<p>pulsa aquí</p>");
    select(editor, "pulsa");
    expect(editor.commands.setLink({ href: "javascript:alert(1)" })).toBe(false);
    editor.commands.setLink({ href: " JaVaScRiPt:alert(1)" });
    editor.commands.setLink({ href: "data:text/html,<script>alert(1)</script>" });
    expect(editor.getHTML()).not.toContain("<a");

    editor.commands.setContent('<p><a href="javascript:alert(1)">x</a> <a href="vbscript:msgbox(1)">y</a> <a href="//evil.example">z</a></p>');
    expect(editor.getHTML()).not.toMatch(/javascript:|vbscript:|evil\.example/);
  });

  it("every allowed link scheme can be linked, and the history has depth 100 with 500 ms grouping", () => {
    for (const scheme of RICH_TEXT_LINK_SCHEMES) {
      const editor = makeEditor("<p>enlace</p>");
      select(editor, "enlace");
      const href = scheme === "http" || scheme === "https" ? `${scheme}://example.com` : `${scheme}:algo`;
      expect(editor.commands.setLink({ href }), scheme).toBe(true);
      const html = editor.getHTML();
      expect(html).toContain(`href="${href}"`);
      expect(sanitizeRichHtml(html)).toBe(html);
    }
    const editor = makeEditor();
    const undoRedo = editor.extensionManager.extensions.find((extension) => extension.name === "undoRedo");
    expect(undoRedo?.options).toMatchObject(RICH_TEXT_HISTORY);
  });
});
