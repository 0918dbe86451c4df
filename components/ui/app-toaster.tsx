"use client";

import dynamic from "next/dynamic";

// sonner (and the styles it carries) in a chunk of its own, loaded after the page is interactive:
// the public pages never toast, and their first-load JavaScript no longer includes it. A toast
// raised before this chunk arrives is not lost: sonner replays active toasts to a new Toaster.
const Toaster = dynamic(() => import("sonner").then((module) => module.Toaster), { ssr: false });

/** Spec §9: top right; 4 s for blank and error toasts (2 s for success via notify.success); at most 20. */
export function AppToaster() {
  return (
    <Toaster
      position="top-right"
      duration={4000}
      visibleToasts={20}
      richColors
      closeButton
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación" }}
    />
  );
}
