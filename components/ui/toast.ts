"use client";

import { toast, type ExternalToast } from "sonner";

/** Toast durations: success 2 s; blank and error 4 s (the Toaster default); loading until dismissed. */
export const TOAST_DURATION = { default: 4000, error: 4000, success: 2000 } as const;

type Message = Parameters<typeof toast>[0];

/** sonner's toast with TOAST_DURATION applied. Use this instead of importing sonner directly. */
export const notify = Object.assign((message: Message, data?: ExternalToast) => toast(message, { duration: TOAST_DURATION.default, ...data }), {
  success: (message: Message, data?: ExternalToast) => toast.success(message, { duration: TOAST_DURATION.success, ...data }),
  error: (message: Message, data?: ExternalToast) => toast.error(message, { duration: TOAST_DURATION.error, ...data }),
  info: (message: Message, data?: ExternalToast) => toast.info(message, { duration: TOAST_DURATION.default, ...data }),
  warning: (message: Message, data?: ExternalToast) => toast.warning(message, { duration: TOAST_DURATION.default, ...data }),
  loading: (message: Message, data?: ExternalToast) => toast.loading(message, data),
  dismiss: toast.dismiss,
  promise: toast.promise,
});
