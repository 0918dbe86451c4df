// For the tests that render components in jsdom (`// @vitest-environment jsdom`, then import this
// file): what jsdom lacks of the browser and the components rely on, done the way browsers do it.
// Testing Library's automatic cleanup needs global test hooks (off here): each test unmounts
// what it rendered.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

const FOCUSABLE = "button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

// <dialog>: jsdom reflects `open` but has no showModal() or close().
if (typeof HTMLDialogElement !== "undefined" && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
    // The dialog focusing steps: the control marked autofocus, else the first focusable one.
    (this.querySelector<HTMLElement>("[autofocus]") ?? this.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
  // Escape in a modal dialog: the browser fires a cancelable `cancel` at the topmost one and
  // closes it unless a listener prevented that.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const dialog = [...document.querySelectorAll("dialog[open]")].at(-1) as HTMLDialogElement | undefined;
    if (dialog && dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) dialog.close();
  });
}
