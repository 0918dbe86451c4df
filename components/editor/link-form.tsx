"use client";

import type { Editor } from "@tiptap/react";
import { useEffect, useId, useRef, useState } from "react";
import { isAllowedRichTextHref } from "@/lib/catalog/rich-text-rules";

const LINK_ERROR = "Ese enlace no está permitido. Usa http://, https://, mailto:, tel:, una ruta como /contacto u otro esquema permitido.";

/** Set, edit or remove the link at the selection: a small labelled form under the toolbar. */
export function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
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
