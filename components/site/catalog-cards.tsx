import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import type { CatalogItemContract } from "@/lib/catalog/serialize";

/** What a catalogue card shows. */
export type CatalogCardData = Pick<CatalogItemContract, "id" | "name" | "slug" | "description" | "category" | "features" | "price_from" | "currency" | "billing_period" | "image" | "is_featured">;
import { billingPeriodLabel, formatMoney, priceSuffix } from "@/lib/format";
import { CardCover } from "./media";

/** Outline icon paths (24×24) for the public service categories (spec §9). */
const SERVICE_ICONS: Record<string, string> = {
  "Business Intelligence": "M3 13.125C3 12.504 3.504 12 4.125 12h2.25c.621 0 1.125.504 1.125 1.125v6.75C7.5 20.496 6.996 21 6.375 21h-2.25A1.125 1.125 0 013 19.875v-6.75zM9.75 8.625c0-.621.504-1.125 1.125-1.125h2.25c.621 0 1.125.504 1.125 1.125v11.25c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 01-1.125-1.125V8.625zM16.5 4.125c0-.621.504-1.125 1.125-1.125h2.25C20.496 3 21 3.504 21 4.125v15.75c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 01-1.125-1.125V4.125z",
  Automatización: "M3.75 13.5l10.5-11.25L12 10.5h8.25L9.75 21.75 12 13.5H3.75z",
  Integración: "M13.19 8.688a4.5 4.5 0 011.242 7.244l-4.5 4.5a4.5 4.5 0 01-6.364-6.364l1.757-1.757m13.35-.622l1.757-1.757a4.5 4.5 0 00-6.364-6.364l-4.5 4.5a4.5 4.5 0 001.242 7.244",
  Desarrollo: "M17.25 6.75L22.5 12l-5.25 5.25m-10.5 0L1.5 12l5.25-5.25m7.5-3l-4.5 16.5",
  Consultoría: "M12 18v-5.25m0 0a6.01 6.01 0 001.5-.189m-1.5.189a6.01 6.01 0 01-1.5-.189m3.75 7.478a12.06 12.06 0 01-4.5 0m3.75 2.383a14.406 14.406 0 01-3 0M14.25 18v-.192c0-.983.658-1.823 1.508-2.316a7.5 7.5 0 10-7.517 0c.85.493 1.509 1.333 1.509 2.316V18",
};

const DEFAULT_SERVICE_ICON =
  "M11.42 15.17L17.25 21A2.652 2.652 0 0021 17.25l-5.877-5.877M11.42 15.17l2.496-3.03c.317-.384.74-.626 1.208-.766M11.42 15.17l-4.655 5.653a2.548 2.548 0 11-3.586-3.586l6.837-5.63m5.108-.233c.55-.164 1.163-.188 1.743-.14a4.5 4.5 0 004.486-6.336l-3.276 3.277a3.004 3.004 0 01-2.25-2.25l3.276-3.276a4.5 4.5 0 00-6.336 4.486c.091 1.076-.071 2.264-.904 2.95l-.102.085m-1.745 1.437L5.909 7.5H4.5L2.25 3.75l1.5-1.5L7.5 4.5v1.409l4.26 4.26m-1.745 1.437l1.837-1.84";

function ServiceIcon({ category }: { category: string | null }) {
  return (
    <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path strokeLinecap="round" strokeLinejoin="round" d={(category && SERVICE_ICONS[category]) || DEFAULT_SERVICE_ICON} />
    </svg>
  );
}

/** Service cards show at most this many features (spec §9). */
export const SERVICE_CARD_MAX_FEATURES = 3;

const cardClass =
  "group relative flex h-full flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-card transition duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-card-hover focus-within:border-brand-300";

/** The card title's link covers the whole card (one link per card for screen readers). */
const stretchedLink = "rounded after:absolute after:inset-0 after:content-[''] focus-visible:outline-offset-4";

function Price({ item }: { item: CatalogCardData }) {
  if (item.price_from === null) {
    return <p className="text-sm font-semibold text-ink-700">Precio a consultar</p>;
  }
  return (
    <p className="min-w-0 text-ink-900">
      <span className="block text-xs font-medium text-ink-600">Desde</span>
      <span className="text-xl font-bold tracking-tight whitespace-nowrap">{formatMoney(item.price_from, item.currency)}</span>{" "}
      <span className="text-sm font-medium whitespace-nowrap text-ink-600">
        {priceSuffix(item.billing_period)}
      </span>
    </p>
  );
}

