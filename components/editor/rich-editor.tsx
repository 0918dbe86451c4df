"use client";

import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { FieldMessages } from "@/components/ui/form-field";
import { isAllowedRichTextHref } from "@/lib/catalog/rich-text-rules";
import { richEditorExtensions } from "./extensions";

// The catalogue's rich editor (spec §2.6 "Rich editor"): TipTap with exactly the toolbar the spec
// lists. A controlled field (value: HTML string, onChange) usable with react-hook-form's
// Controller. Only admin screens import it, so TipTap never reaches the public bundles.

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

const LINK_ERROR = "Ese enlace no está permitido. Usa http://, https://, mailto:, tel:, una ruta como /contacto u otro esquema permitido.";

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

type ToolbarItem = {
  key: string;
  label: string;
  content: ReactNode;
  run: (editor: Editor) => void;
  /** Marks and blocks: aria-pressed shows whether it applies at the cursor. */
  pressed?: (state: EditorFlags) => boolean;
  disabled?: (state: EditorFlags) => boolean;
  group: number;
};

type EditorFlags = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  bulletList: boolean;
  orderedList: boolean;
  paragraph: boolean;
  blockquote: boolean;
  h1: boolean;
  h2: boolean;
  h3: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

const ITEMS: ToolbarItem[] = [
  { key: "bold", group: 0, label: "Negrita", content: <span className="font-bold">B</span>, run: (e) => e.chain().focus().toggleBold().run(), pressed: (s) => s.bold },
  { key: "italic", group: 0, label: "Cursiva", content: <span className="font-serif italic">I</span>, run: (e) => e.chain().focus().toggleItalic().run(), pressed: (s) => s.italic },
  { key: "underline", group: 0, label: "Subrayado", content: <span className="underline">U</span>, run: (e) => e.chain().focus().toggleUnderline().run(), pressed: (s) => s.underline },
  { key: "strike", group: 0, label: "Tachado", content: <span className="line-through">S</span>, run: (e) => e.chain().focus().toggleStrike().run(), pressed: (s) => s.strike },
  {
    key: "bulletList",
    group: 1,
    label: "Lista con viñetas",
    content: (
      <Icon>
        <path d="M9 6h11M9 12h11M9 18h11" />
        <circle cx="4" cy="6" r="1" fill="currentColor" />
        <circle cx="4" cy="12" r="1" fill="currentColor" />
        <circle cx="4" cy="18" r="1" fill="currentColor" />
      </Icon>
    ),
    run: (e) => e.chain().focus().toggleBulletList().run(),
    pressed: (s) => s.bulletList,
  },
  {
    key: "orderedList",
    group: 1,
    label: "Lista numerada",
    content: (
      <Icon>
        <path d="M10 6h10M10 12h10M10 18h10M4 4v4M3 14h2l-2 3h2" />
      </Icon>
    ),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    pressed: (s) => s.orderedList,
  },
  { key: "paragraph", group: 2, label: "Párrafo", content: <span>¶</span>, run: (e) => e.chain().focus().setParagraph().run(), pressed: (s) => s.paragraph },
  {
    key: "blockquote",
    group: 2,
    label: "Cita",
    content: (
      <Icon>
        <path d="M7 7h4v4H8v3M15 7h4v4h-3v3" />
      </Icon>
    ),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
    pressed: (s) => s.blockquote,
  },
  { key: "h1", group: 2, label: "Título 1", content: <span>H1</span>, run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(), pressed: (s) => s.h1 },
  { key: "h2", group: 2, label: "Título 2", content: <span>H2</span>, run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), pressed: (s) => s.h2 },
  { key: "h3", group: 2, label: "Título 3", content: <span>H3</span>, run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), pressed: (s) => s.h3 },
  {
    key: "undo",
    group: 4,
    label: "Deshacer",
    content: (
      <Icon>
        <path d="M9 14L4 9l5-5" />
        <path d="M4 9h10.5a5.5 5.5 0 010 11H11" />
      </Icon>
    ),
    run: (e) => e.chain().focus().undo().run(),
    disabled: (s) => !s.canUndo,
  },
  {
    key: "redo",
    group: 4,
    label: "Rehacer",
    content: (
      <Icon>
        <path d="M15 14l5-5-5-5" />
        <path d="M20 9H9.5a5.5 5.5 0 000 11H13" />
      </Icon>
    ),
    run: (e) => e.chain().focus().redo().run(),
    disabled: (s) => !s.canRedo,
  },
];

