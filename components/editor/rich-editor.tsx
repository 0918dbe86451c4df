"use client";

import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { FieldMessages } from "@/components/ui/form-field";
import { richEditorExtensions } from "./extensions";
import { LinkForm } from "./link-form";
import { EMPTY_FLAGS, editorFlags, Icon, TOOLBAR_ITEMS, type EditorFlags, type ToolbarItem } from "./toolbar-items";

// The catalogue's rich editor: TipTap with a fixed toolbar (bold, italic, underline, strike,
// bulleted and numbered lists, paragraph, quote, three heading levels, link, undo and redo).
// A controlled field (value: HTML string, onChange) usable with react-hook-form's Controller.
// Only admin screens import it, so TipTap never reaches the public bundles. The toolbar's
// buttons are in toolbar-items.tsx, the link's form in link-form.tsx.

export type RichEditorProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /** Focus target for react-hook-form (setFocus / shouldFocus on errors). */
  editorRef?: (handle: { focus: () => void } | null) => void;
};

/** The editor's value: "" for an empty document, else its HTML. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML();
}

export function RichEditor({ label, value, onChange, onBlur, error, hint, editorRef }: RichEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const lastValue = useRef(value);
  const extensions = useMemo(() => richEditorExtensions(), []);
  const onChangeRef = useRef(onChange);
  const onBlurRef = useRef(onBlur);
  useEffect(() => {
    onChangeRef.current = onChange;
    onBlurRef.current = onBlur;
  });

  const editor = useEditor({
    extensions,
    content: value || "",
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        class: "min-h-48 px-4 py-3 text-base text-ink-900 outline-none sm:text-sm",
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      lastValue.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // Error and hint wiring changes with the field's state.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelId,
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          ...(error ? { "aria-invalid": "true" } : {}),
          class: "min-h-48 px-4 py-3 text-base text-ink-900 outline-none sm:text-sm",
        },
      },
    });
  }, [editor, describedBy, error, labelId]);

  // A value set from outside (form reset, a restored version) replaces the content.
  useEffect(() => {
    if (!editor || value === lastValue.current) return;
    lastValue.current = value;
    editor.commands.setContent(value || "", { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editorRef?.(editor ? { focus: () => editor.commands.focus() } : null);
    return () => editorRef?.(null);
  }, [editor, editorRef]);
  const flags =
    useEditorState({
      editor,
      selector: ({ editor: current }): EditorFlags => (current ? editorFlags(current) : EMPTY_FLAGS),
    }) ?? EMPTY_FLAGS;

  const [linkOpen, setLinkOpen] = useState(false);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  // The link sits after the block formats (the headings stay together), before undo and redo.
  const afterBlocks = TOOLBAR_ITEMS.findIndex((item) => item.key === "h3") + 1;
  const buttons: (ToolbarItem | "link")[] = [...TOOLBAR_ITEMS.slice(0, afterBlocks), "link", ...TOOLBAR_ITEMS.slice(afterBlocks)];

  function onToolbarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys = ["ArrowRight", "ArrowLeft", "Home", "End"];
    if (!keys.includes(event.key)) return;
    const elements = Array.from(toolbarRef.current?.querySelectorAll<HTMLButtonElement>("[data-toolbar-button]") ?? []);
    const current = elements.findIndex((element) => element === document.activeElement);
    if (current === -1) return;
    event.preventDefault();
    let next = current;
    if (event.key === "ArrowRight") next = (current + 1) % elements.length;
    if (event.key === "ArrowLeft") next = (current - 1 + elements.length) % elements.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = elements.length - 1;
    setFocusIndex(next);
    elements[next]?.focus();
  }

  const buttonClass =
    "inline-flex size-9 shrink-0 items-center justify-center rounded-md text-sm text-ink-800 hover:bg-ink-100 aria-pressed:bg-brand-100 aria-pressed:text-brand-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

  return (
    <div>
      <p id={labelId} className="mb-1.5 text-sm font-medium text-ink-800" onClick={() => editor?.commands.focus()}>
        {label}
      </p>
      <div className={cn("rounded-lg border bg-white shadow-sm focus-within:border-brand-600", error ? "border-red-700" : "border-ink-300")}>
        <div
          ref={toolbarRef}
          role="toolbar"
          aria-label={`Formato: ${label}`}
          aria-controls={undefined}
          onKeyDown={onToolbarKeyDown}
          className="flex flex-wrap items-center gap-0.5 border-b border-ink-200 p-1.5"
        >
          {buttons.map((item, index) => {
            const tabIndex = index === focusIndex ? 0 : -1;
            const separator = index > 0 && item !== "link" && buttons[index - 1] !== "link" && (buttons[index - 1] as ToolbarItem).group !== item.group;
            if (item === "link") {
              return (
                <button
                  key="link"
                  type="button"
                  data-toolbar-button
                  tabIndex={tabIndex}
                  aria-label="Enlace"
                  aria-pressed={flags.link}
                  aria-expanded={linkOpen}
                  aria-haspopup="dialog"
                  aria-disabled={!editor ? true : undefined}
                  onFocus={() => setFocusIndex(index)}
                  onClick={() => editor && setLinkOpen((open) => !open)}
                  className={cn(buttonClass, "ml-1.5")}
                >
                  <Icon>
                    <path d="M10 13a5 5 0 007.07 0l3-3a5 5 0 00-7.07-7.07l-1.5 1.5" />
                    <path d="M14 11a5 5 0 00-7.07 0l-3 3a5 5 0 007.07 7.07l1.5-1.5" />
                  </Icon>
                </button>
              );
            }
            return (
              <button
                key={item.key}
                type="button"
                data-toolbar-button
                tabIndex={tabIndex}
                aria-label={item.label}
                title={item.label}
                aria-pressed={item.pressed ? item.pressed(flags) : undefined}
                // aria-disabled, not disabled: a toolbar item that cannot act now stays reachable with the arrow keys.
                aria-disabled={!editor || (item.disabled ? item.disabled(flags) : false) ? true : undefined}
                onFocus={() => setFocusIndex(index)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  if (editor && !(item.disabled && item.disabled(flags))) item.run(editor);
                }}
                className={cn(buttonClass, separator && "ml-1.5")}
              >
                {item.content}
              </button>
            );
          })}
        </div>
        {linkOpen && editor && <LinkForm editor={editor} onClose={() => setLinkOpen(false)} />}
        <EditorContent editor={editor} className="rich-editor [&_.ProseMirror]:min-h-48 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-400 [&_blockquote]:pl-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-6" />
        {!editor && <p className="px-4 py-3 text-sm text-ink-600">Cargando editor...</p>}
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}
