"use client";

import dynamic from "next/dynamic";
import { loadSonner } from "./sonner";

// sonner (and the styles it carries) in a chunk of its own, loaded after the page is interactive:
// the public pages never toast, and their first-load JavaScript no longer includes it. A toast
// raised before this chunk arrives is not lost: sonner replays active toasts to a new Toaster.
const Toaster = dynamic(() => loadSonner().then((module) => module.Toaster), { ssr: false });

/**
 * Toasts rise at the bottom centre: the top right held the header's bell, user and "Cerrar
 * sesión" and the page headers' action buttons, and the bottom right holds the forms' submit
 * buttons and the tables' "Siguiente"; under 600 px sonner spreads them over the bottom edge.
 * 4 s for blank and error toasts (2 s for success via notify.success); at most 20.
 */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-center"
      duration={4000}
      visibleToasts={20}
      richColors
      closeButton
      containerAriaLabel="Notificaciones"
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación" }}
    />
  );
}
