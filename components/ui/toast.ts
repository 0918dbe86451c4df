"use client";

import type { ExternalToast, toast as sonnerToast } from "sonner";
import { loadSonner } from "./sonner";

/** Toast durations: success 2 s; blank and error 4 s (the Toaster default). */
export const TOAST_DURATION = { default: 4000, error: 4000, success: 2000 } as const;

type Toast = typeof sonnerToast;
type Message = Parameters<Toast>[0];

// sonner is not part of any page's first load: it is imported on the first toast, the same chunk
// AppToaster (components/ui/app-toaster.tsx) loads once the page is interactive, so by the time
// someone acts on a screen it is usually there already. Toasts keep the order they were raised in:
// each waits for the one import. An import that failed (the connection dropped) is tried again
// by the next toast.
let sonner: Promise<Toast> | undefined;
function show(raise: (toast: Toast) => void) {
  sonner ??= loadSonner().then(
    (module) => module.toast,
    (error: unknown) => {
      sonner = undefined;
      throw error;
    },
  );
  sonner.then(raise, () => undefined);
}

/** sonner's toast with TOAST_DURATION applied. Use this instead of importing sonner directly. */
export const notify = Object.assign((message: Message, data?: ExternalToast) => show((toast) => toast(message, { duration: TOAST_DURATION.default, ...data })), {
  success: (message: Message, data?: ExternalToast) => show((toast) => toast.success(message, { duration: TOAST_DURATION.success, ...data })),
  error: (message: Message, data?: ExternalToast) => show((toast) => toast.error(message, { duration: TOAST_DURATION.error, ...data })),
  info: (message: Message, data?: ExternalToast) => show((toast) => toast.info(message, { duration: TOAST_DURATION.default, ...data })),
  warning: (message: Message, data?: ExternalToast) => show((toast) => toast.warning(message, { duration: TOAST_DURATION.default, ...data })),
  /** Takes every toast off the screen (in order with the toasts raised before it). */
  dismissAll: () => show((toast) => void toast.dismiss()),
});
