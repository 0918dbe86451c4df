import Link from "next/link";
import { TECHNOLOGY_CATEGORIES } from "@/lib/content/technology-categories";
import { TECHNOLOGIES_VARIANTS, variantHref } from "@/lib/public-variants";
import type { TechnologyView } from "./technology-card-data";

/** The URL of the technologies page for a filter and a view: /tecnologias/ver/devops/lista, /tecnologias for the defaults. */
export function technologiesHref(category: string | undefined, view: TechnologyView): string {
  return variantHref(TECHNOLOGIES_VARIANTS, { categoria: category, vista: view });
}

/** .pill (app/globals.css): the active one is styled by its aria-current. */
const pill = "pill py-2";

/** Category filter links (Todas + the six categories). The active one links back to "no filter". */
export function TechnologyFilters({ category, view }: { category: string | undefined; view: TechnologyView }) {
  return (
    <nav aria-label="Filtrar por categoría">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link href={technologiesHref(undefined, view)} scroll={false} aria-current={category ? undefined : "true"} className={pill}>
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
                className={pill}
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
