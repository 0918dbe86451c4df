import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { CatalogCardItem } from "@/lib/catalog/queries";
import { billingPeriodLabel, billingPeriodSuffix, formatMoney } from "@/lib/format";
import { CardCover } from "./media";

/** Service cards show at most this many features (spec §9). */
export const SERVICE_CARD_MAX_FEATURES = 3;

const cardClass =
  "group relative flex h-full flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-card transition duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-card-hover focus-within:border-brand-300";

/** The card title's link covers the whole card (one link per card for screen readers). */
const stretchedLink = "rounded after:absolute after:inset-0 after:content-[''] focus-visible:outline-offset-4";

function Price({ item }: { item: CatalogCardItem }) {
  if (item.priceFrom === null) {
    return <p className="text-sm font-semibold text-ink-700">Precio a consultar</p>;
  }
  const suffix = billingPeriodSuffix(item.billingPeriod);
  return (
    <p className="min-w-0 text-ink-900">
      <span className="block text-xs font-medium text-ink-600">Desde</span>
      <span className="text-xl font-bold tracking-tight whitespace-nowrap">{formatMoney(item.priceFrom, item.currency)}</span>{" "}
      <span className="text-sm font-medium whitespace-nowrap text-ink-600">
        {item.billingPeriod === "one_time" ? suffix : `/ ${suffix}`}
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

export function ProductCard({ item }: { item: CatalogCardItem }) {
  return (
    <article className={cardClass} data-testid="product-card">
      <CardCover src={item.image} alt="" variant="product" />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap gap-2">
          {item.category && <Badge tone="brand">{item.category}</Badge>}
          <Badge tone="neutral">{billingPeriodLabel(item.billingPeriod)}</Badge>
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

export function ServiceCard({ item }: { item: CatalogCardItem }) {
  const features = item.features.filter((feature) => feature.trim() !== "").slice(0, SERVICE_CARD_MAX_FEATURES);
  return (
    <article className={cardClass} data-testid="service-card">
      <div className="flex flex-1 flex-col p-6 sm:p-7">
        <div className="flex items-start justify-between gap-4">
          <div aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-700 text-white shadow-sm">
            <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.6">
              <path strokeLinecap="round" strokeLinejoin="round" d="M9.594 3.94c.09-.542.56-.94 1.11-.94h2.593c.55 0 1.02.398 1.11.94l.213 1.281c.063.374.313.686.645.87.074.04.147.083.22.127.325.196.72.257 1.075.124l1.217-.456a1.125 1.125 0 011.37.49l1.296 2.247a1.125 1.125 0 01-.26 1.431l-1.003.827c-.293.241-.438.613-.43.992a7.723 7.723 0 010 .255c-.008.378.137.75.43.991l1.004.827c.424.35.534.955.26 1.43l-1.298 2.247a1.125 1.125 0 01-1.369.491l-1.217-.456c-.355-.133-.75-.072-1.076.124a6.47 6.47 0 01-.22.128c-.331.183-.581.495-.644.869l-.213 1.281c-.09.543-.56.94-1.11.94h-2.594c-.55 0-1.019-.398-1.11-.94l-.213-1.281c-.062-.374-.312-.686-.644-.87a6.52 6.52 0 01-.22-.127c-.325-.196-.72-.257-1.076-.124l-1.217.456a1.125 1.125 0 01-1.369-.49l-1.297-2.247a1.125 1.125 0 01.26-1.431l1.004-.827c.292-.24.437-.613.43-.991a6.932 6.932 0 010-.255c.007-.38-.138-.751-.43-.992l-1.004-.827a1.125 1.125 0 01-.26-1.43l1.297-2.247a1.125 1.125 0 011.37-.491l1.216.456c.356.133.751.072 1.076-.124.072-.044.146-.086.22-.128.332-.183.582-.495.644-.869l.214-1.28z M15 12a3 3 0 11-6 0 3 3 0 016 0z" />
            </svg>
          </div>
          {item.category && <Badge tone="accent">{item.category}</Badge>}
        </div>
        <h3 className="mt-5 text-lg font-semibold text-ink-900">
          <Link href={`/servicios/${encodeURIComponent(item.slug)}`} className={stretchedLink}>
            {item.name}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm leading-6 text-ink-600">{item.description}</p>
        {features.length > 0 && (
          <ul className="mt-5 space-y-2.5" aria-label={`Características de ${item.name}`}>
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
        <div className="mt-auto flex items-end justify-between gap-4 pt-6">
          {item.priceFrom !== null ? <Price item={item} /> : <span />}
          <MoreArrow>Más información</MoreArrow>
        </div>
      </div>
    </article>
  );
}
