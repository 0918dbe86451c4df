// @vitest-environment jsdom
// The back office's modal and its confirmation: focus goes into the dialog when it opens and back
// to the control that opened it when it closes; Escape, the × and the backdrop close it unless work
// is in progress; a confirmation is an alert dialog whose confirm button alone runs the action.
import "./setup/dom";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Modal } from "@/components/ui/modal";

function ModalScreen({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Nuevo usuario
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Crear usuario" description="Datos de la cuenta" busy={busy} footer={<button type="button">Guardar</button>}>
        <label>
          Nombre
          <input data-autofocus />
        </label>
      </Modal>
    </>
  );
}

/** Opens the modal the way a person does: the opener has the focus when it is activated. */
function open() {
  const opener = screen.getByRole("button", { name: "Nuevo usuario" });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "Crear usuario" }) };
}

describe("Modal", () => {
  it("opens as a modal dialog named by its title and described by its description", () => {
    render(<ModalScreen />);
    expect(screen.queryByRole("dialog")).toBeNull();
    const { dialog } = open();
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe("Datos de la cuenta");
  });

  it("moves the focus into the dialog, to the control marked data-autofocus", () => {
    render(<ModalScreen />);
    open();
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Nombre" }));
  });

  it("closes on Escape and gives the focus back to the control that opened it", () => {
    render(<ModalScreen />);
    const { opener } = open();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("closes with its × button and with a click on the backdrop, not with a click inside", () => {
    render(<ModalScreen />);
    open();
    fireEvent.click(screen.getByRole("button", { name: "Cerrar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    const { dialog } = open();
    fireEvent.click(screen.getByRole("textbox", { name: "Nombre" }));
    expect(screen.queryByRole("dialog")).not.toBeNull();
    fireEvent.click(dialog);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("stays open while busy: Escape, the backdrop and the disabled × do nothing", () => {
    render(<ModalScreen busy />);
    const { dialog } = open();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    fireEvent.click(dialog);
    expect(screen.getByRole("button", { name: "Cerrar" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("dialog", { name: "Crear usuario" }).hasAttribute("open")).toBe(true);
  });
});

describe("ConfirmDialog", () => {
  function confirmDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open title="Eliminar usuario" message="¿Seguro que deseas eliminar a Ana Pérez?" onConfirm={onConfirm} onCancel={onCancel} {...props} />);
    return { onConfirm, onCancel, dialog: screen.getByRole("alertdialog") };
  }

  it("is an alert dialog that says what will be deleted, with destructive wording by default", () => {
    const { dialog } = confirmDialog();
    expect(dialog).toBe(screen.getByRole("alertdialog", { name: "Eliminar usuario" }));
    expect(dialog.textContent).toContain("¿Seguro que deseas eliminar a Ana Pérez?");
    const confirm = screen.getByRole("button", { name: "Eliminar" });
    expect(confirm.className).toMatch(/\bbg-red-700\b/);
    expect(screen.getByRole("button", { name: "Cancelar" })).toBeTruthy();
  });

  it("gives the focus to Cancelar first, so Enter on an accidental open does no harm", () => {
    confirmDialog();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancelar" }));
  });

  it("runs the action on confirm only", () => {
    const { onConfirm, onCancel } = confirmDialog();
    fireEvent.click(screen.getByRole("button", { name: "Eliminar" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("cancels without running the action, by its button or by Escape", () => {
    const { onConfirm, onCancel } = confirmDialog();
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("while pending: says so on the confirm button, and neither button nor Escape acts", () => {
    const { onConfirm, onCancel } = confirmDialog({ pending: true });
    const confirm = screen.getByRole("button", { name: "Procesando..." });
    expect(confirm).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Cancelar" })).toHaveProperty("disabled", true);
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onCancel).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("takes other wording, and a non-destructive tone without the red", () => {
    confirmDialog({ title: "Publicar producto", confirmLabel: "Publicar", cancelLabel: "Volver", tone: "primary" });
    expect(screen.getByRole("alertdialog", { name: "Publicar producto" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Publicar" }).className).not.toMatch(/bg-red-700/);
    expect(screen.getByRole("button", { name: "Volver" })).toBeTruthy();
  });
});
