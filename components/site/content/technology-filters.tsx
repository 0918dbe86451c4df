import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { TECHNOLOGY_CATEGORIES } from "@/lib/content/technology-categories";
import type { TechnologyView } from "./technology-cards";

/** The URL of the technologies page for a filter and a view (defaults are left out). */
export function technologiesHref(category: string | undefined, view: TechnologyView): string {
  const params = new URLSearchParams();
  if (category) params.set("categoria", category);
  if (view === "lista") params.set("vista", "lista");
  const query = params.toString();
  return query ? `/tecnologias?${query}` : "/tecnologias";
}

const pill =
  "inline-flex items-center rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap ring-1 ring-inset transition-colors";
const pillOn = "bg-brand-700 text-white ring-brand-700 hover:bg-brand-800";
const pillOff = "bg-white text-ink-700 ring-ink-300 hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-300";

/** Category filter links (Todas + the six categories). The active one links back to "no filter". */
export function TechnologyFilters({ category, view }: { category: string | undefined; view: TechnologyView }) {
  return (
    <nav aria-label="Filtrar por categoría">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link href={technologiesHref(undefined, view)} scroll={false} aria-current={category ? undefined : "true"} className={cn(pill, category ? pillOff : pillOn)}>
            Todas
          </Link>
        </li>
        {TECHNOLOGY_CATEGORIES.map((name) => {
          const active = name === category;
          return (
            <li key={name}>
              <Link
                href={technologiesHref(active ? undefined : name, view)}
                scroll={false}
                aria-current={active ? "true" : undefined}
                className={cn(pill, active ? pillOn : pillOff)}
              >
                {name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const GRID_ICON = "M3.75 6A2.25 2.25 0 016 3.75h2.25A2.25 2.25 0 0110.5 6v2.25a2.25 2.25 0 01-2.25 2.25H6a2.25 2.25 0 01-2.25-2.25V6zM3.75 15.75A2.25 2.25 0 016 13.5h2.25a2.25 2.25 0 012.25 2.25V18a2.25 2.25 0 01-2.25 2.25H6A2.25 2.25 0 013.75 18v-2.25zM13.5 6a2.25 2.25 0 012.25-2.25H18A2.25 2.25 0 0120.25 6v2.25A2.25 2.25 0 0118 10.5h-2.25a2.25 2.25 0 01-2.25-2.25V6zM13.5 15.75a2.25 2.25 0 012.25-2.25H18a2.25 2.25 0 012.25 2.25V18A2.25 2.25 0 0118 20.25h-2.25A2.25 2.25 0 0113.5 18v-2.25z";
const LIST_ICON = "M8.25 6.75h12M8.25 12h12m-12 5.25h12M3.75 6.75h.007v.008H3.75V6.75zm.375 0a.375.375 0 11-.75 0 .375.375 0 01.75 0zM3.75 12h.007v.008H3.75V12zm.375 0a.375.375 0 11-.75 0 .375.375 0 01.75 0zm-.375 5.25h.007v.008H3.75v-.008zm.375 0a.375.375 0 11-.75 0 .375.375 0 01.75 0z";

/** Grid / list toggle (default grid), as links so it works without JavaScript. */
export function ViewToggle({ category, view }: { category: string | undefined; view: TechnologyView }) {
  const options = [
    { value: "grid" as const, label: "Cuadrícula", icon: GRID_ICON },
    { value: "lista" as const, label: "Lista", icon: LIST_ICON },
  ];
  return (
    <nav aria-label="Vista">
      <ul className="inline-flex rounded-lg bg-ink-100 p-1">
        {options.map((option) => {
          const active = option.value === view;
          return (
            <li key={option.value}>
              <Link
                href={technologiesHref(category, option.value)}
                scroll={false}
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold transition-colors",
                  active ? "bg-white text-brand-800 shadow-sm" : "text-ink-700 hover:text-ink-900",
                )}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
                  <path strokeLinecap="round" strokeLinejoin="round" d={option.icon} />
                </svg>
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
