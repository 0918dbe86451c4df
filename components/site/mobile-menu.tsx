"use client";

import Link from "next/link";
import { Icon } from "@/components/icons/icon";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { HEADER_NAV, isActivePath, LOGIN_LINK } from "./nav";

/**
 * The header's menu below the lg breakpoint: a disclosure button (aria-expanded, aria-controls)
 * and a panel with the same links plus "Contactar". Escape closes it and returns focus to the
 * button; following a link closes it.
 */
export function MobileMenu() {
  const items = HEADER_NAV;
  const login = LOGIN_LINK;
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
        className="mm-btn"
      >
        <span className="sr-only">{open ? "Cerrar menú" : "Abrir menú"}</span>
        <Icon name={open ? "close" : "menu"} className="size-6" />
      </button>

      <div
        id={panelId}
        hidden={!open}
        className="mm-panel"
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
                    className="mm-link"
                  >
                    {item.label}
                    <Icon name="chevron-right" className="mm-chev" />
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
