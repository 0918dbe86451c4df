import type { Editor } from "@tiptap/react";
import type { ReactNode } from "react";

// The rich editor's toolbar: its buttons in order (the link button, which opens a form rather
// than acting at once, is placed by the editor after the block formats) and the editor state
// they show (aria-pressed, aria-disabled).

export function Icon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

export type ToolbarItem = {
  key: string;
  label: string;
  content: ReactNode;
  run: (editor: Editor) => void;
  /** Marks and blocks: aria-pressed shows whether it applies at the cursor. */
  pressed?: (state: EditorFlags) => boolean;
  disabled?: (state: EditorFlags) => boolean;
  group: number;
};

export type EditorFlags = {
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

export const TOOLBAR_ITEMS: ToolbarItem[] = [  { key: "bold", group: 0, label: "Negrita", content: <span className="font-bold">B</span>, run: (e) => e.chain().focus().toggleBold().run(), pressed: (s) => s.bold },
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

export const EMPTY_FLAGS: EditorFlags = {
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

/** What the toolbar shows for the editor's selection. */
export function editorFlags(current: Editor): EditorFlags {
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
}
