"use client";

/**
 * sonner, imported on demand. The one place that imports it, so the Toaster (components/ui/app-toaster.tsx,
 * after the page is interactive) and the first toast (components/ui/toast.ts) share one chunk, downloaded once.
 */
export const loadSonner = () => import("sonner");
