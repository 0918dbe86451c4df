"use client";

import Link from "next/link";
import { useState, type MouseEvent, type ReactNode } from "react";
import { Icon } from "@/components/icons/icon";
import { cn } from "@/components/ui/cn";

export type SectorItem = {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** Sanitized HTML of long_description. */
  html: string;
  icon: ReactNode;
  /** The page with this card open (lib/public-variants.ts sectorHref). */
  openHref: string;
};

/** The URL that toggles a card: opening one closes any other; the open one links back to none (closedHref). */
export function sectorToggleHref(sector: Pick<SectorItem, "slug" | "openHref">, open: boolean, closedHref: string): string {
  return `${open ? closedHref : sector.openHref}#sector-${sector.slug}`;
}

/**
 * Expandable sector cards. The open card lives in the URL (/sectores/ver/<slug>), so the links
 * work without JavaScript; with it, a click only updates the URL in place (no request, no reload).
 * The page passes the open card (each is its own pre-rendered page), so the server's HTML
 * already shows it open.
 */
export function SectorAccordion({ sectors, contactLabel, openSlug: initialOpen, closedHref }: {
  sectors: SectorItem[];
  contactLabel: string;
  openSlug?: string;
  /** The page with every card closed (lib/public-variants.ts sectorHref). */
  closedHref: string;
}) {
  const [openSlug, setOpenSlug] = useState(initialOpen ?? null);

  function toggle(event: MouseEvent<HTMLAnchorElement>, href: string, slug: string | null) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // null state: Next keeps its own history entries as they are.
    window.history.replaceState(null, "", href);
    setOpenSlug(slug);
  }

  return (
    <ul className="grid gap-5 lg:grid-cols-2 lg:items-start">
      {sectors.map((sector) => {
        const open = sector.slug === openSlug;
        const href = sectorToggleHref(sector, open, closedHref);
        const panelId = `sector-panel-${sector.slug}`;
        return (
          <li key={sector.id} id={`sector-${sector.slug}`} className="scroll-mt-24">
            <article
              data-testid="sector-card"
              data-open={open ? "true" : "false"}
              className={cn(
                "rounded-2xl border bg-white shadow-card transition",
                open ? "border-brand-300 ring-1 ring-brand-200" : "border-ink-200 hover:border-brand-200",
              )}
            >
              <div className="flex gap-4 p-6">
                <div
                  aria-hidden="true"
                  className={cn(
                    "grid size-12 shrink-0 place-items-center rounded-xl ring-1",
                    open ? "bg-brand-700 text-white ring-brand-700" : "bg-brand-50 text-brand-700 ring-brand-100",
                  )}
                >
                  {sector.icon}
                </div>
                <div className="min-w-0 flex-1">
                  <h3 className="h3">
                    <a
                      href={href}
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={(event) => toggle(event, href, open ? null : sector.slug)}
                      className="flex items-start justify-between gap-3 rounded hover:text-brand-800"
                    >
                      <span>{sector.name}</span>
                      <Icon name="chevron-down" className={cn("mt-0.5 size-5 shrink-0 text-ink-500 transition-transform", open && "rotate-180 text-brand-700")} />
                    </a>
                  </h3>
                  <p className="small mt-1.5">{sector.description}</p>
                </div>
              </div>
              <div id={panelId} hidden={!open} data-testid="sector-panel" className="border-t border-ink-100 px-6 pt-5 pb-6">
                {sector.html ? (
                  <div
                    className="space-y-3 text-sm leading-6 text-ink-700 [&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
                    dangerouslySetInnerHTML={{ __html: sector.html }}
                  />
                ) : null}
                <Link
                  href="/contacto"
                  className="mt-5 inline-flex h-10 items-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  {contactLabel}
                  <span className="sr-only"> sobre {sector.name}</span>
                </Link>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
