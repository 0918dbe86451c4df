"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { SkipLink } from "@/components/site/skip-link";
import { cn } from "@/components/ui/cn";
import { AreaIcon } from "./icons";
import type { AreaNavGroup } from "./nav";
import { SidebarNav } from "./sidebar-nav";

const DESKTOP_ASIDE_ID = "menu-lateral";
const MOBILE_DRAWER_ID = "menu-movil";

/**
 * The frame both signed-in areas share: a header with the menu toggles,
 * the area's name and whatever the layout puts at its end (bell, user, logout); a side menu
 * 224 px wide on desktop that collapses to an icon rail; below 768 px a 256 px drawer,
 * closed by default, that Escape, the backdrop, the close button or following a link closes.
 * Works without JavaScript on desktop (menu open); the drawer needs it.
 */
export function AreaFrame({
  brand,
  headerEnd,
  navGroups,
  navLabel,
  drawerFooter,
  children,
}: {
  brand: ReactNode;
  headerEnd: ReactNode;
  /** Pinned to the bottom of the drawer, in view however long the menu is (e.g. "Cerrar sesión"). */
  drawerFooter?: ReactNode;
  navGroups: AreaNavGroup[];
  navLabel: string;
  children: ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerToggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  // A new page closes the drawer (links also close it on click; this covers back/forward).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setDrawerOpen(false);
  }

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setDrawerOpen(false);
        drawerToggleRef.current?.focus();
        return;
      }
      // A modal drawer: Tab cycles inside it.
      if (event.key !== "Tab" || !drawerRef.current) return;
      const focusable = Array.from(drawerRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])"));
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [drawerOpen]);

  const closeDrawer = () => {
    setDrawerOpen(false);
    drawerToggleRef.current?.focus();
  };

  return (
    <div className="min-h-dvh bg-ink-50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-ink-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-5">
          <button
            ref={drawerToggleRef}
            type="button"
            aria-label="Menú de navegación"
            aria-expanded={drawerOpen}
            aria-controls={MOBILE_DRAWER_ID}
            onClick={() => setDrawerOpen((open) => !open)}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 md:hidden"
          >
            <AreaIcon name="menu" className="size-6" />
          </button>
          <button
            type="button"
            aria-label="Menú lateral"
            aria-expanded={!collapsed}
            aria-controls={DESKTOP_ASIDE_ID}
            onClick={() => setCollapsed((value) => !value)}
            className="hidden size-11 shrink-0 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100 md:inline-flex"
          >
            <AreaIcon name={collapsed ? "expand" : "collapse"} className="size-5" />
          </button>
          <div className="min-w-0 flex-1">{brand}</div>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">{headerEnd}</div>
        </div>
      </header>

      <div className="flex">
        <aside
          id={DESKTOP_ASIDE_ID}
          className={cn(
            "sticky top-16 hidden h-[calc(100dvh-4rem)] shrink-0 overflow-y-auto border-r border-ink-200 bg-white transition-[width] duration-200 md:block",
            collapsed ? "w-[72px]" : "w-56",
          )}
        >
          <SidebarNav groups={navGroups} label={navLabel} compact={collapsed} />
        </aside>

        <main id="contenido" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>

      <div id={MOBILE_DRAWER_ID} hidden={!drawerOpen} className="fixed inset-0 z-40 md:hidden">
        <div aria-hidden="true" className="absolute inset-0 bg-ink-900/40" onClick={closeDrawer} />
        <div
          ref={drawerRef}
          role="dialog"
          aria-modal="true"
          aria-label={navLabel}
          className="absolute inset-y-0 left-0 flex w-64 max-w-[85vw] flex-col bg-white shadow-2xl">
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink-200 px-3">
            <div className="min-w-0 pl-1">{brand}</div>
            <button
              type="button"
              onClick={closeDrawer}
              className="inline-flex size-11 items-center justify-center rounded-lg text-ink-700 hover:bg-ink-100"
            >
              <span className="sr-only">Cerrar menú</span>
              <AreaIcon name="close" className="size-6" />
            </button>
          </div>
          {/* Only the menu scrolls; the footer stays on screen below it. */}
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {drawerOpen && <SidebarNav groups={navGroups} label={navLabel} onNavigate={() => setDrawerOpen(false)} />}
          </div>
          {drawerFooter && <div className="shrink-0 border-t border-ink-200 p-4">{drawerFooter}</div>}
        </div>
      </div>
    </div>
  );
}