const EMPTY_FLAGS: EditorFlags = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  bulletList: false,
  orderedList: false,
  paragraph: false,
  blockquote: false,
  h1: false,
  h2: false,
  h3: false,
  link: false,
  canUndo: false,
  canRedo: false,
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
      selector: ({ editor: current }): EditorFlags => {
        if (!current) return EMPTY_FLAGS;
        return {
          bold: current.isActive("bold"),
          italic: current.isActive("italic"),
          underline: current.isActive("underline"),
          strike: current.isActive("strike"),
          bulletList: current.isActive("bulletList"),
          orderedList: current.isActive("orderedList"),
          paragraph: current.isActive("paragraph") && !current.isActive("bulletList") && !current.isActive("orderedList") && !current.isActive("blockquote"),
          blockquote: current.isActive("blockquote"),
          h1: current.isActive("heading", { level: 1 }),
          h2: current.isActive("heading", { level: 2 }),
          h3: current.isActive("heading", { level: 3 }),
          link: current.isActive("link"),
          canUndo: current.can().undo(),
          canRedo: current.can().redo(),
        };
      },
    }) ?? EMPTY_FLAGS;

  const [linkOpen, setLinkOpen] = useState(false);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  // The link sits after the block formats (the headings stay together), before undo and redo.
  const afterBlocks = ITEMS.findIndex((item) => item.key === "h3") + 1;
  const buttons: (ToolbarItem | "link")[] = [...ITEMS.slice(0, afterBlocks), "link", ...ITEMS.slice(afterBlocks)];

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

/** Set, edit or remove the link at the selection: a small labelled form under the toolbar. */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const current = (editor.getAttributes("link").href as string | undefined) ?? "";
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  function apply() {
    const value = href.trim();
    if (value === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      onClose();
      return;
    }
    if (!isAllowedRichTextHref(value)) {
      setError(LINK_ERROR);
      inputRef.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange("link");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: value, marks: [{ type: "link", attrs: { href: value } }] }).run();
    } else {
      chain.setLink({ href: value }).run();
    }
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onClose();
  }

  return (
    <div
      role="dialog"
      aria-label="Enlace"
      className="flex flex-wrap items-end gap-2 border-b border-ink-200 bg-ink-50 p-2"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onClose();
          editor.commands.focus();
        }
      }}
    >
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={`${id}-href`} className="mb-1 block text-xs font-medium text-ink-800">
          URL del enlace
        </label>
        <input
          ref={inputRef}
          id={`${id}-href`}
          type="text"
          inputMode="url"
          value={href}
          placeholder="https://…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
          className="block w-full rounded-md border border-ink-300 bg-white px-2.5 py-1.5 text-base text-ink-900 sm:text-sm"
        />
      </div>
      <div className="flex gap-1.5">
        <button type="button" onClick={apply} className="h-9 rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800">
          Aplicar
        </button>
        {current && (
          <button type="button" onClick={remove} className="h-9 rounded-md border border-ink-300 bg-white px-3 text-sm font-semibold text-ink-800 hover:bg-ink-100">
            Quitar enlace
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            onClose();
            editor.commands.focus();
          }}
          className="h-9 rounded-md px-3 text-sm font-semibold text-ink-700 hover:bg-ink-100"
        >
          Cancelar
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