function MoreArrow({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap text-brand-700">
      {children}
      <svg viewBox="0 0 20 20" className="size-4 transition-transform group-hover:translate-x-0.5" fill="currentColor">
        <path fillRule="evenodd" d="M3 10a.75.75 0 01.75-.75h10.64l-3.96-3.96a.75.75 0 111.06-1.06l5.25 5.25a.75.75 0 010 1.06l-5.25 5.25a.75.75 0 11-1.06-1.06l3.96-3.96H3.75A.75.75 0 013 10z" clipRule="evenodd" />
      </svg>
    </span>
  );
}

export function ProductCard({ item }: { item: CatalogCardData }) {
  return (
    <article className={cardClass} data-testid="product-card">
      <CardCover src={item.image} alt="" variant="product" />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap gap-2">
          {item.category && <Badge tone="brand">{item.category}</Badge>}
          <Badge tone="neutral">{billingPeriodLabel(item.billing_period)}</Badge>
        </div>
        <h3 className="mt-4 text-lg font-semibold text-ink-900">
          <Link href={`/productos/${encodeURIComponent(item.slug)}`} className={stretchedLink}>
            {item.name}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm leading-6 text-ink-600">{item.description}</p>
        <div className="mt-auto pt-6">
          <div className="flex items-end justify-between gap-4 border-t border-ink-100 pt-5">
            <Price item={item} />
            <MoreArrow>Ver detalles</MoreArrow>
          </div>
        </div>
      </div>
    </article>
  );
}

/** A service card: a grid tile, or a wide row in the list view of /servicios (`layout="list"`). */
export function ServiceCard({ item, layout = "grid" }: { item: CatalogCardData; layout?: "grid" | "list" }) {
  const features = item.features.filter((feature) => feature.trim() !== "").slice(0, SERVICE_CARD_MAX_FEATURES);
  const list = layout === "list";
  return (
    <article className={cn(cardClass, list && "sm:flex-row")} data-testid="service-card" data-layout={layout}>
      <CardCover
        src={item.image}
        alt=""
        variant="service"
        ratio="wide"
        className={list ? "sm:aspect-auto sm:w-56 sm:shrink-0 lg:w-72" : undefined}
      />
      <div className={cn("flex flex-1 flex-col p-6 sm:p-7", list && "lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] lg:gap-x-8")}>
        <div className={cn(list && "lg:col-start-1")}>
          <div className={cn("flex items-end justify-between gap-4", list && "sm:items-center")}>
            <div
              aria-hidden="true"
              className={cn(
                "relative -mt-12 grid size-12 place-items-center rounded-xl bg-brand-700 text-white shadow-md ring-4 ring-white",
                list && "sm:mt-0",
              )}
            >
              <ServiceIcon category={item.category} />
            </div>
            {item.category && <Badge tone="accent">{item.category}</Badge>}
          </div>
          <h3 className="mt-5 text-lg font-semibold text-ink-900">
            <Link href={`/servicios/${encodeURIComponent(item.slug)}`} className={stretchedLink}>
              {item.name}
            </Link>
          </h3>
          <p className={cn("mt-2 text-sm leading-6 text-ink-600", !list && "line-clamp-3")}>{item.description}</p>
        </div>
        {features.length > 0 && (
          <ul className={cn("mt-5 space-y-2.5", list && "lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:self-center")} aria-label={`Características de ${item.name}`}>
            {features.map((feature) => (
              <li key={feature} className="flex gap-2.5 text-sm text-ink-700">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-accent-700" fill="currentColor">
                  <path fillRule="evenodd" d="M16.7 4.15a.75.75 0 01.14 1.05l-8 10.5a.75.75 0 01-1.12.08l-4.5-4.5a.75.75 0 111.06-1.06l3.9 3.9 7.47-9.8a.75.75 0 011.05-.17z" clipRule="evenodd" />
                </svg>
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        )}
        <div className={cn("mt-auto flex items-end justify-between gap-4 pt-6", list && "lg:col-start-1 lg:pt-5")}>
          {item.price_from !== null ? <Price item={item} /> : <span />}
          <MoreArrow>Más información</MoreArrow>
        </div>
      </div>
    </article>
  );
}
