import Link from "next/link";
import type { ReactNode } from "react";
import { ProductCard, ServiceCard } from "@/components/site/catalog-cards";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { listPublicCatalogItems } from "@/lib/catalog/queries";
import { loadSection } from "../content/load";
import type { CatalogKind } from "@/lib/generated/prisma/enums";
import { CATALOG_PAGES } from "./catalog-kinds";
import { CategoryFilter } from "./category-filter";
import { categoryFilterLinks, listHref, type ListState } from "./list-params";
import { ViewToggle } from "@/components/site/view-toggle";

function countLabel(kind: CatalogKind, count: number): string {
  if (kind === "product") return count === 1 ? "1 producto" : `${count} productos`;
  return count === 1 ? "1 servicio" : `${count} servicios`;
}

/**
 * The filterable list of a catalogue page: category filters (links), the optional grid/list
 * toggle, then the cards, the empty text ("No se encontraron productos ERP") or an error with
 * a "Reintentar" link to the same URL (works without JavaScript).
 */
export async function CatalogList({ kind, state, withViewToggle = false, headingId, heading }: {
  kind: CatalogKind;
  state: ListState;
  withViewToggle?: boolean;
  headingId: string;
  heading: ReactNode;
}) {
  const page = CATALOG_PAGES[kind];
  const loaded = await loadSection(`catálogo (${kind})`, () => listPublicCatalogItems(kind, state.category ? { category: state.category } : {}));
  const items = loaded.ok ? loaded.data : null;
  const currentHref = listHref(page.basePath, state);
  const isList = withViewToggle && state.view === "list";

  return (
    <section aria-labelledby={headingId} className="py-14 sm:py-16">
      <h2 id={headingId} className="sr-only">
        {heading}
      </h2>
      <div className="flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between">
        <CategoryFilter links={categoryFilterLinks(page.basePath, page.categories, state)} />
        {withViewToggle && (
          <div className="shrink-0">
            <ViewToggle
              options={[
                { label: "Cuadrícula", href: listHref(page.basePath, { ...state, view: "grid" }), current: state.view === "grid" },
                { label: "Lista", href: listHref(page.basePath, { ...state, view: "list" }), current: state.view === "list" },
              ]}
            />
          </div>
        )}
      </div>

      <div className="mt-8">
        {items === null ? (
          <ErrorState
            action={
              <Link href={currentHref} prefetch={false} className={buttonClasses("outline", "sm")}>
                Reintentar
              </Link>
            }
          >
            {page.listErrorText}
          </ErrorState>
        ) : items.length === 0 ? (
          <EmptyState>{state.category ? `${page.emptyText}: ${state.category}` : page.emptyText}</EmptyState>
        ) : (
          <>
            <p className="text-sm font-medium text-ink-600" data-testid="result-count">
              {countLabel(kind, items.length)}
              {state.category && (
                <>
                  {" "}
                  en <span className="font-semibold text-ink-800">{state.category}</span>
                </>
              )}
            </p>
            <ul
              className={cn(
                "mt-5 grid gap-6",
                isList ? "grid-cols-1" : "sm:grid-cols-2 lg:grid-cols-3 lg:gap-8",
              )}
              data-view={isList ? "list" : "grid"}
            >
              {items.map((item) => (
                <li key={item.id} className="grid">
                  {kind === "product" ? (
                    <ProductCard item={item} />
                  ) : (
                    <ServiceCard item={item} layout={isList ? "list" : "grid"} />
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
