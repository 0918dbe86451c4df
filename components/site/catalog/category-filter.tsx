import Link from "next/link";
import { cn } from "@/components/ui/cn";

export type FilterLink = { label: string; href: string; active: boolean };

/**
 * Category filter "buttons" as links: the state lives in the URL, so filters work without
 * JavaScript, can be shared and bookmarked. The active one is marked with aria-current and
 * links back to the unfiltered list (clicking it clears the filter).
 */
export function CategoryFilter({ links, label = "Filtrar por categoría" }: { links: FilterLink[]; label?: string }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.label}>
            <Link
              href={link.href}
              scroll={false}
              aria-current={link.active ? "true" : undefined}
              className={cn(
                "inline-flex h-10 items-center gap-1.5 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 transition-colors ring-inset",
                link.active
                  ? "bg-brand-700 text-white ring-brand-700 hover:bg-brand-800"
                  : "bg-white text-ink-700 ring-ink-300 hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-300",
              )}
            >
              {link.active && (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
                  <path fillRule="evenodd" d="M16.7 4.15a.75.75 0 01.14 1.05l-8 10.5a.75.75 0 01-1.12.08l-4.5-4.5a.75.75 0 111.06-1.06l3.9 3.9 7.47-9.8a.75.75 0 011.05-.17z" clipRule="evenodd" />
                </svg>
              )}
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
