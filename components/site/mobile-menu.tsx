"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { isActivePath, type NavItem } from "./nav";

/**
 * The header's menu below the lg breakpoint: a disclosure button (aria-expanded, aria-controls)
 * and a panel with the same links plus "Contactar". Escape closes it and returns focus to the
 * button; following a link closes it.
 */
export function MobileMenu({ items, login }: { items: NavItem[]; login: NavItem }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100"
      >
        <span className="sr-only">{open ? "Cerrar menú" : "Abrir menú"}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-ink-200 bg-white shadow-xl"
      >
        <nav aria-label="Menú móvil" className="mx-auto max-w-7xl px-5 pt-2 pb-6 sm:px-6">
          <ul className="divide-y divide-ink-100">
            {items.map((item) => {
              const active = isActivePath(pathname, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={close}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-center justify-between py-3.5 text-base font-medium",
                      active ? "text-brand-700" : "text-ink-800 hover:text-brand-700",
                    )}
                  >
                    {item.label}
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-ink-500" fill="currentColor">
                      <path fillRule="evenodd" d="M7.2 14.8a.75.75 0 010-1.06L10.94 10 7.2 6.26a.75.75 0 111.06-1.06l4.27 4.27a.75.75 0 010 1.06l-4.27 4.27a.75.75 0 01-1.06 0z" clipRule="evenodd" />
                    </svg>
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            <Link href="/contacto" onClick={close} className={buttonClasses("primary", "lg", "w-full")}>
              Contactar
            </Link>
            <Link href={login.href} onClick={close} className={buttonClasses("outline", "lg", "w-full")}>
              {login.label}
            </Link>
          </div>
        </nav>
      </div>
    </div>
  );
}
