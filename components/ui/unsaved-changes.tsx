"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";

// The one warning before unsaved edits are lost, for every form that edits a record:
//
//   <UnsavedChangesGuard dirty={form.formState.isDirty && !saved} />
//
// (`saved`: set by the form once the server accepted the save and it navigates away; a form that
// stays resets itself to the saved values, which clears isDirty. isSubmitSuccessful will not do:
// it is true after a server-side refusal too.)
//
// While `dirty`:
// - reload, tab close and links to other sites: the browser's own "leave site?" prompt
//   (beforeunload; browsers show their own text);
// - a click on a link to another page of this site (the menu, "Cancelar", a breadcrumb): the
//   App Router has no route-change event to cancel, so the click is caught on its way down
//   (window, capture phase) before Next's <Link> sees it, and the shared ConfirmDialog asks;
// - the browser's back and forward buttons: where the Navigation API exists (Chromium, Safari,
//   Firefox), the traversal's "navigate" event is cancelled before anything moves, and leaving
//   traverses to that entry; elsewhere the popstate is caught, the page's address put back and
//   the dialog asks (the App Router may already have started rendering the other page there).
// Saving clears `dirty`, and a form that navigates after saving uses router.push, which is
// never intercepted.

export const UNSAVED_CHANGES_TEXT = {
  title: "Cambios sin guardar",
  message: "Tienes cambios sin guardar. Si sales de esta página, se perderán.",
  leave: "Salir sin guardar",
  stay: "Seguir editando",
} as const;

type Pending = { kind: "link"; href: string } | { kind: "traverse"; key: string } | { kind: "history" };

/** A link click that leaves this page for another page of this site, or null. */
function internalDestination(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  const anchor = target?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!anchor || anchor.hasAttribute("download")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  let url: URL;
  try {
    url = new URL(anchor.href, window.location.href);
  } catch {
    return null;
  }
  // Another site is a full page load: beforeunload asks.
  if (url.origin !== window.location.origin) return null;
  // The same page (a #fragment): nothing is lost.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const router = useRouter();
  const [pending, setPending] = useState<Pending | null>(null);
  // Set once the user chose to leave: the navigation that follows is let through.
  const leaving = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const pageUrl = window.location.href;
    // The App Router's own state for this entry, to put the page's address back after a popstate.
    const pageState: unknown = window.history.state;

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = "";
    };

    const onClick = (event: MouseEvent) => {
      if (leaving.current) return;
      const href = internalDestination(event);
      if (!href) return;
      event.preventDefault();
      // Neither Next's <Link> nor a second guard on the page (two forms) acts on this click.
      event.stopImmediatePropagation();
      setPending({ kind: "link", href });
    };

    // Back and forward with the Navigation API: cancelled before the history moves.
    const navigation = typeof window.navigation === "object" ? window.navigation : null;
    const onNavigate = (event: NavigateEvent) => {
      if (leaving.current || event.navigationType !== "traverse" || !event.cancelable) return;
      const url = new URL(event.destination.url);
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      setPending({ kind: "traverse", key: event.destination.key });
    };

    const onPopState = (event: PopStateEvent) => {
      if (navigation || leaving.current || window.location.href === pageUrl) return;
      // Keep the App Router from rendering the other page, and show this page's address again.
      // Back or forward, the entry arrived at is now just below this page's: leaving is go(-1).
      event.stopImmediatePropagation();
      window.history.pushState(pageState, "", pageUrl);
      setPending({ kind: "history" });
    };

    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState, true);
    navigation?.addEventListener("navigate", onNavigate);
    return () => {
      navigation?.removeEventListener("navigate", onNavigate);
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState, true);
    };
  }, [dirty]);

  function leave() {
    const target = pending;
    setPending(null);
    if (!target) return;
    leaving.current = true;
    if (target.kind === "link") router.push(target.href);
    else if (target.kind === "traverse") void window.navigation.traverseTo(target.key).finished?.catch(() => undefined);
    else window.history.back();
  }

  return (
    <ConfirmDialog
      open={pending !== null}
      title={UNSAVED_CHANGES_TEXT.title}
      message={UNSAVED_CHANGES_TEXT.message}
      confirmLabel={UNSAVED_CHANGES_TEXT.leave}
      cancelLabel={UNSAVED_CHANGES_TEXT.stay}
      onConfirm={leave}
      onCancel={() => setPending(null)}
    />
  );
}
