"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import type { MouseEvent, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export type SectorItem = {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** Sanitized HTML of long_description. */
  html: string;
  icon: ReactNode;
};

/** The URL that toggles a card: opening one closes any other; the open one links back to none. */
export function sectorHref(slug: string, open: boolean): string {
  return open ? `/sectores#sector-${slug}` : `/sectores?sector=${encodeURIComponent(slug)}#sector-${slug}`;
}

/**
 * Expandable sector cards. The open card lives in the URL (?sector=<slug>), so the links work
 * without JavaScript; with it, a click only updates the URL in place (no request, no reload).
 */
export function SectorAccordion({ sectors, contactLabel }: { sectors: SectorItem[]; contactLabel: string }) {
  const openSlug = useSearchParams().get("sector");

  function toggle(event: MouseEvent<HTMLAnchorElement>, href: string) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // null state: Next syncs useSearchParams with the new URL (its own history entries are left alone).
    window.history.replaceState(null, "", href);
  }

  return (
    <ul className="grid gap-5 lg:grid-cols-2 lg:items-start">
      {sectors.map((sector) => {
        const open = sector.slug === openSlug;
        const href = sectorHref(sector.slug, open);
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
                  <h3 className="text-lg font-semibold text-ink-900">
                    <a
                      href={href}
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={(event) => toggle(event, href)}
                      className="flex items-start justify-between gap-3 rounded hover:text-brand-800"
                    >
                      <span>{sector.name}</span>
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 20 20"
                        fill="currentColor"
                        className={cn("mt-0.5 size-5 shrink-0 text-ink-500 transition-transform", open && "rotate-180 text-brand-700")}
                      >
                        <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 011.06.02L10 11.168l3.71-3.938a.75.75 0 111.08 1.04l-4.25 4.5a.75.75 0 01-1.08 0l-4.25-4.5a.75.75 0 01.02-1.06z" clipRule="evenodd" />
                      </svg>
                    </a>
                  </h3>
                  <p className="mt-1.5 text-sm leading-6 text-ink-600">{sector.description}</p>
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
