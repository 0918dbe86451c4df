"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

// The one confirmation before a destructive action.
//
//   <ConfirmDialog open={target !== null} title="Eliminar usuario"
//     message={`¿Seguro que deseas eliminar a ${target?.name}?`} pending={deleting}
//     onConfirm={remove} onCancel={() => setTarget(null)} />
//
// The cancel button takes the focus first, so Enter on an accidental open does no harm.

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Eliminar",
  pendingLabel = "Procesando...",
  cancelLabel = "Cancelar",
  tone = "danger",
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      role="alertdialog"
      busy={pending}
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button
            variant="primary"
            onClick={onConfirm}
            disabled={pending}
            aria-disabled={pending}
            className={tone === "danger" ? "bg-red-700 hover:bg-red-800 active:bg-red-900" : undefined}
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-base text-ink-700">{message}</div>
    </Modal>
  );
}
