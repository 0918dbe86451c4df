"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";
import { cn } from "./cn";

// The one modal of the back office, on the native <dialog> opened with showModal(): the browser
// gives focus trapping, inertness of the page behind, Esc to close and the top layer, so screen
// readers announce it as a modal dialog. Focus returns to whatever opened it.
//
//   <Modal open={open} onClose={() => setOpen(false)} title="Nuevo Usuario" footer={<Buttons/>}>
//     …form…
//   </Modal>
//
// The control marked `data-autofocus` gets the focus when it opens (otherwise the first one, the ×).

export type ModalSize = "sm" | "md" | "lg" | "xl";

const widths: Record<ModalSize, string> = {
  sm: "sm:max-w-md",
  md: "sm:max-w-lg",
  lg: "sm:max-w-2xl",
  xl: "sm:max-w-4xl",
};

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** Buttons at the bottom, kept visible while the body scrolls. */
  footer?: ReactNode;
  children?: ReactNode;
  /** "alertdialog" for confirmations. */
  role?: "dialog" | "alertdialog";
  /** Refuse closing (Esc, backdrop, ×) while work is in progress. */
  busy?: boolean;
  className?: string;
  testId?: string;
};

export function Modal({ open, onClose, title, description, size = "md", footer, children, role = "dialog", busy, className, testId }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // showModal() focuses the first focusable control (the ×); a child can ask for the focus instead.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      return () => {
        if (dialog.open) dialog.close();
        // Back to the control that opened it (if it is still on the page).
        if (opener && document.contains(opener)) opener.focus();
      };
    }
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={dialogRef}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        // Esc: the parent decides (it unmounts us); never let the browser close it behind React's back.
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget && !busy) onClose();
      }}
      className={cn(
        "m-0 mt-auto flex max-h-[92dvh] w-full max-w-full flex-col overflow-hidden rounded-t-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-950/50 sm:m-auto sm:max-h-[88dvh] sm:rounded-2xl",
        widths[size],
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-ink-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold break-words text-ink-900">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-ink-600">
              {description}
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-600 hover:bg-ink-100 hover:text-ink-900 disabled:opacity-50"
        >
          <span className="sr-only">Cerrar</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" strokeLinejoin="round" d="M6 18L18 6M6 6l12 12" />
          </svg>
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
      {footer && (
        <div className="flex flex-col-reverse gap-2 border-t border-ink-200 bg-ink-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">{footer}</div>
      )}
    </dialog>
  );
}

/** The footer of a form in a Modal: "Cancelar" and the submit button of form `formId` ("Guardando..." while saving). */
export function FormModalFooter({ formId, saving, submitLabel, onCancel }: { formId: string; saving: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        Cancelar
      </Button>
      <Button type="submit" form={formId} disabled={saving}>
        {saving ? "Guardando..." : submitLabel}
      </Button>
    </>
  );
}
