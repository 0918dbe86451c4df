import Link from "next/link";
import { Icon } from "@/components/icons/icon";

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
              className="pill h-10 gap-1.5"
            >
              {link.active && (
                <Icon name="check" className="size-4" />
              )}
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
